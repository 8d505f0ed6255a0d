/**
 * Marketing mail's edge endpoints in workerd, up to the database (the database side runs in
 * tests/rls/email-marketing-sending.test.ts and tests/edge/email-marketing.test.ts): the webhook
 * refuses unsigned, badly signed, stale and malformed posts and ignores event types that change
 * nothing; without a secret it says it is not configured; the click endpoint answers a malformed
 * link with its 404 page, never a redirect.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EMAIL_CLICK_PATH, EMAIL_EVENTS_PATH, signWebhook } from "#core/email-marketing/sending.ts";
import { createApp } from "./app.ts";
import { MemoryContent } from "./testing/memory-content.ts";

const SECRET = "whsec_d29ya2VyLXRlc3Qtd2ViaG9vay1zZWNyZXQ=";
const now = new Date("2026-11-23T19:30:00Z");
const app = createApp({ content: () => new MemoryContent(), now: () => now });
const withSecret = { ...env, EMAIL_WEBHOOK_SECRET: SECRET };
const ts = String(Math.floor(now.getTime() / 1000));

async function post(body: string, headers: Record<string, string>, bindings: object = withSecret) {
  return app.request(
    `http://crm.localhost${EMAIL_EVENTS_PATH}`,
    { method: "POST", headers: { "content-type": "application/json", ...headers }, body },
    bindings,
  );
}
const signed = async (body: string, at = ts) => ({
  "svix-id": "msg_test",
  "svix-timestamp": at,
  "svix-signature": await signWebhook(SECRET, "msg_test", at, body),
});

describe("POST /api/email/events", () => {
  it("refuses a missing or wrong signature and a stale time before reading the body", async () => {
    const body = JSON.stringify({ type: "email.bounced", data: { to: ["ama@example.com"] } });
    expect((await post(body, {})).status).toBe(401);
    const wrong = {
      ...(await signed(body)),
      "svix-signature": await signWebhook("whsec_b3RoZXI=", "msg_test", ts, body),
    };
    const res = await post(body, wrong);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "invalid_signature" });
    expect((await post(body, await signed(body, String(Number(ts) - 3600)))).status).toBe(401);
  });

  it("answers a malformed body 400 and an event that changes nothing 200 without touching the database", async () => {
    const notJson = "{oops";
    expect((await post(notJson, await signed(notJson))).status).toBe(400);
    const noRecipient = JSON.stringify({ type: "email.bounced", data: { to: [] } });
    const bad = await post(noRecipient, await signed(noRecipient));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid_body" });
    const delivered = JSON.stringify({ type: "email.delivered", data: { to: ["ama@example.com"] } });
    const ok = await post(delivered, await signed(delivered));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ recorded: 0, ignored: "email.delivered" });
  });

  it("says it is not configured when the secret is missing", async () => {
    const body = JSON.stringify({ type: "email.bounced", data: { to: ["ama@example.com"] } });
    const res = await post(body, await signed(body), { ...env, EMAIL_WEBHOOK_SECRET: "" });
    expect(res.status).toBe(503);
  });
});

describe("GET /api/email/click", () => {
  it("answers a malformed link with the 404 page, not a redirect", async () => {
    for (const query of [
      "",
      "?l=not-a-uuid&t=x",
      `?l=${crypto.randomUUID()}`,
      `?l=${crypto.randomUUID()}&t=https://evil.example`,
    ]) {
      const res = await app.request(`http://localhost${EMAIL_CLICK_PATH}${query}`, {}, env);
      expect(res.status, query).toBe(404);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toContain("This link is not valid");
    }
  });
});
