/**
 * Small leaks and crashes — the mail outbox answers no cross-origin reader,
 * anonymous callers execute only the functions meant for them (revoked from PUBLIC as well as
 * from anon), an over-long sign-up name is a clear 4xx, and an oversized body to the form API
 * is a 413 before it is read, whatever the form, type or framing.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { SITE_PORT, SUPABASE_URL } from "#scripts/local-env.ts";
import { serviceClient, uniqueEmail } from "../support/supabase.ts";
import { apiHeaders, edge, raw } from "./support.ts";

describe("the outbox", () => {
  it("sends no CORS headers to another origin (simple request or preflight)", async () => {
    for (const path of ["/_outbox", "/_outbox/api/messages"]) {
      const res = await raw(`${SUPABASE_URL}${path}`, { headers: { origin: "https://evil.example" } });
      expect(res.headers["access-control-allow-origin"], path).toBeUndefined();
      expect(res.headers["access-control-allow-credentials"], path).toBeUndefined();
      const pre = await raw(`${SUPABASE_URL}${path}`, {
        method: "OPTIONS",
        headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
      });
      expect(pre.headers["access-control-allow-origin"], `${path} preflight`).toBeUndefined();
    }
    // The APIs themselves still answer browsers, as Supabase does.
    const api = await raw(`${SUPABASE_URL}/rest/v1/properties?select=slug&limit=1`, {
      headers: apiHeaders({ origin: "http://localhost:8787" }),
    });
    expect(api.headers["access-control-allow-origin"]).toBeDefined();
  });
});

describe("what anonymous callers may execute", () => {
  it("only the functions meant for visitors, in every exposed schema", async () => {
    const { data, error } = await serviceClient().rpc("sec_executable_functions", { role_name: "anon" });
    expect(error).toBeNull();
    const names = (data as { schema_name: string; function_name: string }[])
      .map((f) => `${f.schema_name}.${f.function_name}`)
      // Test fixtures (local stacks only) and Storage's own helpers for policies (pure reads of
      // the object name or the request's operation).
      .filter(
        (n) =>
          !/^public\.(cf_|sec_)/.test(n) &&
          !/^storage\.(foldername|filename|extension|operation|allow_only_operation|allow_any_operation)$/.test(
            n,
          ),
      );
    // Each is meant for visitors: free booking times, the public invoice and receipt (by their
    // unguessable ids), a listing's agent card, the slug redirects of listings and posts, the
    // one-click unsubscribe and a campaign link's click (each by its signed per-recipient token;
    // a click only ever gives back that campaign's own stored link).
    expect([...new Set(names)].sort()).toEqual([
      "public.available_slots",
      "public.get_public_invoice",
      "public.get_public_receipt",
      "public.listing_agent",
      "public.post_redirect_slug",
      "public.property_redirect_slug",
      "public.record_email_click",
      "public.unsubscribe",
      "public.unsubscribe_address",
    ]);
  });

  it.each(["team_unread_counts", "mark_team_messages_as_read"])("anon calling %s is refused", async (fn) => {
    const res = await fetch(`${SUPABASE_URL}/rest/v1/rpc/${fn}`, {
      method: "POST",
      headers: apiHeaders({ "content-type": "application/json" }),
      body: JSON.stringify(fn === "mark_team_messages_as_read" ? { channel_id_param: "general" } : {}),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe("42501");
  });
});

describe("sign-up with an over-long name", () => {
  it("is refused with a clear 4xx and creates nobody", async () => {
    const email = uniqueEmail("longname");
    const res = await fetch(`${SUPABASE_URL}/auth/v1/signup`, {
      method: "POST",
      headers: apiHeaders({ "content-type": "application/json" }),
      body: JSON.stringify({
        email,
        password: "a-good-password-1",
        data: { first_name: "A".repeat(150), last_name: "Mensah" },
      }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { msg?: string; message?: string };
    expect(body.msg ?? body.message ?? "").toMatch(/first name/i);
    const { data } = await serviceClient().from("profiles").select("user_id").eq("email", email);
    expect(data).toEqual([]);
  });
});

describe("oversized bodies to the form API", () => {
  const big = Buffer.alloc(5 * 1024 * 1024, "a");

  it.each([
    ["contact", "application/json"],
    ["unknown-form", "application/json"],
    ["contact", "text/plain"],
  ])("POST /api/forms/%s (%s, 5 MB) → 413", async (kind, type) => {
    const res = await edge(`/api/forms/${kind}`, {
      method: "POST",
      headers: { "content-type": type },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.text).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
  });

  it("the same with chunked framing (no Content-Length)", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: SITE_PORT,
          path: "/api/forms/unknown-form",
          method: "POST",
          headers: {
            host: `localhost:${SITE_PORT}`,
            "content-type": "application/json",
            "transfer-encoding": "chunked",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", (e) =>
        (e as NodeJS.ErrnoException).code === "EPIPE" || (e as NodeJS.ErrnoException).code === "ECONNRESET"
          ? undefined
          : reject(e),
      );
      for (let i = 0; i < 80; i++) req.write(Buffer.alloc(64 * 1024, "a"));
      req.end();
    });
    expect(status).toBe(413);
  });
});
