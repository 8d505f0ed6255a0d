/** Listing photos and blog covers, same-origin from the edge (core/images.ts). */
import { publicImageSrcSet, publicImageUrl } from "#core/images.ts";

export function propertyImageUrl(storagePath: string): string {
  return publicImageUrl(storagePath);
}

export function propertyImageSrcSet(
  storagePath: string,
  widths: readonly number[] = [480, 800, 1200],
): string | undefined {
  return publicImageSrcSet(storagePath, widths);
}
