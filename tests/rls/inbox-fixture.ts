/**
 * The common setup of the inboxes' RLS files (inbox.test.ts, inbox-booking.test.ts): the usual
 * actors, the `letters` probe and the matrix printed after the file, contact submissions named
 * with the file's tag, and the cleanup of what the file made (submissions, converted contacts and
 * their deals, event types, holidays, templates). Call once at the top of a file.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { deleteTestUser, serviceClient } from "#tests/support/supabase.ts";
import {
  createActors,
  matrixProbe,
  must,
  renderMatrix,
  type Actor,
  type ActorName,
  type MatrixRow,
} from "./support.ts";

export function inboxFixture() {
  const service = serviceClient();
  const tag = crypto.randomUUID().slice(0, 8);
  // Filled in place by beforeAll, so files may destructure it at the top.
  const actors = {} as Record<ActorName, Actor>;
  const printed: MatrixRow[] = [];
  const letters = matrixProbe(() => actors, printed);
  const count = async (q: PromiseLike<{ data: unknown[] | null }>) => ((await q).data ?? []).length;

  let phoneSeq = Math.floor(Math.random() * 9_000_000);
  const typedPhone = () => {
    phoneSeq = (phoneSeq + 7919) % 10_000_000;
    const n = String(phoneSeq).padStart(7, "0");
    return `024 ${n.slice(0, 3)} ${n.slice(3)}`;
  };

  async function seedSubmission(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const row = (await must(
      service
        .from("contact_submissions")
        .insert({
          full_name: `${name} Rls${tag}`,
          email: `${name.toLowerCase()}.${tag}@example.com`,
          phone: typedPhone(),
          message: `Hello from ${name}`,
          consent_at: new Date().toISOString(),
          ...extra,
        })
        .select("id")
        .single(),
      `seed ${name}`,
    )) as { id: string };
    return row.id;
  }

  beforeAll(async () => {
    Object.assign(actors, await createActors());
  }, 60_000);

  afterAll(async () => {
    await service.from("contact_submissions").delete().like("full_name", `%Rls${tag}`);
    const { data } = await service.from("contacts").select("id").like("last_name", `%Rls${tag}%`);
    const ids = (data ?? []).map((r: { id: string }) => r.id);
    if (ids.length) {
      await service.from("deals").delete().in("contact_id", ids);
      await service.from("contacts").delete().in("id", ids);
    }
    await service.from("booking_event_types").delete().like("slug", `%-${tag}%`);
    await service.from("public_holidays").delete().like("name", `%${tag}%`);
    await service.from("inbox_reply_templates").delete().like("name", `%${tag}%`);
    for (const a of Object.values(actors ?? {}))
      if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id);
    if (printed.length)
      console.log(`\nInboxes and scheduling RLS (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
  });

  return { service, tag, actors, letters, count, typedPhone, seedSubmission };
}
