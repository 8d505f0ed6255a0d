/** Public URLs of listing photos in the `property-images` bucket, with responsive variants. */
import { PROPERTY_IMAGES_BUCKET } from "../../../../core/content-model.ts";
import { siteConfig } from "../../../lib/site-config.ts";

export function propertyImageUrl(storagePath: string): string {
  if (/^https?:\/\//.test(storagePath)) return storagePath;
  const path = storagePath.split("/").map(encodeURIComponent).join("/");
  return `${siteConfig.supabaseUrl}/storage/v1/object/public/${PROPERTY_IMAGES_BUCKET}/${path}`;
}

/**
 * srcset for a stored image. Hosted Supabase serves resized renditions from
 * /render/image/public/…?width=; the local emulator serves originals, so locally the
 * srcset names one candidate.
 */
export function propertyImageSrcSet(storagePath: string, widths: readonly number[] = [480, 800, 1200]): string | undefined {
  if (/^https?:\/\//.test(storagePath)) return undefined;
  const local = /^(http:\/\/(127\.0\.0\.1|localhost))/.test(siteConfig.supabaseUrl);
  if (local) return undefined;
  const base = propertyImageUrl(storagePath).replace("/storage/v1/object/public/", "/storage/v1/render/image/public/");
  return widths.map((w) => `${base}?width=${w}&quality=75 ${w}w`).join(", ");
}
