/** The provider webhook's signature check and the Accra schedule time (core/email-marketing/sending.ts). */
import { describe, expect, it } from "vitest";
import {
  accraLocalToInstant,
  clickTargetSchema,
  emailEventSchema,
  LOCAL_EMAIL_WEBHOOK_SECRET,
  signWebhook,
  suppressionOf,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
} from "./sending.ts";

const body = JSON.stringify({ type: "email.bounced", data: { to: ["ama@example.com"] } });
const now = new Date("2026-11-23T19:30:00Z");
const ts = String(Math.floor(now.getTime() / 1000));

describe("verifyWebhook", () => {
  it("takes the provider's signature and refuses a changed body, id, time or secret", async () => {
    const signature = await signWebhook(LOCAL_EMAIL_WEBHOOK_SECRET, "msg_1", ts, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(
      await verifyWebhook(LOCAL_EMAIL_WEBHOOK_SECRET, { id: "msg_1", timestamp: ts, signature }, body, now),
    ).toBe(true);
    // Several signatures (key rotation): any one that matches.
    expect(
      await verifyWebhook(
        LOCAL_EMAIL_WEBHOOK_SECRET,
        { id: "msg_1", timestamp: ts, signature: `v1,AAAA ${signature}` },
        body,
        now,
      ),
    ).toBe(true);
    expect(
      await verifyWebhook(
        LOCAL_EMAIL_WEBHOOK_SECRET,
        { id: "msg_1", timestamp: ts, signature },
        body.replace("ama", "kofi"),
        now,
      ),
    ).toBe(false);
    expect(
      await verifyWebhook(LOCAL_EMAIL_WEBHOOK_SECRET, { id: "msg_2", timestamp: ts, signature }, body, now),
    ).toBe(false);
    expect(
      await verifyWebhook("whsec_b3RoZXItc2VjcmV0", { id: "msg_1", timestamp: ts, signature }, body, now),
    ).toBe(false);
    expect(
      await verifyWebhook(
        LOCAL_EMAIL_WEBHOOK_SECRET,
        { id: "msg_1", timestamp: ts, signature: null },
        body,
        now,
      ),
    ).toBe(false);
    const late = new Date(now.getTime() + (WEBHOOK_TOLERANCE_SECONDS + 1) * 1000);
    expect(
      await verifyWebhook(LOCAL_EMAIL_WEBHOOK_SECRET, { id: "msg_1", timestamp: ts, signature }, body, late),
    ).toBe(false);
    expect(await verifyWebhook("not-a-secret", { id: "msg_1", timestamp: ts, signature }, body, now)).toBe(
      false,
    );
  });
});

describe("events and clicks", () => {
  it("only bounces and complaints suppress; payloads need recipients", () => {
    expect(suppressionOf("email.bounced")).toBe("bounced");
    expect(suppressionOf("email.complained")).toBe("complained");
    expect(suppressionOf("email.delivered")).toBeNull();
    expect(emailEventSchema.safeParse({ type: "email.bounced", data: { to: [] } }).success).toBe(false);
    expect(
      emailEventSchema.safeParse({ type: "email.bounced", data: { to: "not-an-address" } }).success,
    ).toBe(false);
    expect(
      emailEventSchema.safeParse({ type: "email.bounced", data: { to: "ama@example.com", email_id: "x" } })
        .success,
    ).toBe(true);
  });

  it("a click leads only to a web address", () => {
    expect(clickTargetSchema.safeParse("https://ghanarealty.com/listings").success).toBe(true);
    expect(clickTargetSchema.safeParse("javascript:alert(1)").success).toBe(false);
    expect(clickTargetSchema.safeParse(null).success).toBe(false);
  });
});

describe("accraLocalToInstant", () => {
  it("reads Accra's wall clock (UTC+0 all year) and refuses non-dates", () => {
    expect(accraLocalToInstant("2026-12-01T09:30")).toBe("2026-12-01T09:30:00.000Z");
    expect(accraLocalToInstant("2026-07-01T18:00")).toBe("2026-07-01T18:00:00.000Z");
    expect(accraLocalToInstant("2026-02-31T09:30")).toBeNull();
    expect(accraLocalToInstant("tomorrow")).toBeNull();
  });
});
