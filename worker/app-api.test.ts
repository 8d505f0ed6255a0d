/**
 * The edge app's public form API, site config and hardening, run in workerd with the real ASSETS
 * binding (a stand-in build), the real rate-limiting binding and Cache API; database-facing
 * dependencies are the in-memory ones (testing/edge-app.ts).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FORM_RATE_LIMIT, HONEYPOT_FIELD, SLOT_TAKEN_MESSAGE } from "#core/schemas/forms.ts";
import { createApp } from "./app.ts";
import { markStale, resetMemoryCache } from "./edge-cache.ts";
import { edgeAppFixture } from "./testing/edge-app.ts";
import { siteConfig } from "./testing/html.ts";

const { content, store, get } = edgeAppFixture();

describe("public form API", () => {
  let ipCounter = 0;
  const post = (kind: string, body: unknown, headers: Record<string, string> = {}) =>
    get(`http://localhost/api/forms/${kind}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": `203.0.113.${++ipCounter % 250}`,
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const contact = {
    full_name: "Ama Mensah",
    email: "ama@example.com",
    phone: "024 412 3456",
    message: "Please call me about listings in Tema.",
    consent: true,
  };

  it("201 with the new id; the row carries consent time, host and normalised phone", async () => {
    const res = await post("contact", contact, { "user-agent": "test-agent" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(store.rows).toHaveLength(1);
    const { table, row } = store.rows[0]!;
    expect(table).toBe("contact_submissions");
    expect(row).toMatchObject({
      id,
      phone: "+233244123456",
      source_host: "localhost",
      user_agent: "test-agent",
    });
    expect(row.consent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row).not.toHaveProperty("consent");
    expect(row).not.toHaveProperty(HONEYPOT_FIELD);
  });

  it("400 with a message per field for bad input", async () => {
    const res = await post("contact", { ...contact, email: "not-an-email", consent: false, message: "hi" });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(["consent", "email", "message"]);
    expect(store.rows).toHaveLength(0);
  });

  it.each([
    ["malformed JSON", "{not json", 400],
    ["an array", "[]", 400],
    ["null", "null", 400],
  ])("400 for %s", async (_label, body, status) => {
    const res = await post("contact", body);
    expect(res.status).toBe(status);
    expect(await res.json()).toHaveProperty("errors._form");
  });

  it("415 for non-JSON, 413 above the size cap, 404 for unknown forms", async () => {
    expect(
      (await post("contact", "a=b", { "content-type": "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect((await post("contact", { ...contact, message: "x".repeat(20_000) })).status).toBe(413);
    expect((await post("newsletter", contact)).status).toBe(404);
  });

  it("the honeypot: 201 for the bot, nothing stored", async () => {
    const res = await post("contact", { ...contact, [HONEYPOT_FIELD]: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(store.rows).toHaveLength(0);
  });

  it("booking by listing slug resolves the published listing; an unknown one is a 400", async () => {
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    store.free = [{ start: `${date}T10:00:00.000Z`, end: `${date}T10:45:00.000Z` }];
    const booking = {
      ...contact,
      property_slug: "4-bedroom-house-east-legon",
      preferred_date: date,
      time_slot: "10:00",
    };
    const res = await post("booking", booking);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: "confirmed" });
    expect(store.rows[0]!).toMatchObject({
      table: "bookings",
      row: {
        property_id: "7d0c3a8e-2a6f-4a57-9a3e-0b1f2c3d4e5f",
        starts_at: `${date}T10:00:00.000Z`,
        attendees: 1,
      },
    });
    const bad = await post("booking", { ...booking, property_slug: "withdrawn-listing" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: { property_slug: "This property is not available" } });
  });

  it("a time taken meanwhile: 409 with the next free times, nothing stored", async () => {
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    store.free = [
      { start: `${date}T09:00:00.000Z`, end: `${date}T09:30:00.000Z` },
      { start: `${date}T11:00:00.000Z`, end: `${date}T11:30:00.000Z` },
      { start: `${date}T11:30:00.000Z`, end: `${date}T12:00:00.000Z` },
    ];
    const res = await post("consultation", {
      ...contact,
      service: "property-valuation",
      preferred_date: date,
      time_slot: "10:00",
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      errors: { time_slot: SLOT_TAKEN_MESSAGE },
      next: [
        { start: `${date}T11:00:00.000Z`, end: `${date}T11:30:00.000Z` },
        { start: `${date}T11:30:00.000Z`, end: `${date}T12:00:00.000Z` },
      ],
    });
    expect(store.slotQueries.at(-1)).toMatchObject({
      kind: "consultation",
      service: "property-valuation",
      from: date,
    });
    expect(store.rows).toHaveLength(0);
  });

  it("429 with Retry-After beyond the per-IP limit", async () => {
    const ip = { "cf-connecting-ip": "198.51.100.77" };
    const statuses: number[] = [];
    for (let i = 0; i < FORM_RATE_LIMIT.limit + 2; i++)
      statuses.push((await post("contact", contact, ip)).status);
    expect(statuses.slice(0, FORM_RATE_LIMIT.limit).every((s) => s === 201)).toBe(true);
    const last = await post("contact", contact, ip);
    expect(last.status).toBe(429);
    expect(last.headers.get("retry-after")).toBe(String(FORM_RATE_LIMIT.periodSeconds));
    // Another form from the same IP has its own budget.
    expect(
      (
        await post(
          "property-request",
          {
            ...contact,
            listing_type: "rent",
            property_type: "apartment",
            locations: ["Osu"],
            budget_max: 5000,
            timeline: "flexible",
          },
          ip,
        )
      ).status,
    ).toBe(201);
  });

  it("503 + Retry-After when the database is unreachable (nothing silently dropped)", async () => {
    store.down = true;
    const res = await post("contact", contact);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("10");
  });

  it("with the real Supabase store and an unreachable database: 503, not 500", async () => {
    const real = createApp({ content: () => content });
    const res = await real.request(
      "http://localhost/api/forms/contact",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.10" },
        body: JSON.stringify(contact),
      },
      { ...env, SUPABASE_URL: "http://127.0.0.1:9", SUPABASE_SECRET_KEY: "sb_secret_test" },
    );
    expect(res.status).toBe(503);
  });
});

describe("other paths", () => {
  it("/parties/* goes to the hub untouched", async () => {
    const res = await get("http://localhost/parties/hub/main?x=1");
    expect(await res.json()).toEqual({ forwardedTo: "hub", method: "GET", path: "/parties/hub/main" });
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("unknown API paths are JSON 404s with a strict CSP", async () => {
    const res = await get("http://localhost/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it("other methods on pages are 405", async () => {
    expect((await get("http://localhost/about", { method: "DELETE" })).status).toBe(405);
  });
});

describe("exchange rate in the site config", () => {
  it("is the newest rate in effect today, not a future one", async () => {
    const cfg = siteConfig(await (await get("http://localhost/properties")).text())!;
    expect(cfg.usdGhsRate).toEqual({ rate: 12.1, asOf: "2026-11-20" });
  });

  it("is null without a rate or a database, and the page is still served", async () => {
    content.rates = [];
    expect(siteConfig(await (await get("http://localhost/about")).text())!.usdGhsRate).toBeNull();
    resetMemoryCache();
    await markStale();
    content.down = true;
    const res = await get("http://localhost/about");
    expect(res.status).toBe(200);
    expect(siteConfig(await res.text())!.usdGhsRate).toBeNull();
  });
});

describe("site config contract", () => {
  it("the injected JSON passes the SPA's own parser unchanged", async () => {
    const { parseInjectedSiteConfig } = await import("#core/site-config.ts");
    const cfg = siteConfig(await (await get("http://bookings.localhost/")).text())!;
    expect(parseInjectedSiteConfig(cfg)).toEqual(cfg);
  });
});

describe("hardening at the edge (workerd, as in production)", () => {
  it("an API body over the cap is a 413 whatever the form, type or framing", async () => {
    const big = "a".repeat(64 * 1024);
    for (const [kind, type] of [
      ["contact", "application/json"],
      ["no-such-form", "application/json"],
      ["contact", "text/plain"],
    ]) {
      const res = await get(`http://localhost/api/forms/${kind}`, {
        method: "POST",
        headers: { "content-type": type!, "cf-connecting-ip": "192.0.2.77" },
        body: big,
      });
      expect(res.status, `${kind} ${type}`).toBe(413);
    }
    const stream = new ReadableStream({
      pull(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = await get("http://localhost/api/forms/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(store.rows).toHaveLength(0);
  });

  it("the form limit keys on CF-Connecting-IP, never on X-Forwarded-For", async () => {
    const body = JSON.stringify({
      full_name: "Ama Mensah",
      email: "ama@example.com",
      phone: "024 412 3456",
      message: "Please call me about listings in Tema.",
      consent: true,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await get("http://localhost/api/forms/contact", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "cf-connecting-ip": "198.51.100.200",
          "x-forwarded-for": `10.0.0.${i}`,
        },
        body,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("missing static files are 404s with the security headers", async () => {
    for (const path of ["/assets/missing-0123.js", "/fonts/x.woff2", "/favicon-old.svg"]) {
      const res = await get(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-security-policy"), path).toBeTruthy();
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("/favicon.ico, which browsers ask for on their own, leads to the site's icon", async () => {
    const res = await get("http://localhost/favicon.ico");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/favicon.svg");
  });

  it("an unknown or draft invoice is a 404 page; a public one is 200", async () => {
    const id = "6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41";
    content.invoices = new Set([id]);
    expect((await get(`http://localhost/invoice/${id}`)).status).toBe(200);
    expect((await get("http://localhost/invoice/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get("http://localhost/invoice/not-an-id")).status).toBe(404);
  });

  it("public images: only plain object paths and the known widths; nothing is fetched otherwise", async () => {
    expect((await get("http://localhost/images/../secret.jpg")).status).toBe(404);
    expect((await get("http://localhost/images/a%2F..%2F..%2Fx.jpg")).status).toBe(404);
    expect((await get("http://localhost/images/a/1.jpg?width=7")).status).toBe(400);
    expect((await get("http://localhost/images/a/1.jpg?download=1")).status).toBe(400);
  });

  it("the hub path without a room is refused with the right path", async () => {
    for (const path of ["/parties/hub", "/parties/hub/", "/parties"]) {
      const res = await get(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message).toContain("/parties/hub/team");
    }
    expect(
      ((await (await get("http://localhost/parties/hub/team")).json()) as { forwardedTo: string })
        .forwardedTo,
    ).toBe("hub");
  });
});
