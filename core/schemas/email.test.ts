/**
 * The shared outgoing-email schema: what the worker's providers send and the emulator's outbox
 * accepts — addresses as the queue's check constraint has them, senders with or without a name,
 * one-line custom headers that may not replace the provider's own, and the defaults.
 */
import { describe, expect, it } from "vitest";
import { emailHeadersSchema, idempotencyKeySchema, outgoingEmailSchema, senderSchema } from "./email.ts";

const base = {
  from: "Ghana Realty <notifications@ghanarealty.com>",
  to: "kofi@example.com",
  subject: "Viewing confirmed",
  html: "<p>See you</p>",
};

describe("outgoingEmailSchema", () => {
  it("fills kind, headers and attachments, keeps text optional", () => {
    expect(outgoingEmailSchema.parse(base)).toEqual({
      ...base,
      headers: {},
      kind: "notification",
      attachments: [],
    });
    expect(outgoingEmailSchema.parse({ ...base, text: null, kind: "marketing" })).toMatchObject({
      text: null,
      kind: "marketing",
    });
  });

  it("refuses unknown fields, an empty subject, an address without a domain and a bad kind", () => {
    for (const bad of [
      { ...base, cc: "x@example.com" },
      { ...base, subject: "  " },
      { ...base, to: "kofi@localhost" },
      { ...base, kind: "Marketing!" },
    ])
      expect(outgoingEmailSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe("attachments", () => {
  const ics = {
    filename: "consultation.ics",
    content_type: "text/calendar; charset=utf-8",
    content: btoa("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),
  };
  it("takes an .ics as base64", () => {
    expect(outgoingEmailSchema.parse({ ...base, attachments: [ics] }).attachments).toEqual([ics]);
  });
  it("refuses a path in the name, non-base64 content, too many or too large files", () => {
    for (const bad of [
      { ...ics, filename: "../etc/passwd" },
      { ...ics, content: "not base64!" },
      { ...ics, content: "A".repeat(5_000_004) },
    ])
      expect(
        outgoingEmailSchema.safeParse({ ...base, attachments: [bad] }).success,
        JSON.stringify(bad).slice(0, 80),
      ).toBe(false);
    expect(outgoingEmailSchema.safeParse({ ...base, attachments: Array(11).fill(ics) }).success).toBe(false);
  });
});

describe("senderSchema", () => {
  it.each(["notifications@ghanarealty.com", "Ghana Realty <notifications@ghanarealty.com>"])(
    "accepts %s",
    (s) => expect(senderSchema.safeParse(s).success).toBe(true),
  );
  it.each(["Ghana Realty", "<notifications@ghanarealty.com>", "Name <a@b.co>\r\nBcc: x@y.z"])(
    "refuses %j",
    (s) => expect(senderSchema.safeParse(s).success).toBe(false),
  );
});

describe("emailHeadersSchema", () => {
  it("accepts RFC 8058 one-click unsubscribe headers", () => {
    const h = {
      "List-Unsubscribe": "<https://ghanarealty.com/u?t=abc>, <mailto:unsubscribe@ghanarealty.com>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    expect(emailHeadersSchema.parse(h)).toEqual(h);
  });

  it("refuses line breaks (header injection), odd names and the provider's own headers, in any case", () => {
    expect(emailHeadersSchema.safeParse({ "X-Note": "a\r\nBcc: victim@example.com" }).success).toBe(false);
    expect(emailHeadersSchema.safeParse({ "X Note": "a" }).success).toBe(false);
    expect(emailHeadersSchema.safeParse({ "reply-to": "ok@example.com" }).success).toBe(true);
    for (const name of ["From", "subject", "BCC", "Message-ID"])
      expect(emailHeadersSchema.safeParse({ [name]: "x" }).success, name).toBe(false);
    expect(
      emailHeadersSchema.safeParse(Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`X-H${i}`, "v"])))
        .success,
    ).toBe(false);
  });
});

describe("idempotencyKeySchema", () => {
  it("takes printable keys of 1–256 characters", () => {
    expect(
      idempotencyKeySchema.safeParse("outgoing-email/4b0c6f7e-1d2a-4c1e-9a59-0d6a2f6f1a11").success,
    ).toBe(true);
    expect(idempotencyKeySchema.safeParse("").success).toBe(false);
    expect(idempotencyKeySchema.safeParse("a b").success).toBe(false);
    expect(idempotencyKeySchema.safeParse("k".repeat(257)).success).toBe(false);
  });
});
