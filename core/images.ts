/**
 * Public URLs of stored images (Supabase Storage, `property-images` bucket by default) and their
 * responsive variants. One definition for the SPA's <img> tags and the edge's meta, sitemaps
 * and preload hints, so a preload names exactly the URL the page then requests.
 */
import { PROPERTY_IMAGES_BUCKET } from "./content-model.ts";

const ABSOLUTE = /^https?:\/\//i;

/** Public object URL; absolute URLs pass through. */
export function storageImageUrl(supabaseUrl: string, path: string, bucket: string = PROPERTY_IMAGES_BUCKET): string {
  if (ABSOLUTE.test(path)) return path;
  const clean = path.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/");
  return `${supabaseUrl.replace(/\/+$/, "")}/storage/v1/object/public/${bucket}/${clean}`;
}

/**
 * srcset of resized renditions (Storage's /render/image/public/…?width=, served by hosted Supabase
 * and by the local emulator alike), or undefined for absolute URLs (not in our storage).
 */
export function storageImageSrcSet(supabaseUrl: string, path: string, widths: readonly number[]): string | undefined {
  if (ABSOLUTE.test(path)) return undefined;
  const base = storageImageUrl(supabaseUrl, path).replace("/storage/v1/object/public/", "/storage/v1/render/image/public/");
  return widths.map((w) => `${base}?width=${w}&quality=75 ${w}w`).join(", ");
}

/** The listing page's main photo: renditions and the slot it fills (its LCP element). */
export const GALLERY_IMAGE = { widths: [640, 960, 1400], sizes: "(min-width: 1024px) 800px, 100vw" } as const;
