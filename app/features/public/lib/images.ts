/** Listing photos of this site's Supabase project (core/images.ts with the runtime config). */
import { storageImageSrcSet, storageImageUrl } from "#core/images.ts";
import { siteConfig } from "#app/lib/site-config.ts";

export function propertyImageUrl(storagePath: string): string {
  return storageImageUrl(siteConfig.supabaseUrl, storagePath);
}

export function propertyImageSrcSet(storagePath: string, widths: readonly number[] = [480, 800, 1200]): string | undefined {
  return storageImageSrcSet(siteConfig.supabaseUrl, storagePath, widths);
}
