/**
 * Reads the public content (published listings and posts) for meta tags, share pages, sitemaps
 * and the feed. Uses the publishable key, so Postgres RLS decides what is published — the worker
 * never sees drafts. Rows are parsed with the schemas from core/schemas/content.ts before use.
 */
import * as v from "valibot";
import { restClient } from "#core/rest-client.ts";
import {
  numericSchema,
  publicBlogPostSchema,
  publicPropertySchema,
  type PublicBlogPost,
  type PublicProperty,
} from "#core/schemas/content.ts";
import type { UsdGhsRate } from "#core/site-config.ts";
import type { EdgeEnv } from "./env.ts";

/** The database could not be reached or answered with an error: callers answer 503, never 404. */
export class ContentUnavailableError extends Error {
  override readonly name = "ContentUnavailableError";
  readonly code = "content_unavailable";
}

export interface SitemapEntry {
  slug: string;
  updated_at: string;
  images: string[];
}

export interface ContentSource {
  propertyBySlug(slug: string): Promise<PublicProperty | null>;
  postBySlug(slug: string): Promise<PublicBlogPost | null>;
  countProperties(): Promise<number>;
  /** Published listings ordered by newest first, `offset`..`offset+limit`. */
  propertySitemapEntries(offset: number, limit: number): Promise<SitemapEntry[]>;
  countPosts(): Promise<number>;
  postSitemapEntries(offset: number, limit: number): Promise<SitemapEntry[]>;
  /** Newest published posts for the feed. */
  latestPosts(limit: number): Promise<PublicBlogPost[]>;
  /** The newest USD→GHS rate in effect on `day` (YYYY-MM-DD), or null if none is. */
  usdGhsRate(day: string): Promise<UsdGhsRate | null>;
  /** The current slug of a published listing that used to be at `oldSlug` (renamed), or null. */
  propertyRedirect(oldSlug: string): Promise<string | null>;
  /** The current slug of a published post that used to be at `oldSlug` (renamed), or null. */
  postRedirect(oldSlug: string): Promise<string | null>;
  /** Whether /invoice/{id} names a public invoice (get_public_invoice: known and not a draft). */
  invoiceIsPublic(id: string): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PROPERTY_COLUMNS =
  "id,slug,title,description,property_type,listing_type,status,price,currency,rent_period,bedrooms,bathrooms," +
  "floor_area_sqm,land_size_sqm,address,neighbourhood,city,region,latitude,longitude,seo_title,seo_description," +
  "published_at,updated_at,property_images(storage_path,alt_text,position,width,height)";
export const POST_COLUMNS =
  "id,slug,title,excerpt,cover_image_url,cover_image_alt,tags,author_name,seo_title,seo_description,published_at,updated_at";

/** PostgREST's default max rows per request (supabase/config.toml [api] max_rows). */
const PAGE = 1000;

const sitemapPropertyRow = v.object({
  slug: v.string(),
  updated_at: v.string(),
  property_images: v.optional(v.array(v.object({ storage_path: v.string(), position: v.number() })), []),
});
const rateRow = v.object({
  rate: v.pipe(numericSchema, v.minValue(Number.MIN_VALUE)),
  effective_on: v.string(),
});
const sitemapPostRow = v.object({
  slug: v.string(),
  updated_at: v.string(),
  cover_image_url: v.nullable(v.string()),
});

function fail(context: string, error: unknown): never {
  const message =
    error && typeof error === "object" && "message" in error
      ? String((error as { message: unknown }).message)
      : String(error);
  console.error(`[content] ${context}: ${message}`);
  throw new ContentUnavailableError(`${context}: ${message}`);
}

function sortImages(p: PublicProperty): PublicProperty {
  return { ...p, property_images: [...p.property_images].sort((a, b) => a.position - b.position) };
}

export function supabaseContentSource(
  env: Pick<EdgeEnv, "SUPABASE_URL" | "SUPABASE_PUBLISHABLE_KEY">,
): ContentSource {
  const db = restClient(env.SUPABASE_URL, env.SUPABASE_PUBLISHABLE_KEY);

  async function run<T>(
    context: string,
    q: PromiseLike<{ data: T | null; error: unknown; count?: number | null }>,
  ) {
    let res: { data: T | null; error: unknown; count?: number | null };
    try {
      res = await q;
    } catch (err) {
      fail(context, err);
    }
    if (res.error) fail(context, res.error);
    return res;
  }

  async function paged<R>(
    context: string,
    offset: number,
    limit: number,
    page: (from: number, to: number) => PromiseLike<{ data: R[] | null; error: unknown }>,
  ) {
    const out: R[] = [];
    for (let from = offset; from < offset + limit; from += PAGE) {
      const to = Math.min(from + PAGE, offset + limit) - 1;
      const { data } = await run(context, page(from, to));
      const rows = data ?? [];
      out.push(...rows);
      if (rows.length < to - from + 1) break;
    }
    return out;
  }

  return {
    async propertyBySlug(slug) {
      const { data } = await run(
        "property by slug",
        db.from("properties").select(PROPERTY_COLUMNS).eq("slug", slug).limit(1),
      );
      const row = (data as unknown[] | null)?.[0];
      if (!row) return null;
      const parsed = v.safeParse(publicPropertySchema, row);
      if (!parsed.success) fail(`property ${slug} has an unexpected shape`, v.summarize(parsed.issues));
      return sortImages(parsed.output);
    },
    async postBySlug(slug) {
      const { data } = await run(
        "post by slug",
        db.from("blog_posts").select(POST_COLUMNS).eq("slug", slug).limit(1),
      );
      const row = (data as unknown[] | null)?.[0];
      if (!row) return null;
      const parsed = v.safeParse(publicBlogPostSchema, row);
      if (!parsed.success) fail(`post ${slug} has an unexpected shape`, v.summarize(parsed.issues));
      return parsed.output;
    },
    async countProperties() {
      const { count } = await run(
        "count properties",
        db.from("properties").select("id", { count: "exact", head: true }),
      );
      return count ?? 0;
    },
    async propertySitemapEntries(offset, limit) {
      const rows = await paged("property sitemap", offset, limit, (from, to) =>
        db
          .from("properties")
          .select("slug,updated_at,property_images(storage_path,position)")
          .order("published_at", { ascending: false })
          .order("id")
          .range(from, to),
      );
      return rows.map((r) => {
        const p = v.parse(sitemapPropertyRow, r);
        return {
          slug: p.slug,
          updated_at: p.updated_at,
          images: [...p.property_images].sort((a, b) => a.position - b.position).map((i) => i.storage_path),
        };
      });
    },
    async countPosts() {
      const { count } = await run(
        "count posts",
        db.from("blog_posts").select("id", { count: "exact", head: true }),
      );
      return count ?? 0;
    },
    async postSitemapEntries(offset, limit) {
      const rows = await paged("post sitemap", offset, limit, (from, to) =>
        db
          .from("blog_posts")
          .select("slug,updated_at,cover_image_url")
          .order("published_at", { ascending: false })
          .order("id")
          .range(from, to),
      );
      return rows.map((r) => {
        const p = v.parse(sitemapPostRow, r);
        return {
          slug: p.slug,
          updated_at: p.updated_at,
          images: p.cover_image_url ? [p.cover_image_url] : [],
        };
      });
    },
    async usdGhsRate(day) {
      const { data } = await run(
        "exchange rate",
        db
          .from("exchange_rates")
          .select("rate,effective_on")
          .eq("base_currency", "USD")
          .eq("quote_currency", "GHS")
          .lte("effective_on", day)
          .order("effective_on", { ascending: false })
          .limit(1),
      );
      const row = (data as unknown[] | null)?.[0];
      if (!row) return null;
      const parsed = v.safeParse(rateRow, row);
      if (!parsed.success) fail("exchange rate has an unexpected shape", v.summarize(parsed.issues));
      return { rate: parsed.output.rate, asOf: parsed.output.effective_on };
    },
    async propertyRedirect(oldSlug) {
      const { data } = await run(
        "property redirect",
        db.rpc("property_redirect_slug", { old_slug: oldSlug }),
      );
      return typeof data === "string" && data !== "" ? data : null;
    },
    async postRedirect(oldSlug) {
      const { data } = await run("post redirect", db.rpc("post_redirect_slug", { old_slug: oldSlug }));
      return typeof data === "string" && data !== "" ? data : null;
    },
    async invoiceIsPublic(id) {
      if (!UUID.test(id)) return false;
      const { data } = await run("public invoice", db.rpc("get_public_invoice", { invoice_id: id }));
      return data !== null && typeof data === "object";
    },
    async latestPosts(limit) {
      const { data } = await run(
        "latest posts",
        db.from("blog_posts").select(POST_COLUMNS).order("published_at", { ascending: false }).limit(limit),
      );
      return v.parse(v.array(publicBlogPostSchema), data ?? []);
    },
  };
}
