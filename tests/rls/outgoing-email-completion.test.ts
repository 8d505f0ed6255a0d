/**
 * complete_outgoing_emails as one statement (migration 20261129300100): the delivery job's report
 * of many sends keeps complete_outgoing_email's rules, judged by the rows afterwards (secret key):
 * delivered → sent (also from a stale claim: the mail did go out) and never twice; a transient
 * failure of the current claim → pending with a back-off; a stale claim's failure → ignored (null);
 * throttled → pending at the given time without spending the attempt; permanent → failed; the
 * fifth attempt's failure → failed; an unknown id → null. Only the secret key may call it.
 * The rows are 'sending' with a lease far ahead, so no running delivery job claims them.
 */
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { must } from "./support.ts";

const { service, tag, letters, cleanup } = rlsFile("Outgoing e-mail completion");

cleanup.push(async () => {
  await service.from("outgoing_emails").delete().like("dedup_key", `completion/${tag}/%`);
});

type Row = {
  id: string;
  status: string;
  attempts: number;
  not_before: string;
  sent_at: string | null;
  last_error: string | null;
  lease_until: string | null;
};

async function claimed(name: string, attempts = 1, status = "sending"): Promise<string> {
  const row = (await must(
    service
      .from("outgoing_emails")
      .insert({
        to_address: `${name}.${tag}@example.com`,
        subject: "Viewing on Saturday",
        html: "<p>Saturday</p>",
        kind: "notification",
        status,
        attempts,
        lease_until: new Date(Date.now() + 3_600_000).toISOString(),
        dedup_key: `completion/${tag}/${name}`,
      })
      .select("id")
      .single(),
    `seed ${name}`,
  )) as { id: string };
  return row.id;
}

const rowOf = async (id: string) =>
  (
    await service
      .from("outgoing_emails")
      .select("id, status, attempts, not_before, sent_at, last_error, lease_until")
      .eq("id", id)
      .single()
  ).data as Row;

describe("complete_outgoing_emails", () => {
  it("records a whole report in one call with one mail's rules", async () => {
    const ids = {
      delivered: await claimed("delivered"),
      transient: await claimed("transient", 2),
      stale: await claimed("stale", 3),
      throttled: await claimed("throttled", 2),
      permanent: await claimed("permanent"),
      last: await claimed("last", 5),
      already: await claimed("already", 1, "sent"),
    };
    const unknown = crypto.randomUUID();
    const before = Date.now();
    const answer = (await must(
      service.rpc("complete_outgoing_emails", {
        results: [
          { id: ids.delivered, delivered: true, claimed_attempt: 1 },
          { id: ids.transient, delivered: false, error: "outbox 503", claimed_attempt: 2 },
          { id: ids.stale, delivered: false, error: "late report", claimed_attempt: 2 },
          {
            id: ids.throttled,
            delivered: false,
            error: "outbox 429",
            claimed_attempt: 2,
            retry_after_seconds: 30,
          },
          { id: ids.permanent, delivered: false, error: "outbox 422", claimed_attempt: 1, permanent: true },
          { id: ids.last, delivered: false, error: "outbox 503", claimed_attempt: 5 },
          { id: ids.already, delivered: true, claimed_attempt: 1 },
          { id: unknown, delivered: true },
        ],
      }),
      "complete",
    )) as { id: string; status: string | null }[];
    expect(Object.fromEntries(answer.map((a) => [a.id, a.status]))).toEqual({
      [ids.delivered]: "sent",
      [ids.transient]: "pending",
      [ids.stale]: null,
      [ids.throttled]: "pending",
      [ids.permanent]: "failed",
      [ids.last]: "failed",
      [ids.already]: null,
      [unknown]: null,
    });

    expect(await rowOf(ids.delivered)).toMatchObject({
      status: "sent",
      lease_until: null,
      sent_at: expect.any(String),
    });
    const transient = await rowOf(ids.transient);
    // Second attempt failed: back off 2 minutes, the attempt counted.
    expect(transient).toMatchObject({
      status: "pending",
      attempts: 2,
      last_error: "outbox 503",
      lease_until: null,
    });
    expect(Date.parse(transient.not_before) - before).toBeGreaterThan(100_000);
    expect(await rowOf(ids.stale)).toMatchObject({ status: "sending", attempts: 3, last_error: null });
    const throttled = await rowOf(ids.throttled);
    expect(throttled).toMatchObject({ status: "pending", attempts: 1, last_error: "outbox 429" });
    expect(Date.parse(throttled.not_before) - before).toBeGreaterThan(25_000);
    expect(Date.parse(throttled.not_before) - before).toBeLessThan(90_000);
    expect(await rowOf(ids.permanent)).toMatchObject({ status: "failed", attempts: 1 });
    expect(await rowOf(ids.last)).toMatchObject({ status: "failed", attempts: 5 });
  });

  it("only the secret key reports outcomes", async () => {
    const id = await claimed("forged");
    expect(
      await letters("complete_outgoing_emails · as the actor", async (a) => {
        await a.client.rpc("complete_outgoing_emails", { results: [{ id, delivered: true }] });
        return (await rowOf(id)).status === "sent";
      }),
    ).toBe("NNNNNNN");
  });
});
