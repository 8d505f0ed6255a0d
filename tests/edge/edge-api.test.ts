/**
 * Host routing, the public form API and the staff-or-admin regenerate endpoint against the running
 * stack (real emulator: RLS, JWKS, the secret key).
 */
import { describe, expect, it } from "vitest";
import { SITE_PORT, SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  uniqueEmail,
  processAdmin,
} from "../support/supabase.ts";
import { edge, SITE_ORIGIN } from "./support.ts";

const port = SITE_PORT;

describe("host routing on the running worker", () => {
  it.each([
    [`crm.localhost:${port}`, "/", 302, "/dashboard"],
    [`localhost:${port}`, "/property-request-form", 302, `http://request.localhost:${port}/`],
    [`localhost:${port}`, "/consultation", 302, `http://consult.localhost:${port}/`],
    [`consult.localhost:${port}`, "/properties", 302, `http://localhost:${port}/properties`],
    // (Hosts outside the table are refused by Vite's own host check before the worker runs
    // locally; their 301 to the main site is covered by worker/app.test.ts.)
  ])("%s%s → %i %s", async (host, path, status, location) => {
    const res = await edge(path, { host });
    expect(res.status).toBe(status);
    expect(res.headers.location).toBe(location);
  });

  it("the single-purpose hosts get the SPA with their host kind in the site config", async () => {
    for (const kind of ["consult", "bookings", "request", "collab"]) {
      const res = await edge("/", { host: `${kind}.localhost:${port}` });
      expect(res.status).toBe(200);
      const cfg = JSON.parse(
        res.text.match(/<script type="application\/json" id="site-config"[^>]*>([\s\S]*?)<\/script>/)![1]!,
      );
      expect(cfg).toMatchObject({ hostKind: kind, siteUrl: SITE_ORIGIN });
    }
  });

  it("every script the shells load is served (hashed bundle in a build, Vite modules in dev)", async () => {
    // The empty shell (here /auth) names its scripts; a prerendered one (/) loads them after the
    // first paint from an inline module: import("…") of the entry and its modulepreloads.
    const plain = await edge("/auth");
    const srcs = [...plain.text.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs.length).toBeGreaterThan(0);
    const prerendered = await edge("/");
    if (prerendered.text.includes("data-prerendered=")) {
      const loader = /<script type="module"[^>]*>([^<]*import\([^<]*)<\/script>/.exec(prerendered.text)?.[1];
      expect(loader).toBeDefined();
      const urls = [...loader!.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(urls.length).toBeGreaterThan(1);
      srcs.push(...urls);
    }
    for (const src of srcs) {
      const res = await edge(src);
      expect(res.status, src).toBe(200);
      expect(res.headers["content-type"], src).toMatch(/javascript/);
    }
  });
});

describe("public form API", () => {
  const contact = (email: string) => ({
    full_name: "Kofi Edge-Test",
    email,
    phone: "+233 24 412 3456",
    message: "Looking for a 3-bedroom house in Tema.",
    consent: true,
  });
  // Each post from a loopback address of its own: the form limit keys on the socket's address
  // (a client's CF-Connecting-IP header no longer counts).
  const post = (
    kind: string,
    body: unknown,
    from = `127.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
  ) =>
    edge(`/api/forms/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      localAddress: from,
    });

  it("stores a contact submission with the secret key and answers 201 {id}", async () => {
    const email = uniqueEmail("contact");
    const res = await post("contact", contact(email));
    expect(res.status, res.text).toBe(201);
    const { id } = JSON.parse(res.text) as { id: string };
    const row = await serviceClient()
      .from("contact_submissions")
      .select("email,phone,status,consent_at,source_host")
      .eq("id", id)
      .single();
    expect(row.error).toBeNull();
    expect(row.data).toMatchObject({
      email,
      phone: "+233244123456",
      status: "new",
      source_host: `localhost:${port}`,
    });
    await serviceClient().from("contact_submissions").delete().eq("id", id);
  });

  it("stores a property request with its ranges", async () => {
    const email = uniqueEmail("request");
    const res = await post("property-request", {
      ...contact(email),
      listing_type: "buy",
      property_type: "land",
      locations: ["Oyarifa", "Aburi"],
      budget_min: 150000,
      budget_max: 400000,
      currency: "GHS",
      timeline: "3_6_months",
    });
    expect(res.status, res.text).toBe(201);
    const { id } = JSON.parse(res.text) as { id: string };
    const row = await serviceClient()
      .from("property_requests")
      .select("locations,budget_max")
      .eq("id", id)
      .single();
    expect(row.data).toMatchObject({ locations: ["Oyarifa", "Aburi"], budget_max: 400000 });
    await serviceClient().from("property_requests").delete().eq("id", id);
  });

  it("400 with per-field messages; nothing stored", async () => {
    const email = uniqueEmail("bad");
    const res = await post("consultation", {
      ...contact(email),
      service: "nope",
      preferred_date: "2020-01-01",
      time_slot: "10:00",
    });
    expect(res.status).toBe(400);
    const { errors } = JSON.parse(res.text) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(["preferred_date", "service"]);
    const rows = await serviceClient().from("consultations").select("id").eq("email", email);
    expect(rows.data).toEqual([]);
  });

  it("visitors cannot write the inboxes directly (only the worker can)", async () => {
    const res = await fetch(`${SUPABASE_URL}/rest/v1/contact_submissions`, {
      method: "POST",
      headers: { apikey: SUPABASE_PUBLISHABLE_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        full_name: "Direct",
        email: "x@example.com",
        message: "direct insert",
        consent_at: new Date().toISOString(),
      }),
    });
    // PostgREST answers an anonymous permission error (42501) with 401.
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe("42501");
  });
});

