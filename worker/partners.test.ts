/**
 * POST /api/partners/invite inside workerd: what it refuses before reaching any database — no or
 * wrong token, a non-admin, a body that is not JSON or not a contact's id. The token check is a
 * stand-in (the real verifier needs the emulator); tests/edge/partner-invite.test.ts runs the whole
 * invitation against the running stack.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PARTNER_INVITE_PATH } from "#core/collaboration-management/partner-schema.ts";
import type { AdminCheck } from "./admin-auth.ts";
import { createApp } from "./app.ts";

const ROLE_OF: Record<string, string | null> = {
  "admin-token": "admin",
  "staff-token": "staff",
  "partner-token": "partner",
};
const verifyAdmin = async (
  _: unknown,
  token: string | null,
  roles: readonly string[],
): Promise<AdminCheck> => {
  if (!token) return { ok: false, status: 401, code: "missing_token", message: "Sign in first" };
  const role = ROLE_OF[token];
  if (role === undefined)
    return { ok: false, status: 401, code: "invalid_token", message: "Invalid access token" };
  if (!role || !roles.includes(role))
    return {
      ok: false,
      status: 403,
      code: "forbidden",
      message: `Only ${roles.join(" and ")} users may do this`,
    };
  return { ok: true, userId: `u-${role}` };
};
const app = createApp({ verifyAdmin });

const invite = (token: string | null, body: string, type = "application/json") =>
  app.request(
    `http://crm.localhost${PARTNER_INVITE_PATH}`,
    {
      method: "POST",
      headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    },
    env,
  );

describe("POST /api/partners/invite refusals", () => {
  it("401 without a token, with WWW-Authenticate", async () => {
    const res = await invite(null, JSON.stringify({ memberId: crypto.randomUUID() }));
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="partners"');
    expect(await res.json()).toMatchObject({ error: "missing_token" });
  });

  it("403 for staff and for a partner: only admins invite", async () => {
    for (const token of ["staff-token", "partner-token"]) {
      const res = await invite(token, JSON.stringify({ memberId: crypto.randomUUID() }));
      expect(res.status, token).toBe(403);
    }
  });

  it("415 for a body that is not JSON, 400 for one that is not a contact's id", async () => {
    expect((await invite("admin-token", "memberId=1", "application/x-www-form-urlencoded")).status).toBe(415);
    const bad = await invite("admin-token", JSON.stringify({ memberId: "42" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "invalid_request",
      message: "memberId must be a partner contact's id",
    });
    const extra = await invite(
      "admin-token",
      JSON.stringify({ memberId: crypto.randomUUID(), role: "admin" }),
    );
    expect(extra.status, "nothing but the contact's id is accepted").toBe(400);
    expect((await invite("admin-token", "{not json")).status).toBe(400);
  });
});
