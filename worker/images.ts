/**
 * GET /images/<object path>[?width=N]: listing photos and blog covers for visitors, same-origin.
 * The `property-images` bucket is private; this asks Storage's authenticated endpoints with the
 * publishable key (as supabase-js would for a visitor), so Postgres RLS decides: photos of
 * public listings and covers of published posts, nothing else (see the security-hardening
 * migration). Renditions come from Storage's image transformation (WebP when the browser takes
 * it); an SVG original is always rasterised. Only raster images go out, with a sandboxing CSP and
 * nosniff, cached briefly at the edge and in browsers (unpublishing takes effect within minutes).
 */
import type { Context } from "hono";
import { IMAGE_QUALITY, IMAGE_WIDTHS, imageObjectPath } from "#core/images.ts";
import { PROPERTY_IMAGES_BUCKET } from "#core/content-model.ts";
import type { EdgeContext } from "./env.ts";

/** Browser and edge lifetime of a served photo (seconds). */
export const IMAGE_MAX_AGE = 300;
/** What a visitor's browser may do with an image: show it, nothing more. */
export const IMAGE_CSP = "default-src 'none'; sandbox";
const RASTER_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);

function notFound(c: Context): Response {
  return c.json({ error: "not_found", message: "No such image" }, 404, { "cache-control": "no-store" });
}

/** The Storage URL answering this request (object or rendition), or a 400 message. */
export function storageUrlFor(
  edge: Pick<EdgeContext, "supabaseUrl">,
  objectPath: string,
  query: { width?: string },
): string | { error: string } {
  const encoded = objectPath.split("/").map(encodeURIComponent).join("/");
  const base = `${edge.supabaseUrl.replace(/\/+$/, "")}/storage/v1`;
  let width: number | null = null;
  if (query.width !== undefined) {
    width = Number(query.width);
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width))
      return { error: `width must be one of ${IMAGE_WIDTHS.join(", ")}` };
  }
  const isSvg = /\.svg$/i.test(objectPath);
  if (width === null && !isSvg) return `${base}/object/authenticated/${PROPERTY_IMAGES_BUCKET}/${encoded}`;
  const params = new URLSearchParams();
  if (width !== null) params.set("width", String(width));
  params.set("quality", String(IMAGE_QUALITY));
  return `${base}/render/image/authenticated/${PROPERTY_IMAGES_BUCKET}/${encoded}?${params}`;
}

/** The edge cache's key of one rendition and format of an image. */
export function imageCacheKey(pathname: string, search: string, webp: boolean): string {
  return `https://image-cache.ghana-realty.internal${pathname}${search}${search ? "&" : "?"}webp=${webp ? 1 : 0}`;
}

/** Every cache key an image can have (original and each width, WebP or not): what a purge deletes. */
export function allImageCacheKeys(pathname: string): string[] {
  const searches = ["", ...IMAGE_WIDTHS.map((w) => `?width=${w}`)];
  return searches.flatMap((search) => [
    imageCacheKey(pathname, search, false),
    imageCacheKey(pathname, search, true),
  ]);
}

export async function servePublicImage(c: Context, edge: EdgeContext): Promise<Response> {
  const url = new URL(c.req.url);
  const objectPath = imageObjectPath(url.pathname);
  if (!objectPath) return notFound(c);
  const unknown = [...url.searchParams.keys()].filter((k) => k !== "width");
  if (unknown.length)
    return c.json({ error: "bad_request", message: `Unknown parameter ${unknown[0]}` }, 400);
  const target = storageUrlFor(edge, objectPath, { width: url.searchParams.get("width") ?? undefined });
  if (typeof target !== "string") return c.json({ error: "bad_request", message: target.error }, 400);
  const webp = (c.req.header("accept") ?? "").includes("image/webp");

  // One cache entry per rendition and format; only successful answers are kept.
  const cacheKey = new Request(imageCacheKey(url.pathname, url.search, webp));
  const cache = (globalThis as { caches?: { default?: Cache } }).caches?.default ?? null;
  const hit = await cache?.match(cacheKey);
  if (hit) return new Response(hit.body, hit);

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      headers: {
        apikey: edge.publishableKey,
        authorization: `Bearer ${edge.publishableKey}`,
        accept: webp ? "image/webp,image/*" : "image/*",
      },
    });
  } catch (err) {
    console.error(`[images] ${objectPath}: storage unreachable`, err);
    return c.json({ error: "unavailable", message: "Images are unavailable right now" }, 503, {
      "retry-after": "30",
    });
  }
  if (upstream.status >= 500) {
    await upstream.body?.cancel();
    console.error(`[images] ${objectPath}: storage answered ${upstream.status}`);
    return c.json({ error: "unavailable", message: "Images are unavailable right now" }, 503, {
      "retry-after": "30",
    });
  }
  const type = (upstream.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  // Not found, not allowed (RLS), or not a raster image: all the same to a visitor.
  if (!upstream.ok || !RASTER_TYPES.has(type)) {
    await upstream.body?.cancel();
    return notFound(c);
  }
  const headers = new Headers({
    "content-type": type,
    "cache-control": `public, max-age=${IMAGE_MAX_AGE}`,
    "content-security-policy": IMAGE_CSP,
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "same-site",
    vary: "Accept",
  });
  for (const h of ["content-length", "etag", "last-modified"]) {
    const v = upstream.headers.get(h);
    if (v) headers.set(h, v);
  }
  const res = new Response(upstream.body, { status: 200, headers });
  if (cache) {
    const put = cache.put(cacheKey, res.clone()).catch(() => undefined);
    try {
      c.executionCtx.waitUntil(put);
    } catch {
      await put; // no execution context (app.request in a unit test)
    }
  }
  return res;
}