describe("POST /api/sitemaps/regenerate", () => {
  const call = (token?: string) =>
    edge("/api/sitemaps/regenerate", {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("401 without or with a forged token", async () => {
    expect((await call()).status).toBe(401);
    const forged =
      "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4Iiwicm9sZSI6ImF1dGhlbnRpY2F0ZWQiLCJleHAiOjk5OTk5OTk5OTl9.c2ln";
    expect((await call(forged)).status).toBe(401);
  });

  it("403 for users without a role; 200 for staff (their publishing must show) and admins", async () => {
    const staff = await signedInClient("staff@demo.test");
    expect((await call((await staff.auth.getSession()).data.session!.access_token)).status).toBe(200);
    const user = await createTestUser({ role: null });
    try {
      const visitor = await signedInClient(user.email, user.password);
      expect((await call((await visitor.auth.getSession()).data.session!.access_token)).status).toBe(403);
    } finally {
      await deleteTestUser(user.id);
    }
    const admin = await processAdmin();
    const res = await call((await admin.auth.getSession()).data.session!.access_token);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ regenerated: true, sitemap: `${SITE_ORIGIN}/sitemap.xml` });
  });

  // The edge applies the AAL rule of core's one verifier, as the database does.
  it("403 aal2_required for an admin with a verified factor holding a password-only (aal1) token; 200 at aal2", async () => {
    const user = await createTestUser({ role: "admin" });
    try {
      // createTestUser enrolled the admin's factor; its session is at aal2.
      const aal2 = await signedInClient(user.email, user.password);
      const aal1 = await signedInClient(user.email, user.password, { aal: "aal1" });
      const refused = await call((await aal1.auth.getSession()).data.session!.access_token);
      expect(refused.status, refused.text).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({
        error: "aal2_required",
        message: expect.stringMatching(/two-factor/i),
      });
      const ok = await call((await aal2.auth.getSession()).data.session!.access_token);
      expect(ok.status, ok.text).toBe(200);
    } finally {
      await deleteTestUser(user.id);
    }
  });

  it("401 session_ended for an admin's token after that session signed out", async () => {
    const user = await createTestUser({ role: "admin" });
    try {
      const admin = await signedInClient(user.email, user.password);
      const token = (await admin.auth.getSession()).data.session!.access_token;
      expect((await call(token)).status).toBe(200);
      await admin.auth.signOut({ scope: "global" });
      const refused = await call(token); // the JWT itself is still unexpired and well signed
      expect(refused.status, refused.text).toBe(401);
      expect(JSON.parse(refused.text)).toMatchObject({ error: "session_ended" });
    } finally {
      await deleteTestUser(user.id);
    }
  });

  it("the start-up call is accepted and debounced", async () => {
    const a = await edge("/api/sitemaps/regenerate-all", { method: "POST" });
    expect(a.status).toBe(202);
    const b = await edge("/api/sitemaps/regenerate-all", { method: "POST" });
    expect(b.status).toBe(202);
    expect(JSON.parse(b.text)).toMatchObject({ regenerated: false });
  });
});
