/**
 * Addresses of the public site's stored images (listing photos and blog covers in the private
 * `property-images` bucket) and their responsive variants. Visitors get them same-origin from
 * the edge worker under /images/<object path>, which asks Storage with the publishable key so
 * RLS decides (photos of public listings and covers of published posts only). One definition for
 * the SPA's <img> tags and the edge's meta, sitemaps and preload hints, so a preload names
 * exactly the URL the page then requests.
 */

/** Where the edge serves public images. */
export const PUBLIC_IMAGE_PREFIX = "/images/";

/** Widths the edge renders (anything else is refused, so nobody fills caches with variants). */
export const IMAGE_WIDTHS = [320, 480, 640, 800, 960, 1200, 1400] as const;
/** JPEG/WebP quality of the renditions. */
export const IMAGE_QUALITY = 75;

const ABSOLUTE = /^https?:\/\//i;
/** A stored object's path as the public URL may carry it: plain segments, no dot-segments. */
const OBJECT_PATH = /^[A-Za-z0-9][A-Za-z0-9._ -]*(?:\/[A-Za-z0-9][A-Za-z0-9._ -]*)*$/;

/**
 * The public URL of a stored image: same-origin (`/images/<path>`), or absolute on `origin` (for
 * meta tags, feeds and sitemaps). Absolute URLs (images not in our storage) pass through.
 */
export function publicImageUrl(path: string, origin = ""): string {
  if (ABSOLUTE.test(path)) return path;
  const clean = path.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/");
  return `${origin.replace(/\/+$/, "")}${PUBLIC_IMAGE_PREFIX}${clean}`;
}

/** srcset of resized renditions (`?width=`), or undefined for absolute URLs (not in our storage). */
export function publicImageSrcSet(path: string, widths: readonly number[]): string | undefined {
  if (ABSOLUTE.test(path)) return undefined;
  const base = publicImageUrl(path);
  return widths.map((w) => `${base}?width=${w} ${w}w`).join(", ");
}

/** The object path an /images/… pathname names (decoded), or null when it is not a plain one. */
export function imageObjectPath(pathname: string): string | null {
  if (!pathname.startsWith(PUBLIC_IMAGE_PREFIX)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice(PUBLIC_IMAGE_PREFIX.length));
  } catch {
    return null;
  }
  return decoded.length <= 500 && OBJECT_PATH.test(decoded) ? decoded : null;
}

/** The listing page's main photo: renditions and the slot it fills (its LCP element). */
export const GALLERY_IMAGE = { widths: [640, 960, 1400], sizes: "(min-width: 1024px) 800px, 100vw" } as const;
