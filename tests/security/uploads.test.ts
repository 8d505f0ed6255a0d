/**
 * Stored XSS through uploads. User files are served with a sandboxing CSP and
 * nosniff, as attachments unless they are safe raster images; MIME types are checked strictly
 * (no `image/png/x`, no `image/png/../../text/html`) for the product's buckets.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { raw } from "./support.ts";

const SCRIPTED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>`;
const service = serviceClient();
const cleanup: (() => Promise<unknown>)[] = [];
let user: TestUser;
let client: SupabaseClient;
let staff: SupabaseClient;

beforeAll(async () => {
  user = await createTestUser({ role: null });
  client = await signedInClient(user.email, user.password);
  staff = await signedInClient("staff@demo.test");
});
afterAll(async () => {
  for (const c of cleanup) await c().catch(() => undefined);
  if (user) await deleteTestUser(user.id);
});

async function tokenOf(c: SupabaseClient): Promise<string> {
  return (await c.auth.getSession()).data.session!.access_token;
}

describe("uploads cannot become script", () => {
  it("an uploaded SVG with <script> is served sandboxed, as an attachment, never sniffed", async () => {
    const name = `security-${crypto.randomUUID()}/x.svg`;
    const up = await staff.storage
      .from("property-images")
      .upload(name, new Blob([SCRIPTED_SVG], { type: "image/svg+xml" }), { contentType: "image/svg+xml" });
    expect(up.error).toBeNull();
    cleanup.push(() => service.storage.from("property-images").remove([name]));
    const token = await tokenOf(staff);
    for (const route of [`object/authenticated/property-images/${name}`, `object/property-images/${name}`]) {
      const res = await raw(`${SUPABASE_URL}/storage/v1/${route}`, {
        headers: { apikey: SUPABASE_PUBLISHABLE_KEY, authorization: `Bearer ${token}` },
      });
      expect(res.status, route).toBe(200);
      expect(res.headers["content-security-policy"], route).toMatch(/default-src 'none'.*sandbox/);
      expect(res.headers["x-content-type-options"], route).toBe("nosniff");
      expect(res.headers["content-disposition"] ?? "", route).toMatch(/^attachment/);
    }
  });

  it("a safe raster image stays inline, still with nosniff and the sandbox", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const name = `${user.id}/ok.png`;
    const up = await client.storage
      .from("avatars")
      .upload(name, png, { contentType: "image/png", upsert: true });
    expect(up.error).toBeNull();
    cleanup.push(() => service.storage.from("avatars").remove([name]));
    const res = await raw(`${SUPABASE_URL}/storage/v1/object/public/avatars/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toBeUndefined();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toMatch(/sandbox/);
  });

  it("refuses content types that only look like an allowed one", async () => {
    const html = `<html><body><script>alert(1)</script></body></html>`;
    for (const type of [
      "image/png/x",
      "image/png/../../text/html",
      "image/png;text/html",
      "text/html",
      "image/svg+xml",
    ]) {
      const name = `${user.id}/${crypto.randomUUID().slice(0, 8)}.png`;
      const { error } = await client.storage
        .from("avatars")
        .upload(name, new Blob([html], { type }), { contentType: type });
      expect(error, JSON.stringify(type)).not.toBeNull();
      const { data } = await service.storage.from("avatars").list(user.id);
      expect(
        (data ?? []).map((o) => o.name),
        JSON.stringify(type),
      ).not.toContain(name.split("/")[1]);
    }
  });
});
