/**
 * The common setup of the business contacts' RLS files (business-contacts.test.ts,
 * business-contacts-merge.test.ts): the usual actors, the `letters` probe and the matrix printed after
 * the file, contacts owned by the staff actor and named with the file's tag, unique typed phones,
 * the contacts module's access mode, and the cleanup (own mode again, the file's contacts and
 * their deals). Call once at the top of a file.
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

export function contactsFixture() {
  const service = serviceClient();
  const tag = crypto.randomUUID().slice(0, 8);
  // Filled in place by beforeAll, so files may destructure it at the top.
  const actors = {} as Record<ActorName, Actor>;
  const printed: MatrixRow[] = [];
  const letters = matrixProbe(() => actors, printed);
  const SALE = "00000000-0000-4000-d100-000000000001";
  const SALE_NEW = "00000000-0000-4000-d200-000000000101";

  /** A unique Ghana mobile number per call (MTN 024 range), as typed by people. */
  let phoneSeq = Math.floor(Math.random() * 9_000_000);
  const typedPhone = () => {
    phoneSeq = (phoneSeq + 7919) % 10_000_000;
    const n = String(phoneSeq).padStart(7, "0");
    return `024 ${n.slice(0, 3)} ${n.slice(3)}`;
  };
  const e164 = (typed: string) => `+233${typed.replace(/\D/g, "").slice(1)}`;

  const person = (name: string, extra: Record<string, unknown> = {}) => ({
    first_name: name,
    last_name: `Rls-${tag}`,
    ...extra,
  });

  async function seedContact(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const row = (await must(
      service
        .from("contacts")
        .insert(person(name, { owner_id: actors.staff.user!.id, ...extra }))
        .select("id")
        .single(),
      `seed ${name}`,
    )) as { id: string };
    return row.id;
  }
  const exists = async (table: string, column: string, value: string) =>
    ((await service.from(table).select(column).eq(column, value)).data ?? []).length === 1;
  async function setMode(mode: "own" | "all") {
    await must(
      service.from("module_access").update({ mode }).eq("module", "contacts").select(),
      "set contacts mode",
    );
  }

  beforeAll(async () => {
    Object.assign(actors, await createActors());
  }, 60_000);

  afterAll(async () => {
    await setMode("own");
    const { data } = await service.from("contacts").select("id").eq("last_name", `Rls-${tag}`);
    const ids = (data ?? []).map((r: { id: string }) => r.id);
    if (ids.length) {
      await service.from("deals").delete().in("contact_id", ids);
      await service.from("contacts").delete().in("id", ids);
    }
    await service.from("contacts").delete().like("company_name", `%${tag}%`);
    for (const a of Object.values(actors ?? {}))
      if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id);
    if (printed.length)
      console.log(`\nBusiness contacts RLS (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
  });

  return {
    service,
    tag,
    actors,
    letters,
    SALE,
    SALE_NEW,
    typedPhone,
    e164,
    person,
    seedContact,
    exists,
    setMode,
  };
}
