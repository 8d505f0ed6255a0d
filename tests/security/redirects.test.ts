/**
 * Where a mailed link, the sign-in page and share pages may send a user.
 * A `redirect_to` the allow-list does not cover (after parsing and normalising the URL) falls
 * back to the site URL; backslashes, control characters, decimal or hex IPv4 hosts and
 * userinfo tricks never pass. The tests read where a redirect would go; they never follow one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeRedirectPath } from "#core/sign-in.ts";
import { SITE_PORT, SUPABASE_URL } from "#scripts/local-env.ts";
import { createTestUser, deleteTestUser, type TestUser } from "../support/supabase.ts";
import { apiHeaders, edge, eventually, mailsTo, raw, SITE_ORIGIN } from "./support.ts";

const port = SITE_PORT;

/** Redirect targets that must never be honoured (each would leave the site or confuse a parser). */
const HOSTILE = [
  `http://2130706433\\.localhost:${port}/`,
  `http://3232235777\\.localhost:${port}/`,
  `http://evil.example\\.localhost:${port}/`,
  `http://evil.example\\@localhost:${port}/`,
  `http://localhost:${port}@evil.example/`,
  `http://localhost:${port}\\@evil.example/`,
  `http://0x7f000001/`,
  `http://2130706433/`,
  `http://017700000001/`,
  `http://local\thost:${port}/`,
  `http://localhost:${port}/\n/evil.example`,
  `http://crm.localhost:${port}%2F@evil.example/`,
  `https://evil.example/?x=http://localhost:${port}/`,
  `javascript:alert(document.domain)//localhost:${port}/`,
  `//evil.example/`,
];

/** Targets the allow-list covers: they must keep working. */
const ALLOWED = [`http://localhost:${port}/auth/reset-password`, `http://crm.localhost:${port}/settings`];

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser({ role: null });
});
afterAll(async () => {
  if (user) await deleteTestUser(user.id);
});

/** Asks for a recovery mail with `redirectTo`; returns the redirect_to its link carries. */
async function mailedRedirect(redirectTo: string): Promise<string> {
  const before = (await mailsTo(user.email)).length;
  const res = await fetch(`${SUPABASE_URL}/auth/v1/recover?redirect_to=${encodeURIComponent(redirectTo)}`, {
    method: "POST",
    headers: apiHeaders({ "content-type": "application/json" }),
    body: JSON.stringify({ email: user.email }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const mails = await eventually("the recovery mail", async () => {
    const all = await mailsTo(user.email);
    return all.length > before ? all : null;
  });
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mails[0]!.text ?? "")![0]!;
  return new URL(link).searchParams.get("redirect_to") ?? "";
}

describe("password-reset redirect allow-list", () => {
  it("the reported bypass (decimal IPv4 + backslash before .localhost) falls back to the site URL", async () => {
    const target = await mailedRedirect(`http://2130706433\\.localhost:${port}/`);
    expect(target).toBe(SITE_ORIGIN);
  });

  it("no hostile redirect_to survives into a mailed link", async () => {
    for (const bad of HOSTILE) {
      const target = await mailedRedirect(bad);
      expect(target, JSON.stringify(bad)).toBe(SITE_ORIGIN);
    }
  });

  it("allowed targets stay as asked", async () => {
    for (const good of ALLOWED) expect(await mailedRedirect(good)).toBe(good);
  });

  it("GET /verify never 303s a session (or an error) to a hostile redirect_to", async () => {
    for (const bad of HOSTILE) {
      const res = await raw(
        `${SUPABASE_URL}/auth/v1/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent(bad)}`,
      );
      expect(res.status, bad).toBe(303);
      const location = String(res.headers.location);
      expect(location.startsWith(`${SITE_ORIGIN}`), `${JSON.stringify(bad)} → ${location}`).toBe(true);
      expect(new URL(location).origin).toBe(SITE_ORIGIN);
    }
  });

  it("the mailed link itself, followed by hand, lands on the site with the session in the fragment", async () => {
    const before = (await mailsTo(user.email)).length;
    await fetch(
      `${SUPABASE_URL}/auth/v1/recover?redirect_to=${encodeURIComponent(`http://2130706433\\.localhost:${port}/`)}`,
      {
        method: "POST",
        headers: apiHeaders({ "content-type": "application/json" }),
        body: JSON.stringify({ email: user.email }),
      },
    );
    const mails = await eventually("the recovery mail", async () => {
      const all = await mailsTo(user.email);
      return all.length > before ? all : null;
    });
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mails[0]!.text ?? "")![0]!;
    const res = await raw(link);
    expect(res.status).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(SITE_ORIGIN);
    expect(location.hash).toContain("access_token=");
  });
});

describe("sign-in return path and share pages", () => {
  it("the sign-in page's return path stays on this origin", () => {
    for (const bad of [
      "/\\evil.example",
      "/\t/evil.example",
      "/\\/evil.example",
      "/%5Cevil.example",
      "/ /evil.example",
      "\\\\evil.example",
      "/\u2028/evil.example",
      "/x/../\\evil.example",
    ]) {
      const kept = safeRedirectPath(bad);
      if (kept !== null)
        expect(new URL(kept, "http://site.invalid").origin, JSON.stringify(bad)).toBe("http://site.invalid");
      expect(kept === null || !/[\\\s]/.test(kept), JSON.stringify(bad)).toBe(true);
    }
    expect(safeRedirectPath("/deals?stage=won")).toBe("/deals?stage=won");
  });

  it("a share page redirects only to the listing's own canonical URL on this site", async () => {
    const res = await edge("/share/property/%5C%5Cevil.example");
    expect(res.status).toBe(404);
    const list = await fetch(
      `${SUPABASE_URL}/rest/v1/properties?select=slug&limit=1&published_at=not.is.null&status=eq.available`,
      { headers: apiHeaders() },
    );
    const slug = ((await list.json()) as { slug: string }[])[0]!.slug;
    const share = await edge(`/share/property/${slug}`);
    expect(share.status).toBe(200);
    const refresh = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(share.text)![1]!;
    expect(new URL(refresh.replace(/&amp;/g, "&")).origin).toBe(SITE_ORIGIN);
  });
});
