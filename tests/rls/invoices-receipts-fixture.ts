/**
 * The common setup of the money RLS files (invoices-receipts.test.ts, payments.test.ts,
 * money-access.test.ts): the usual actors, the `letters` probe and the matrix printed after the
 * file, and drafts and issued documents owned by the staff actor, named with the file's tag.
 * Issued documents and payments stay afterwards (they are never deleted); drafts and the test
 * users go. Call once at the top of a file.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { type InvoiceLine, invoiceWithLines } from "#tests/support/invoices.ts";
import { deleteTestUser, serviceClient } from "#tests/support/supabase.ts";
import {
  type Actor,
  type ActorName,
  createActors,
  type MatrixRow,
  matrixProbe,
  must,
  renderMatrix,
} from "./support.ts";

export type Line = InvoiceLine;

export const COMMISSION: Line = {
  description: "Commission: sale of 3-bedroom house, East Legon",
  quantity: 1,
  unit_price: "12500.00",
  tax_class: "standard",
};
export const EXEMPT_RENT: Line = {
  description: "Residential rent collected (exempt)",
  quantity: 2,
  unit_price: "1750.00",
  tax_class: "exempt",
};

export function moneyFixture() {
  const service = serviceClient();
  const tag = crypto.randomUUID().slice(0, 8);
  // Filled in place by beforeAll, so files may destructure it at the top.
  const actors = {} as Record<ActorName, Actor>;
  const printed: MatrixRow[] = [];
  const letters = matrixProbe(() => actors, printed);
  const staffId = () => actors.staff.user!.id;

  beforeAll(async () => {
    Object.assign(actors, await createActors());
  }, 60_000);

  afterAll(async () => {
    await service.from("invoices").delete().like("bill_to_name", `%${tag}%`).eq("status", "draft");
    for (const a of Object.values(actors))
      if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id).catch(() => undefined);
    if (printed.length) console.log(`\nMoney RLS (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
  });

  /** A draft owned by staff, with its lines (secret key). */
  const fields = (extra: Record<string, unknown>) => ({
    bill_to_name: `Money RLS ${tag}`,
    bill_to_email: `client-${tag}@example.com`,
    owner_id: staffId(),
    ...extra,
  });

  async function draft(lines: Line[], extra: Record<string, unknown> = {}): Promise<string> {
    return (await invoiceWithLines(fields(extra), lines)).id;
  }

  async function issued(
    lines: Line[],
    extra: Record<string, unknown> = {},
  ): Promise<{ id: string; number: string }> {
    const { id, number } = await invoiceWithLines(fields(extra), lines, { issue: true });
    return { id, number: number! };
  }

  async function invoice(id: string) {
    return (await must(
      service
        .from("invoices")
        .select("number, status, subtotal, tax_total, total, amount_paid, amount_credited, updated_at")
        .eq("id", id)
        .single(),
      "read invoice",
    )) as {
      number: string | null;
      status: string;
      subtotal: number;
      tax_total: number;
      total: number;
      amount_paid: number;
      amount_credited: number;
      updated_at: string;
    };
  }

  return { service, tag, actors, letters, staffId, draft, issued, invoice };
}
