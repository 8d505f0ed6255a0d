/**
 * deliver-emails' pure part: a queued row becomes a provider message with a stable idempotency
 * key, or is recognised as never sendable (so it fails at once instead of five times). The job
 * against the real queue and outbox is tested in tests/edge/email-delivery.test.ts.
 */
import { describe, expect, it } from "vitest";
import { idempotencyKeyOf, messageOf } from "./deliver-emails.ts";

const row = {
  id: "4b0c6f7e-1d2a-4c1e-9a59-0d6a2f6f1a11",
  to_address: "yaw.darko@example.com",
  subject: "Deal won: Cantonments 3-bed",
  html: "<p>Deal won</p>",
  text_body: "Deal won",
  kind: "notification",
  headers: {},
  attempts: 1,
};

describe("deliver-emails: row → message", () => {
  it("carries the row's fields and the same idempotency key on every attempt", () => {
    const first = messageOf(row);
    const again = messageOf({ ...row, attempts: 3 });
    expect(first).toEqual({
      ok: true,
      message: {
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: "Deal won",
        headers: {},
        kind: "notification",
        idempotencyKey: idempotencyKeyOf(row.id),
      },
    });
    expect(again.ok && again.message.idempotencyKey).toBe(`outgoing-email/${row.id}`);
  });

  it("carries attachments (an appointment's .ics) as they were queued", () => {
    const ics = {
      filename: "viewing.ics",
      content_type: "text/calendar; charset=utf-8",
      content: btoa("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),
    };
    const result = messageOf({ ...row, attachments: [ics] });
    expect(result.ok && result.message.attachments).toEqual([ics]);
    expect(messageOf({ ...row, attachments: [{ ...ics, filename: "../x" }] }).ok).toBe(false);
  });

  it.each([
    [{ headers: { "Bad Header": "x" } }, /headers/],
    [{ headers: { "X-Note": "line\r\nBcc: victim@example.com" } }, /one line/],
    [{ headers: { From: "someone@else.example" } }, /set by the provider/],
    [{ to_address: "not-an-address" }, /to: Not an e-mail address/],
  ])("refuses %j as never sendable", (change, reason) => {
    const result = messageOf({ ...row, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(reason);
  });
});
