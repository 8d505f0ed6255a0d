/**
 * Social debug at the edge, in workerd with the in-memory content: the page is fetched through
 * the app itself as each network's crawler (four user agents), redirects are followed within the
 * site, other sites are refused, the share image is measured, and only admins may ask or purge.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import {
  NETWORKS,
  SOCIAL_DEBUG_PATH,
  SOCIAL_DEBUG_PURGE_PATH,
  socialDebugAnswerSchema,
} from "#core/seo/social-preview.ts";
import type { AdminCheck } from "./admin-auth.ts";
import { createApp } from "./app.ts";
import { cachedPost } from "./page-meta.ts";
import { markStale, resetMemoryCache } from "./edge-cache.ts";
import { makePost, makeProperty, MemoryContent } from "./testing/memory-content.ts";

const content = new MemoryContent();
const verifyAdmin = async (
  _ctx: unknown,
  token: string | null,
  roles: readonly string[],
): Promise<AdminCheck> => {
  if (!token) return { ok: false, status: 401, code: "missing_token", message: "Sign in" };
  const role = token.replace(/-token$/, "");
  return roles.includes(role)
    ? { ok: true, userId: `u-${role}` }
    : { ok: false, status: 403, code: "forbidden", message: "Not allowed" };
};
const app = createApp({ content: () => content, verifyAdmin });
const ask = (url: string, token = "admin-token") =>
  app.request(
    `http://crm.localhost${SOCIAL_DEBUG_PATH}?url=${encodeURIComponent(url)}`,
    { headers: { authorization: `Bearer ${token}` } },
    env,
  );

beforeEach(async () => {
  resetMemoryCache();
  await markStale();
  content.properties = [makeProperty("4-bedroom-house-east-legon", { property_images: [] })];
  content.posts = [makePost("land-checks", { cover_image_url: null, title: "Land checks before you pay" })];
  content.postRedirects = new Map([["old-land-checks", "land-checks"]]);
});

describe("GET /api/social-debug", () => {
  it("answers what each crawler gets for a post: title, description, type, canonical, JSON-LD, image and warnings", async () => {
    const res = await ask("http://localhost/blog/land-checks");
    expect(res.status).toBe(200);
    const body = socialDebugAnswerSchema.parse(await res.json());
    expect(body.networks.map((n) => n.network)).toEqual([...NETWORKS]);
    for (const n of body.networks) {
      expect(n.status).toBe(200);
      expect(n.title).toBe("Land checks before you pay | Ghana Realty");
      expect(n.type).toBe("article");
      expect(n.canonical).toBe("http://localhost/blog/land-checks");
      expect(n.jsonLdTypes).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
      expect(n.image?.url).toBe("http://localhost/og-default.jpg");
    }
    expect(body.networks.find((n) => n.network === "x")!.card).toBe("summary_large_image");
  });

  it("follows a renamed post's 301 like a crawler", async () => {
    const body = socialDebugAnswerSchema.parse(
      await (await ask("http://localhost/blog/old-land-checks")).json(),
    );
    expect(body.networks[0]!.redirects).toEqual(["http://localhost/blog/land-checks"]);
    expect(body.networks[0]!.finalUrl).toBe("http://localhost/blog/land-checks");
  });

  it("an unknown page is a 404 with a warning for every network", async () => {
    const body = socialDebugAnswerSchema.parse(await (await ask("/blog/no-such-post")).json());
    for (const n of body.networks) expect(n.warnings[0]).toMatch(/answers 404/);
  });

  it("refuses other sites, and non-admins", async () => {
    const other = await ask("https://example.com/");
    expect(other.status).toBe(400);
    expect((await other.json()) as { message: string }).toMatchObject({
      message: "Only addresses of this site (localhost)",
    });
    expect((await ask("javascript:alert(1)")).status).toBe(400);
    expect((await ask("/blog/land-checks", "staff-token")).status).toBe(403);
    expect((await app.request(`http://crm.localhost${SOCIAL_DEBUG_PATH}?url=/`, {}, env)).status).toBe(401);
  });
});

describe("POST /api/social-debug/purge", () => {
  it("forgets the page's cached lookups", async () => {
    await cachedPost(content, "land-checks");
    const res = await app.request(
      `http://crm.localhost${SOCIAL_DEBUG_PURGE_PATH}`,
      {
        method: "POST",
        headers: { authorization: "Bearer admin-token", "content-type": "application/json" },
        body: JSON.stringify({ url: "http://localhost/blog/land-checks" }),
      },
      env,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { purged: string[] };
    expect(body.purged).toContain("post:land-checks");
    const staff = await app.request(
      `http://crm.localhost${SOCIAL_DEBUG_PURGE_PATH}`,
      {
        method: "POST",
        headers: { authorization: "Bearer staff-token", "content-type": "application/json" },
        body: "{}",
      },
      env,
    );
    expect(staff.status).toBe(403);
  });
});
