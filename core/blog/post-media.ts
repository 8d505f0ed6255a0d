/**
 * Images of blog posts: the cover (shared as a 1200×630 card by WhatsApp, Facebook, X and
 * LinkedIn) and images inside the text. Both live in the property-images bucket under `blog/`:
 * covers at `blog/<uuid>.<ext>` (the seed's covers are `blog/<slug>.jpg`), inline images at
 * `blog/<post id>/<uuid>.<ext>` with a blog_post_images row. Visitors get them same-origin from
 * the edge under /images/<path>; the editor previews drafts with signed URLs.
 */
import { imageObjectPath, publicImageUrl } from "../images.ts";
import { extensionFor, type FileRules } from "../records/file-rules.ts";

export const BLOG_IMAGE_RULES: FileRules = {
  what: "Images",
  maxBytes: 10 * 1024 * 1024,
  types: { "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" },
};

/** The share card every network draws from og:image (Facebook's and LinkedIn's recommended size). */
export const SHARE_CARD = { width: 1200, height: 630 } as const;
/** Below this the networks show a small thumbnail instead of a large card. */
export const SHARE_CARD_MIN = { width: 600, height: 315 } as const;

export function blogCoverPath(objectId: string, type: string): string {
  return `blog/${objectId}.${extensionFor(type)}`;
}

export function blogInlineImagePath(postId: string, objectId: string, type: string): string {
  return `blog/${postId}/${objectId}.${extensionFor(type)}`;
}

/** Where visitors fetch a stored image of a post: same-origin, through the edge (core/images.ts). */
export function blogImageSrc(storagePath: string): string {
  return publicImageUrl(storagePath);
}

/** The stored object a post's image address names (`/images/blog/…`), or null (an outside image). */
export function storagePathOfSrc(src: string): string | null {
  const path = imageObjectPath(src.split(/[?#]/)[0]!);
  return path?.startsWith("blog/") ? path : null;
}

/** Markdown for an uploaded image: `![alt](/images/blog/…)`; brackets in the alt text are dropped. */
export function imageMarkdown(alt: string, storagePath: string): string {
  return `![${alt.replace(/[[\]\n]/g, " ").trim()}](${blogImageSrc(storagePath)})`;
}

/**
 * How a cover fills the share card: the card crops to 1.905:1 around the centre. Returns the part
 * of the image the card keeps, as fractions of its width and height, and whether it is too small
 * for a large card.
 */
export function shareCardCrop(
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number; tooSmall: boolean } {
  const target = SHARE_CARD.width / SHARE_CARD.height;
  const ratio = width / height;
  const tooSmall = width < SHARE_CARD_MIN.width || height < SHARE_CARD_MIN.height;
  if (ratio > target) {
    const w = target / ratio;
    return { x: (1 - w) / 2, y: 0, w, h: 1, tooSmall };
  }
  const h = ratio / target;
  return { x: 0, y: (1 - h) / 2, w: 1, h, tooSmall };
}
