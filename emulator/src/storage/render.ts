/**
 * Image transformations (`/storage/v1/render/image/{public|authenticated}/{bucket}/{path}`), as
 * hosted Supabase serves them (imgproxy there, sharp here): `width` and `height` 1–2500,
 * `resize` cover (default) | contain | fill, `quality` 20–100 (default 80), `format=origin` to
 * keep the stored format; otherwise WebP when the client accepts it. The same RLS as a download
 * decides access (the caller resolves the object first). Renditions are kept in a small cache.
 */
import sharp from "sharp";
import { z } from "zod";
import { ERR } from "./errors.ts";

const dimension = z.coerce.number().int().min(1).max(2500);

/** The query string of a render request (shared by the route and its tests). */
export const transformQuery = z.object({
  width: dimension.optional(),
  height: dimension.optional(),
  resize: z.enum(["cover", "contain", "fill"]).default("cover"),
  quality: z.coerce.number().int().min(20).max(100).default(80),
  format: z.enum(["origin"]).optional(),
});
export type TransformQuery = z.infer<typeof transformQuery>;

const FIT = { cover: "cover", contain: "inside", fill: "fill" } as const;
const RASTER_OUT: Record<string, "jpeg" | "png" | "webp" | "gif" | "avif"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
};
const MAX_INPUT_BYTES = 25 * 1024 * 1024;
const CACHE_ENTRIES = 200;
const cache = new Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>();

export function parseTransformQuery(query: Record<string, string>): TransformQuery {
  const parsed = transformQuery.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw ERR.invalidRequest(`querystring/${issue.path.join("/")} ${issue.message}`);
  }
  return parsed.data;
}

/** Renders `bytes` (stored as `mimetype`) per `q`; `acceptsWebp` from the request's Accept header. */
export async function renderImage(
  bytes: Uint8Array,
  mimetype: string,
  q: TransformQuery,
  opts: { acceptsWebp: boolean; cacheKey: string },
): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  if (!mimetype.startsWith("image/"))
    throw ERR.invalidRequest(`Unsupported content type for image transformation: ${mimetype}`);
  if (bytes.byteLength > MAX_INPUT_BYTES) throw ERR.entityTooLarge("image", "25MB");
  // SVG (and anything without a raster format of its own) is rasterised to PNG unless WebP is wanted.
  const origin = RASTER_OUT[mimetype] ?? "png";
  const out = q.format === "origin" || !opts.acceptsWebp ? origin : "webp";
  const key = `${opts.cacheKey}|${q.width ?? ""}x${q.height ?? ""}|${q.resize}|${q.quality}|${out}`;
  const hit = cache.get(key);
  if (hit) return hit;

  let img = sharp(bytes, { limitInputPixels: 50_000_000 });
  if (q.width || q.height) img = img.resize({ width: q.width, height: q.height, fit: FIT[q.resize] });
  try {
    const body = new Uint8Array(await img.toFormat(out, { quality: q.quality }).toBuffer());
    const result = { body, type: `image/${out}` };
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, result);
    return result;
  } catch (e) {
    throw ERR.invalidRequest(
      `The image could not be transformed: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}
