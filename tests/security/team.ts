/**
 * People and records for the record-level findings: staff members and an admin as
 * supabase-js clients signed in like the SPA, and documents made with the secret key exactly as
 * the money screens would leave them. Every test file makes its own, with a tag in the names.
 */
import crypto from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import {
  createTestUser,
  deleteTestUser,
  must,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { type InvoiceLine, invoiceWithLines } from "../support/invoices.ts";

export const service = serviceClient();

export interface Member extends TestUser {
  client: SupabaseClient;
}

/** A fresh member with a role, signed in. */
export async function member(role: "staff" | "admin"): Promise<Member> {
  const user = await createTestUser({ role });
  return { ...user, client: await signedInClient(user.email, user.password) };
}

export async function removeMembers(...members: (Member | undefined)[]): Promise<void> {
  for (const m of members) if (m) await deleteTestUser(m.id);
}

export const newTag = () => crypto.randomUUID().slice(0, 8);

/** Seeding calls here and in the files that use these members must succeed. */
export { must };

export type DocumentLine = InvoiceLine;

/** A draft owned by `ownerId` with its lines (secret key); `issue` gives it its number. */
export function invoiceOf(
  ownerId: string,
  billTo: string,
  lines: DocumentLine[],
  opts: { issue?: boolean; assigneeId?: string; email?: string } = {},
): Promise<{ id: string; number: string | null }> {
  const fields = {
    bill_to_name: billTo,
    bill_to_email: opts.email ?? null,
    owner_id: ownerId,
    assignee_id: opts.assigneeId ?? null,
  };
  return invoiceWithLines(fields, lines, { issue: opts.issue });
}

/** A contact owned by `ownerId` (secret key). */
export async function contactOf(ownerId: string, fields: Record<string, unknown>): Promise<{ id: string }> {
  const row = await must(
    service
      .from("contacts")
      .insert({ kind: "person", owner_id: ownerId, ...fields })
      .select("id")
      .single(),
    "contact",
  );
  return row as { id: string };
}
