/**
 * The deployed entry (worker/index.ts) inside workerd, called the way the runtime calls it —
 * rules that need no database, so the default Supabase-backed dependencies stay untouched.
 */
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

// redirect: "manual" — a fetch through the entry would otherwise follow our redirects.
const call = (url: string, init?: RequestInit) =>
  exports.default.fetch(new Request(url, { redirect: "manual", ...init }));

describe("worker entry", () => {
  // The first request loads the whole entry's module graph into workerd: on a busy machine (this
  // suite runs beside the stack's) that alone can outlast one test's time, which is not what any
  // test here checks.
  beforeAll(async () => {
    await call("http://localhost/api/health");
  }, 120_000);

  it("answers the health check", async () => {
    const res = await call("http://localhost/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("routes hosts from the wrangler vars", async () => {
    const crm = await call("http://crm.localhost/");
    expect(crm.status).toBe(302);
    expect(crm.headers.get("location")).toBe("/dashboard");
    const other = await call("http://somewhere.example/contact");
    expect(other.status).toBe(301);
    expect(other.headers.get("location")).toBe("http://localhost/contact");
  });

  it("sends an old list link of a record (bookmarks, e-mails, stored notifications) to the record's page", async () => {
    const task = await call("http://crm.localhost/tasks?id=5f0c1b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41");
    expect(task.status).toBe(301);
    expect(task.headers.get("location")).toBe("/tasks/5f0c1b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41");
    const viewing = await call("http://crm.localhost/booking-management?open=b1&status=new");
    expect(viewing.status).toBe(301);
    expect(viewing.headers.get("location")).toBe("/booking-management/b1");
    // The list itself, and the public site's paths, are left alone.
    expect((await call("http://crm.localhost/tasks?view=board")).status).toBe(200);
    expect((await call("http://localhost/events?id=x")).status).not.toBe(301);
  });

  it("serves the shell with the site config and a nonce CSP; HEAD has no body", async () => {
    const res = await call("http://localhost/about");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script type="application/json" id="site-config"');
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const head = await call("http://localhost/about", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("rejects bad form input before touching the database", async () => {
    const res = await call("http://localhost/api/forms/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.200" },
      body: JSON.stringify({ full_name: "A" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining(["full_name", "email", "message", "consent"]),
    );
  });
});
