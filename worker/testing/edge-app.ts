/**
 * The common setup of the edge app's test files (app*.test.ts): the app with in-memory content
 * and form store, a stand-in admin check (tokens name their user's role: "admin-token",
 * "staff-token", "visitor-token"), and before each test an empty cache and the same listings,
 * posts and USD rates. Call once at the top of a file.
 */
import { env } from "cloudflare:test";
import { beforeEach } from "vitest";
import type { AdminCheck } from "../admin-auth.ts";
import { createApp } from "../app.ts";
import { markStale, resetMemoryCache } from "../edge-cache.ts";
import { makePost, makeProperty, MemoryContent, MemoryFormStore } from "./memory-content.ts";

export function edgeAppFixture() {
  const content = new MemoryContent();
  const store = new MemoryFormStore();
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
  const app = createApp({ content: () => content, forms: () => store, verifyAdmin, sitemapPageSize: 2 });
  const get = (url: string, init?: RequestInit) => app.request(url, init, env);

  beforeEach(async () => {
    resetMemoryCache();
    await markStale();
    content.down = false;
    store.down = false;
    store.rows = [];
    store.free = [];
    store.slotQueries = [];
    content.properties = [
      makeProperty("4-bedroom-house-east-legon"),
      makeProperty("3-bedroom-apartment-cantonments", {
        listing_type: "rent",
        rent_period: "month",
        price: 3500,
        property_type: "apartment",
        neighbourhood: "Cantonments",
        status: "under_offer",
      }),
      makeProperty("land-oyarifa", {
        property_type: "land",
        currency: "GHS",
        price: 280000,
        bedrooms: null,
        bathrooms: null,
        property_images: [],
      }),
    ];
    content.rates = [
      { rate: 12.35, effective_on: "2026-10-01" },
      { rate: 12.1, effective_on: "2026-11-20" },
      { rate: 99, effective_on: "2099-01-01" },
    ];
    content.posts = [
      makePost("land-checks"),
      makePost("rent-advance", { published_at: "2026-11-20T08:00:00.000Z", cover_image_url: null }),
    ];
    store.publishedProperties = new Map([
      ["4-bedroom-house-east-legon", "7d0c3a8e-2a6f-4a57-9a3e-0b1f2c3d4e5f"],
    ]);
  });

  return { content, store, app, get, verifyAdmin };
}
