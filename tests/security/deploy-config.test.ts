/**
 * A deploy never carries local values. Production values live in the
 * `[env.production]` sections of wrangler.toml and party/wrangler.toml; local builds (npm start,
 * the test stack) go to dist-local/, never to dist/, keep the secret key out of the generated
 * config (it reaches `vite preview` through dist-local's .dev.vars, which no deploy uploads) and
 * leave no deploy redirect where `wrangler deploy` would find it; `npm run deploy` refuses a
 * build with local values.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { deployProblems } from "#scripts/deploy-check.ts";
import { LOCAL_SECRET_KEY, ROOT } from "#scripts/local-env.ts";

type Toml = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const toml = (file: string) => parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as Toml;
const LOCAL = /localhost|127\.0\.0\.1|\[::1\]/;

describe("wrangler configuration", () => {
  it.each(["wrangler.toml", "party/wrangler.toml"])(
    "%s keeps production values in [env.production]",
    (file) => {
      const cfg = toml(file);
      const prod = cfg.env?.production;
      expect(prod, `${file}: [env.production]`).toBeDefined();
      expect(prod.vars?.SUPABASE_URL).toMatch(/^https:\/\//);
      for (const [k, v] of Object.entries(prod.vars as Record<string, string>))
        expect(String(v), `${file} env.production.vars.${k}`).not.toMatch(LOCAL);
      expect(JSON.stringify(prod.vars)).not.toContain("sb_secret_");
      // The top level is the local stack; it never holds a secret either.
      expect(JSON.stringify(cfg.vars)).not.toContain("sb_secret_");
    },
  );

  it("the production edge config names no local host and binds the production hub", () => {
    const prod = toml("wrangler.toml").env.production;
    for (const k of ["MAIN_HOST", "CRM_HOST", "CONSULT_HOST", "BOOKINGS_HOST", "REQUEST_HOST", "COLLAB_HOST"])
      expect(prod.vars[k], k).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/);
    expect(prod.vars.SITE_PROTOCOL).toBe("https");
    expect(prod.services?.[0]?.binding).toBe("HUB");
    expect(prod.secrets?.required).toContain("SUPABASE_SECRET_KEY");
  });
});

describe("local builds stay apart", () => {
  const local = path.join(ROOT, "dist-local");

  it("the local stack's build is in dist-local/, without the secret key in any generated config", () => {
    for (const worker of ["ghana_realty_edge", "ghana_realty_hub"]) {
      const file = path.join(local, worker, "wrangler.json");
      expect(fs.existsSync(file), file).toBe(true);
      const text = fs.readFileSync(file, "utf8");
      expect(text, file).not.toContain(LOCAL_SECRET_KEY);
      expect(
        (JSON.parse(text) as { vars?: Record<string, string> }).vars?.SUPABASE_SECRET_KEY,
        file,
      ).toBeUndefined();
    }
    expect(fs.readFileSync(path.join(local, "ghana_realty_edge", ".dev.vars"), "utf8")).toContain(
      "SUPABASE_SECRET_KEY=",
    );
  });

  it("no deploy redirect at the project root points at a local build", () => {
    const redirect = path.join(ROOT, ".wrangler", "deploy", "config.json");
    if (!fs.existsSync(redirect)) return;
    const target = path.resolve(
      path.dirname(redirect),
      (JSON.parse(fs.readFileSync(redirect, "utf8")) as { configPath: string }).configPath,
    );
    expect(path.relative(ROOT, target)).not.toMatch(/^dist-local\b/);
  });

  it("the deploy check refuses the local build's configuration and accepts a production one", () => {
    const edge = JSON.parse(
      fs.readFileSync(path.join(local, "ghana_realty_edge", "wrangler.json"), "utf8"),
    ) as Record<string, unknown>;
    const problems = deployProblems(edge);
    expect(problems.join("\n")).toMatch(/SUPABASE_URL/);
    expect(problems.join("\n")).toMatch(/MAIN_HOST/);
    // The committed [env.production] holds placeholders (*.example, YOUR-PROJECT-REF): refused until filled in.
    const placeholders = toml("wrangler.toml").env.production.vars as Record<string, string>;
    expect(deployProblems({ ...edge, vars: placeholders }).length).toBeGreaterThan(0);
    const filled = Object.fromEntries(
      Object.entries(placeholders).map(([k, v]) => [
        k,
        String(v).replace(/ghanarealty\.example/g, "ghanarealty.com.gh"),
      ]),
    );
    const real = {
      ...filled,
      SUPABASE_URL: "https://abcdefghijklmnop.supabase.co",
      SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abc123",
    };
    expect(deployProblems({ ...edge, vars: real })).toEqual([]);
    expect(
      deployProblems({ ...edge, vars: { ...real, SUPABASE_SECRET_KEY: "sb_secret_x" } }).join("\n"),
    ).toMatch(/SUPABASE_SECRET_KEY/);
    expect(deployProblems({ ...edge, vars: { ...real, SITE_PORT: "8787" } }).join("\n")).toMatch(/SITE_PORT/);
  });
});
