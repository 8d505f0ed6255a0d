/**
 * The earlier probes' strongest cases, kept as regressions — forged tokens
 * (alg none, HS256 signed with the publishable key, expired, another issuer's key) are refused
 * by every API and the edge; a spent refresh token cannot be replayed after the reuse interval
 * (and replaying it revokes the family); nobody raises their own role; REST select casts are
 * PostgREST's grammar only, never SQL.
 */
import crypto from "node:crypto";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { apiHeaders, edge } from "./support.ts";

let user: TestUser;
let realToken = "";
beforeAll(async () => {
  user = await createTestUser({ role: null });
  const c = await signedInClient(user.email, user.password);
  realToken = (await c.auth.getSession()).data.session!.access_token;
});
afterAll(async () => {
  if (user) await deleteTestUser(user.id);
});

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

function forgedTokens(): Record<string, string> {
  const claims = decodeJwt(realToken);
  const now = Math.floor(Date.now() / 1000);
  const adminish = { ...claims, role: "service_role", aal: "aal2", exp: now + 3600 };
  const [, , sig] = realToken.split(".");
  return {
    "alg none": `${b64({ alg: "none", typ: "JWT" })}.${b64(adminish)}.`,
    "alg none, real signature kept": `${b64({ alg: "none", typ: "JWT" })}.${b64(adminish)}.${sig}`,
    "claims changed, signature kept": `${realToken.split(".")[0]}.${b64(adminish)}.${sig}`,
    "expired (really signed)": "", // filled below
  };
}

describe("forged and stale tokens", () => {
  it("are refused by REST, Storage, Auth and the edge's admin endpoint", async () => {
    const tokens = forgedTokens();
    const now = Math.floor(Date.now() / 1000);
    const claims = decodeJwt(realToken);
    tokens["HS256 with the publishable key"] = await new SignJWT({
      ...claims,
      role: "service_role",
      exp: now + 3600,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: "x" })
      .sign(new TextEncoder().encode(SUPABASE_PUBLISHABLE_KEY));
    tokens["HS256 with an empty key"] = await new SignJWT({
      ...claims,
      role: "service_role",
      exp: now + 3600,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new Uint8Array(32));
    const { privateKey } = await crypto.webcrypto.subtle.generateKey(
      { name: "ECDSA", namedCurve: "P-256" },
      true,
      ["sign", "verify"],
    );
    tokens["ES256 with a stranger's key"] = await new SignJWT({
      ...claims,
      role: "service_role",
      exp: now + 3600,
    })
      .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: "attacker" })
      .sign(privateKey);
    tokens["expired (really signed)"] = await new SignJWT({ ...claims, exp: now - 60, iat: now - 3660 })
      .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: "attacker" })
      .sign(privateKey);
    for (const [what, token] of Object.entries(tokens)) {
      const auth = { authorization: `Bearer ${token}` };
      const rest = await fetch(`${SUPABASE_URL}/rest/v1/contact_submissions?select=id&limit=1`, {
        headers: apiHeaders(auth),
      });
      expect(rest.status, `REST: ${what}`).toBe(401);
      const user = await fetch(`${SUPABASE_URL}/auth/v1/user`, { headers: apiHeaders(auth) });
      expect([401, 403], `Auth: ${what}`).toContain(user.status);
      const storage = await fetch(`${SUPABASE_URL}/storage/v1/bucket`, { headers: apiHeaders(auth) });
      expect(storage.status, `Storage: ${what}`).toBeGreaterThanOrEqual(400);
      const regenerate = await edge("/api/sitemaps/regenerate", { method: "POST", headers: auth });
      expect(regenerate.status, `edge: ${what}`).toBe(401);
    }
  });
});

describe("refresh tokens", () => {
  it("a refresh token used once cannot be replayed after the reuse interval; replay revokes the session", async () => {
    const c = anonClient();
    const signIn = await c.auth.signInWithPassword({ email: user.email, password: user.password });
    const first = signIn.data.session!.refresh_token;
    const refresh = (token: string) =>
      fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=refresh_token`, {
        method: "POST",
        headers: apiHeaders({ "content-type": "application/json" }),
        body: JSON.stringify({ refresh_token: token }),
      });
    const r1 = await refresh(first);
    expect(r1.status).toBe(200);
    const second = ((await r1.json()) as { refresh_token: string }).refresh_token;
    const r2 = await refresh(second);
    expect(r2.status).toBe(200);
    const third = ((await r2.json()) as { refresh_token: string }).refresh_token;
    // Past GoTrue's reuse interval (config.toml refresh_token_reuse_interval = 10 s), replaying a
    // token that is no longer the parent of the active one is refused…
    await new Promise((r) => setTimeout(r, 11_000));
    const replay = await refresh(first);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error_code: string }).error_code).toBe("refresh_token_already_used");
    // …and the whole family is revoked: the newest token is dead too.
    const after = await refresh(third);
    expect(after.status).toBe(400);
  }, 30_000);
});

describe("role escalation on profiles", () => {
  it("a user without a role cannot give themselves one, by any route", async () => {
    const c = await signedInClient(user.email, user.password);
    await c.from("profiles").update({ role: "admin" }).eq("user_id", user.id);
    await c.from("profiles").upsert({ user_id: user.id, role: "admin" });
    await c.from("profiles").insert({ user_id: crypto.randomUUID(), role: "admin" });
    await c.auth.updateUser({ data: { role: "admin" } });
    const staff = await signedInClient("staff@demo.test");
    await staff.from("profiles").update({ role: "admin" }).eq("user_id", user.id);
    const { data } = await serviceClient().from("profiles").select("role").eq("user_id", user.id).single();
    expect((data as { role: string | null }).role).toBeNull();
  });
});

describe("REST select casts", () => {
  it("only PostgREST's cast grammar: no SQL through a cast, no catalog rows", async () => {
    const probes = [
      "name::text as x from pg_settings t0 union select name",
      "slug::text) from pg_settings --",
      "slug::text/**/from/**/pg_settings",
      "slug::text;select 1",
      "slug::text,pg_sleep(1)",
      "slug::text as x from pg_settings t0 cross join pg_settings t1",
    ];
    // The reported probe: a table with a `name` column (the conformance fixtures' cf_authors,
    // readable by anyone), whose cast smuggled `… from pg_settings t0 union select name` in.
    const reported = await fetch(
      `${SUPABASE_URL}/rest/v1/cf_authors?select=${encodeURIComponent("name::text as x from pg_settings t0 union select name")}`,
      { headers: apiHeaders() },
    );
    expect(reported.status).toBe(400);
    expect(await reported.text()).not.toMatch(/search_path|max_connections|work_mem|"x":/);
    for (const table of ["properties", "cf_authors"]) {
      for (const select of [...probes, ...probes.map((p) => p.replace("slug", "name"))]) {
        const res = await fetch(
          `${SUPABASE_URL}/rest/v1/${table}?select=${encodeURIComponent(select)}&limit=2`,
          { headers: apiHeaders() },
        );
        const body = await res.text();
        expect(res.status, `${table}: ${select}`).toBe(400);
        expect(body, `${table}: ${select}`).not.toMatch(/search_path|max_connections|work_mem|"x":/);
      }
    }
    // Real casts keep working.
    const ok = await fetch(
      `${SUPABASE_URL}/rest/v1/properties?select=${encodeURIComponent("slug,price::text,bedrooms::double precision")}&limit=1`,
      { headers: apiHeaders() },
    );
    expect(ok.status).toBe(200);
    const [row] = (await ok.json()) as { slug: string; price: string }[];
    expect(typeof row!.price).toBe("string");
  });
});
