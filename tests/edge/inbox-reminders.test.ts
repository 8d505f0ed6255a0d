/**
 * Issue 13 item 2, the reminder a day before, on the running stack (the edge worker's JobRunner,
 * the emulator's Postgres and outbox, real HTTP): a consultation and a viewing confirmed days ago
 * that start within 24 hours each get exactly one "Reminder" e-mail after POST /api/jobs/kick —
 * and still exactly one after two more complete runs of the `appointment-mail` job. An
 * appointment confirmed less than a day before it starts gets no reminder (its confirmation said it all).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_MESSAGES_PATH } from "#core/schemas/email.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { waitUntil } from "../support/wait.ts";
import { kickAndAwaitRun, kickJobs } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const address = (name: string) => `${name}.${tag}@example.com`;
const HOUR = 3_600_000;
let host: TestUser;
let admin: TestUser;
const tokens = { host: "", admin: "" };
const ids = { consultations: [] as string[], bookings: [] as string[] };

const kick = () => kickJobs(tokens.host);

/** Waits for `probe`, kicking the runner now and then (the first kick may land while a run is in progress). */
function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  let asked = 0;
  return waitUntil(
    what,
    async () => {
      if (++asked % 10 === 0) await kick();
      return probe();
    },
    { timeoutMs: 45_000, intervalMs: 300 },
  );
}

async function subjectsTo(to: string): Promise<string[]> {
  const res = await fetch(`${SUPABASE_URL}${OUTBOX_MESSAGES_PATH}?to=${encodeURIComponent(to)}&limit=50`);
  return ((await res.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject);
}

/** Kicks the runner and waits for a whole `appointment-mail` run that started after the kick. */
const oneMoreRun = () => kickAndAwaitRun(tokens.host, tokens.admin, "appointment-mail");

/** An appointment confirmed at `confirmedHoursAgo` (the booking path's trigger stamps now; the test moves it back). */
async function confirmed(
  table: "consultations" | "bookings",
  who: string,
  startsInHours: number,
  confirmedHoursAgo: number,
): Promise<string> {
  const starts = new Date(Math.ceil((Date.now() + startsInHours * HOUR) / 600_000) * 600_000);
  const common = {
    full_name: who,
    email: address(who.split(" ")[0]!.toLowerCase()),
    phone: "+233 24 555 0101",
    consent_at: new Date().toISOString(),
    status: "confirmed",
    assignee_id: host.id,
    starts_at: starts.toISOString(),
    preferred_date: starts.toISOString().slice(0, 10),
    time_slot: starts.toISOString().slice(11, 16),
  };
  const { data, error } =
    table === "consultations"
      ? await service
          .from("consultations")
          .insert({ ...common, service: "property-buying", meeting_mode: "phone" })
          .select("id")
          .single()
      : await service
          .from("bookings")
          .insert({ ...common, property_slug: `reminder-test-${tag}` })
          .select("id")
          .single();
  if (error) throw new Error(`${table}: ${error.message}`);
  const id = (data as { id: string }).id;
  ids[table].push(id);
  const moved = await service
    .from(table)
    .update({ confirmed_at: new Date(Date.now() - confirmedHoursAgo * HOUR).toISOString() })
    .eq("id", id);
  if (moved.error) throw new Error(moved.error.message);
  return id;
}

beforeAll(async () => {
  [host, admin] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "admin" })]);
  tokens.host = (await (await signedInClient(host.email, host.password)).auth.getSession()).data
    .session!.access_token;
  tokens.admin = (await (await signedInClient(admin.email, admin.password)).auth.getSession()).data
    .session!.access_token;
});

afterAll(async () => {
  for (const table of ["consultations", "bookings"] as const) {
    if (!ids[table].length) continue;
    await service.from("appointment_notices").delete().eq("record_table", table).in("record_id", ids[table]);
    await service.from(table).delete().in("id", ids[table]);
  }
  await service.from("outgoing_emails").delete().like("to_address", `%.${tag}@example.com`);
  await Promise.all([host, admin].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

describe("the appointment reminder a day before", () => {
  it("is mailed once per appointment, never twice, and not for one confirmed less than a day ahead", async () => {
    const consultation = await confirmed("consultations", `Adwoa Boateng ${tag}`, 20, 72);
    const viewing = await confirmed("bookings", `Fiifi Amoah ${tag}`, 23, 48);
    await confirmed("consultations", `Nana Addo ${tag}`, 10, 0);

    expect((await kick()).status).toBe(202);
    for (const who of ["adwoa", "fiifi"]) {
      await waitFor(`the reminder to ${who}`, async () =>
        (await subjectsTo(address(who))).some((s) => s.startsWith("Reminder: ")),
      );
    }
    // Two more complete runs of the job: nothing new is queued or sent.
    await oneMoreRun();
    await oneMoreRun();
    await waitFor("the outgoing queue to drain", async () => {
      const { data } = await service
        .from("outgoing_emails")
        .select("status")
        .like("to_address", `%.${tag}@example.com`)
        .neq("status", "sent");
      return data?.length === 0;
    });

    const reminders = async (who: string) =>
      (await subjectsTo(address(who))).filter((s) => s.startsWith("Reminder: "));
    expect(await reminders("adwoa")).toEqual([expect.stringMatching(/^Reminder: .* tomorrow, /)]);
    expect(await reminders("fiifi")).toEqual([expect.stringMatching(/^Reminder: .* tomorrow, /)]);
    // The one confirmed ten hours ahead had its confirmation and no reminder.
    expect(await subjectsTo(address("nana"))).toEqual([expect.stringMatching(/^Confirmed: /)]);

    const notices = await service
      .from("appointment_notices")
      .select("record_id, processed_at, last_error")
      .eq("kind", "reminder")
      .in("record_id", [consultation, viewing]);
    expect(notices.data).toHaveLength(2);
    for (const n of notices.data as { processed_at: string | null; last_error: string | null }[]) {
      expect(n.processed_at).not.toBeNull();
      expect(n.last_error).toBeNull();
    }
  }, 120_000);
});
