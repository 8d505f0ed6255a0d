/**
 * The emulator outbox's batch endpoint (POST /_outbox/api/send-batch), which the delivery job uses
 * for mail without attachments, over real HTTP with the secret key: each message is checked,
 * faulted and de-duplicated by its own idempotency key as a single send would be, and answered in
 * order — so a batch sent again after a crash, grouped differently, stores nothing twice.
 */
import { describe, expect, it } from "vitest";
import {
  OUTBOX_FAULTS_PATH,
  OUTBOX_MESSAGES_PATH,
  OUTBOX_SEND_BATCH_PATH,
  outboxBatchAnswerSchema,
} from "#core/schemas/email.ts";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, SUPABASE_URL } from "#scripts/local-env.ts";

const tag = crypto.randomUUID().slice(0, 8);
const address = (n: string) => `${n}.${tag}@example.com`;
const mail = (to: string) => ({
  from: "Ghana Realty <hello@ghanarealty.com>",
  to,
  subject: `Open house ${tag}`,
  html: "<p>Saturday, East Legon</p>",
  text: "Saturday, East Legon",
  kind: "marketing",
});
const post = (path: string, body: unknown, key = SUPABASE_SECRET_KEY) =>
  fetch(`${SUPABASE_URL}${path}`, {
    method: "POST",
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const mailsTo = async (to: string) =>
  (
    (await (await fetch(`${SUPABASE_URL}${OUTBOX_MESSAGES_PATH}?to=${encodeURIComponent(to)}`)).json()) as {
      messages: { idempotency_key: string }[];
    }
  ).messages;

describe("POST /_outbox/api/send-batch", () => {
  it("answers each message in order, stores each key once, and refuses only the bad or faulted ones", async () => {
    expect(
      (
        await post(OUTBOX_FAULTS_PATH, {
          to: address("kofi"),
          status: 429,
          message: "Slow down",
          retry_after: 9,
        })
      ).status,
    ).toBe(201);
    const batch = {
      messages: [
        { idempotency_key: `batch/${tag}/ama`, message: mail(address("ama")) },
        { idempotency_key: `batch/${tag}/bad`, message: { ...mail("not an address"), html: "" } },
        { idempotency_key: `batch/${tag}/kofi`, message: mail(address("kofi")) },
        { idempotency_key: `batch/${tag}/efua`, message: mail(address("efua")) },
      ],
    };
    const res = await post(OUTBOX_SEND_BATCH_PATH, batch);
    expect(res.status).toBe(200);
    const { results } = outboxBatchAnswerSchema.parse(await res.json());
    expect(results).toHaveLength(4);
    expect(results[0]).toEqual({ id: expect.any(String) });
    expect(results[1]).toMatchObject({ statusCode: 422, name: "validation_error" });
    expect(results[2]).toEqual({
      statusCode: 429,
      name: "simulated_failure",
      message: "Slow down",
      retry_after: 9,
    });
    expect(results[3]).toEqual({ id: expect.any(String) });

    // Sent again, regrouped (after a crash the next run claims differently): nothing stored twice.
    const again = await post(OUTBOX_SEND_BATCH_PATH, {
      messages: [batch.messages[3], batch.messages[2], batch.messages[0]],
    });
    const replay = outboxBatchAnswerSchema.parse(await again.json()).results;
    expect(replay[0]).toEqual(results[3]);
    expect(replay[1]).toEqual({ id: expect.any(String) });
    expect(replay[2]).toEqual(results[0]);
    for (const n of ["ama", "kofi", "efua"])
      expect((await mailsTo(address(n))).map((m) => m.idempotency_key)).toEqual([`batch/${tag}/${n}`]);
  });

  it("takes only the secret key and a well-formed batch of at most 100", async () => {
    const one = { messages: [{ idempotency_key: `batch/${tag}/x`, message: mail(address("x")) }] };
    expect((await post(OUTBOX_SEND_BATCH_PATH, one, SUPABASE_PUBLISHABLE_KEY)).status).toBe(403);
    expect((await post(OUTBOX_SEND_BATCH_PATH, { messages: [] })).status).toBe(422);
    const tooMany = {
      messages: Array.from({ length: 101 }, (_, i) => ({
        idempotency_key: `batch/${tag}/m${i}`,
        message: mail(address(`m${i}`)),
      })),
    };
    expect((await post(OUTBOX_SEND_BATCH_PATH, tooMany)).status).toBe(422);
    expect(
      (
        await post(OUTBOX_SEND_BATCH_PATH, {
          messages: [{ idempotency_key: "has space", message: mail(address("y")) }],
        })
      ).status,
    ).toBe(422);
    expect(await mailsTo(address("x"))).toEqual([]);
  });
});
