/**
 * The outgoing-email queue's delivery RPCs as the delivery job calls them (secret key), per the
 * fixes of migration 20261124300000_outgoing_email_delivery.sql:
 *   - a row stranded in 'sending' on its last attempt is failed by the next claim;
 *   - a failure report from a claim that is no longer current changes nothing, "delivered" sticks;
 *   - a throttled hand-back spends no attempt, a permanent refusal fails at once;
 *   - dedup_key queues one logical mail once; a notification copy has no empty parts.
 * Rows are shaped directly with the secret key (what a run would have left), so no test here
 * claims other suites' mail except in the stranded-row case, which hands it straight back.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { queueRow, type QueueRow } from "#tests/support/outgoing-emails.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const rowIds: string[] = [];
const users: TestUser[] = [];

const row = (id: string) => queueRow("id", id);

/** A queued mail in the state a delivery run would have left it (never due for anyone else unless asked). */
async function queuedMail(state: Partial<QueueRow> & { dedup_key?: string } = {}): Promise<string> {
  const { data, error } = await service
    .from("outgoing_emails")
    .insert({
      to_address: `queue-${tag}@tests.example`,
      subject: `Queue test ${tag}`,
      html: "<p>x</p>",
      not_before: new Date(Date.now() + 3_600_000).toISOString(),
      ...state,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  rowIds.push((data as { id: string }).id);
  return (data as { id: string }).id;
}

const complete = (args: Record<string, unknown>) => service.rpc("complete_outgoing_email", args);
const secondsFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / 1000;

afterAll(async () => {
  if (rowIds.length) await service.from("outgoing_emails").delete().in("id", rowIds);
  for (const u of users) await deleteTestUser(u.id);
});

describe("outgoing_emails delivery RPCs (secret key)", () => {
  it("claim fails a row stranded in 'sending' on its last attempt (it used to stay there for ever)", async () => {
    const id = await queuedMail({
      status: "sending",
      attempts: 5,
      lease_until: new Date(Date.now() - 1_000).toISOString(),
      not_before: new Date(Date.now() - 60_000).toISOString(),
      last_error: "outbox 503",
    });
    const claimed = await service.rpc("claim_outgoing_emails", { batch_size: 1, lease_seconds: 10 });
    expect(claimed.error).toBeNull();
    // Whatever else was due and got claimed goes straight back, uncounted.
    for (const other of (claimed.data ?? []) as { id: string; attempts: number }[])
      await complete({
        email_id: other.id,
        delivered: false,
        error: "handed back by a test",
        claimed_attempt: other.attempts,
        retry_after_seconds: 1,
      });
    expect(await row(id)).toMatchObject({
      status: "failed",
      lease_until: null,
      last_error: expect.stringMatching(/did not finish \(its lease expired\); before that: outbox 503/),
    });
  });

  it("a failure report from a claim that is no longer current changes nothing; 'delivered' always sticks", async () => {
    const id = await queuedMail({
      status: "sending",
      attempts: 2,
      lease_until: new Date(Date.now() + 60_000).toISOString(),
    });
    const stale = await complete({
      email_id: id,
      delivered: false,
      error: "late report of attempt 1",
      claimed_attempt: 1,
    });
    expect(stale).toMatchObject({ error: null, data: null });
    expect(await row(id)).toMatchObject({ status: "sending", attempts: 2 });

    const current = await complete({
      email_id: id,
      delivered: false,
      error: "outbox 503",
      claimed_attempt: 2,
    });
    expect(current.data).toBe("pending");
    const backedOff = await row(id);
    expect(backedOff).toMatchObject({
      status: "pending",
      attempts: 2,
      lease_until: null,
      last_error: "outbox 503",
    });
    expect(secondsFromNow(backedOff.not_before), "second attempt → 2 minutes").toBeGreaterThan(110);
    expect(secondsFromNow(backedOff.not_before)).toBeLessThan(125);

    expect(
      (await complete({ email_id: id, delivered: false, error: "again" })).data,
      "not claimed: no report applies",
    ).toBeNull();
    // A slow run that did get the mail out reports it late: recorded, whatever the state.
    expect((await complete({ email_id: id, delivered: true, claimed_attempt: 1 })).data).toBe("sent");
    expect((await complete({ email_id: id, delivered: false, error: "stale failure" })).data).toBeNull();
    const sent = await row(id);
    expect(sent).toMatchObject({ status: "sent", last_error: "outbox 503" });
    expect(sent.sent_at).not.toBeNull();
  });

  it("a throttled hand-back spends no attempt; a permanent refusal fails at once; the fifth failure fails", async () => {
    const throttled = await queuedMail({
      status: "sending",
      attempts: 1,
      lease_until: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(
      (
        await complete({
          email_id: throttled,
          delivered: false,
          error: "resend 429 rate_limit_exceeded",
          claimed_attempt: 1,
          retry_after_seconds: 30,
        })
      ).data,
    ).toBe("pending");
    const r = await row(throttled);
    expect(r).toMatchObject({ attempts: 0, last_error: "resend 429 rate_limit_exceeded" });
    expect(secondsFromNow(r.not_before)).toBeGreaterThan(25);
    expect(secondsFromNow(r.not_before)).toBeLessThan(35);

    const refused = await queuedMail({
      status: "sending",
      attempts: 1,
      lease_until: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(
      (
        await complete({
          email_id: refused,
          delivered: false,
          error: "resend 422 validation_error",
          claimed_attempt: 1,
          permanent: true,
        })
      ).data,
    ).toBe("failed");

    const fifth = await queuedMail({
      status: "sending",
      attempts: 5,
      lease_until: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(
      (await complete({ email_id: fifth, delivered: false, error: "outbox 503", claimed_attempt: 5 })).data,
    ).toBe("failed");
  });

  it("dedup_key queues one logical mail once", async () => {
    const key = `booking-reminder/${crypto.randomUUID()}`;
    const first = await queuedMail({ dedup_key: key });
    const again = await service
      .from("outgoing_emails")
      .upsert(
        {
          to_address: `queue-${tag}@tests.example`,
          subject: `Queue test ${tag}`,
          html: "<p>x</p>",
          dedup_key: key,
        },
        { onConflict: "dedup_key", ignoreDuplicates: true },
      )
      .select("id");
    expect(again.error).toBeNull();
    expect(again.data).toEqual([]);
    const rows = await service.from("outgoing_emails").select("id").eq("dedup_key", key);
    expect(rows.data).toEqual([{ id: first }]);
  });

  it("a notification without a body or link gets a copy without empty parts", async () => {
    const user = await createTestUser({ role: "staff" });
    users.push(user);
    await service.from("user_settings").upsert({ user_id: user.id, email_deals: true });
    const staff = await signedInClient("staff@demo.test");
    const me = (await staff.auth.getUser()).data.user!.id;
    const id = crypto.randomUUID();
    expect(
      (
        await staff
          .from("notifications")
          .insert({ id, user_id: user.id, kind: "deal_won", title: `Bare ${tag}`, actor_id: me })
      ).error,
    ).toBeNull();
    const { data } = await service
      .from("outgoing_emails")
      .select("id, html, text_body, dedup_key")
      .eq("notification_id", id)
      .single();
    const copy = data as { id: string; html: string; text_body: string; dedup_key: string };
    rowIds.push(copy.id);
    expect(copy.html).toBe(`<p>Bare ${tag}</p>`);
    expect(copy.text_body).toBe(`Bare ${tag}`);
    expect(copy.dedup_key).toBe(`notification/${id}`);
  });
});
