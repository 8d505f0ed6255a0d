/**
 * The secret key must never reach the browser: scan every file of the SPA build. Every route's
 * initial JavaScript stays within its budget (the checks and budgets of `npm run size`).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCAL_CLIENT_DIR, LOCAL_SECRET_KEY, ROOT, SUPABASE_SECRET_KEY } from "#scripts/local-env.ts";
import { budgetFailures, reportBackOffice, reportBuild } from "#scripts/size.ts";

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe("SPA bundle", () => {
  const client = LOCAL_CLIENT_DIR;

  it("exists (the stack setup builds it)", () => {
    expect(fs.existsSync(path.join(client, "index.html"))).toBe(true);
  });

  it("keeps every public page and /auth within the initial-JavaScript budget, without back-office code", () => {
    const routes = reportBuild(client);
    const names = routes.map((r) => r.route);
    for (const route of [
      "/",
      "/properties",
      "/property/:slug",
      "/blog/:slug",
      "/contact",
      "consult host /",
      "bookings host /",
      "request host /",
      "/auth",
    ])
      expect(names).toContain(route);
    for (const r of routes) expect(budgetFailures(r), r.route).toEqual([]);
  });

  it("keeps the back-office frame, every back-office page and the field screens within their budgets", () => {
    const routes = reportBackOffice(LOCAL_CLIENT_DIR);
    const names = routes.map((r) => r.route);
    for (const route of [
      "back-office frame",
      "/dashboard",
      "/deals",
      "/tasks",
      "/leads-hunt",
      "partner portal",
    ])
      expect(names).toContain(route);
    expect(routes.find((r) => r.route === "/leads-hunt")?.kind).toBe("field");
    for (const r of routes) expect(budgetFailures(r), r.route).toEqual([]);
  });

  it("contains neither the local nor the configured secret key", () => {
    const files = filesUnder(client);
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    for (const f of files) {
      const text = fs.readFileSync(f).toString("latin1");
      // supabase-js itself mentions the "sb_secret_" prefix (it refuses secret keys in browsers), so
      // the check is for the key values, not the prefix.
      for (const needle of new Set([LOCAL_SECRET_KEY, SUPABASE_SECRET_KEY])) {
        expect(text.includes(needle), `${path.relative(ROOT, f)} contains ${needle.slice(0, 12)}…`).toBe(
          false,
        );
      }
    }
  });
});
