/**
 * The public form API's per-address limit keys on the address the edge
 * itself sees (Cloudflare's CF-Connecting-IP in production, which Cloudflare overwrites; the
 * socket's address locally), never on a header the client chose.
 */
import { afterAll, describe, expect, it } from "vitest";
import { FORM_RATE_LIMIT } from "#core/schemas/forms.ts";
import { serviceClient } from "../support/supabase.ts";
import { inOneRateWindow } from "../support/wait.ts";
import { edge, freshLoopback } from "./support.ts";

const marker = `rate-${Date.now()}@tests.example`;
afterAll(async () => {
  await serviceClient().from("contact_submissions").delete().eq("email", marker);
});

const contact = {
  full_name: "Kofi Rate-Test",
  email: marker,
  phone: "+233 24 412 3456",
  message: "Rate limit probe.",
  consent: true,
};

function post(from: string, spoofed: string) {
  return edge("/api/forms/contact", {
    method: "POST",
    localAddress: from,
    headers: {
      "content-type": "application/json",
      "cf-connecting-ip": spoofed,
      "x-forwarded-for": spoofed,
      "x-real-ip": spoofed,
      "true-client-ip": spoofed,
    },
    body: JSON.stringify(contact),
  });
}

describe("form rate limit", () => {
  it("a client rotating CF-Connecting-IP / X-Forwarded-For is still limited by its own address", async () => {
    // A fresh address per burst: a burst run again after crossing a window boundary starts clean.
    const statuses = await inOneRateWindow(FORM_RATE_LIMIT.periodSeconds, async () => {
      const from = freshLoopback();
      const seen: number[] = [];
      for (let i = 0; i < FORM_RATE_LIMIT.limit + 3; i++)
        seen.push((await post(from, `198.51.100.${i + 1}`)).status);
      return seen;
    });
    expect(
      statuses.slice(0, FORM_RATE_LIMIT.limit).every((s) => s === 201),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.slice(FORM_RATE_LIMIT.limit), statuses.join(",")).toEqual([429, 429, 429]);
  });

  it("another address has its own budget", async () => {
    const res = await post(freshLoopback(), "198.51.100.1");
    expect(res.status).toBe(201);
  });
});
