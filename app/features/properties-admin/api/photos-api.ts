/**
 * A listing's photos: rows in `property_images` (ordered by position; the first is the cover),
 * files in the property-images bucket at `<property_id>/<uuid>.<ext>`. Previews use signed URLs,
 * which work whether the bucket is public or (for drafts) private. An upload stores the file
 * first and the row second, removing the file again if the row is refused, so a failure never
 * leaves a half-saved photo; a removal deletes the row first (the public page stops showing it)
 * and then the file.
 */
import { z } from "zod";
import { fileProblem } from "#core/records/file-rules.ts";
import { RecordError } from "#core/records/db-errors.ts";
import {
  LISTING_PHOTO_COLUMNS,
  listingObjectPath,
  listingPhotoRowSchema,
  PHOTO_RULES,
  PROPERTY_IMAGES_BUCKET,
  type ListingPhoto,
} from "#core/properties/property-media.ts";
import { uploadWithProgress, type UploadProgress } from "#app/lib/storage-upload-api.ts";
import { supabase } from "#app/lib/supabase.ts";

/** Signed preview URLs last an hour; the list refetches well before. */
export const PREVIEW_URL_SECONDS = 3600;

export interface PhotoWithUrl extends ListingPhoto {
  url: string | null;
}

export async function listPhotos(propertyId: string): Promise<PhotoWithUrl[]> {
  const { data, error } = await supabase
    .from("property_images")
    .select(LISTING_PHOTO_COLUMNS)
    .eq("property_id", propertyId)
    .order("position")
    .order("created_at");
  if (error) throw error;
  const photos = z.array(listingPhotoRowSchema).parse(data);
  if (photos.length === 0) return [];
  const signed = await supabase.storage.from(PROPERTY_IMAGES_BUCKET).createSignedUrls(
    photos.map((p) => p.storage_path),
    PREVIEW_URL_SECONDS,
  );
  if (signed.error) throw signed.error;
  const byPath = new Map(signed.data.map((s) => [s.path, s.signedUrl]));
  return photos.map((p) => ({ ...p, url: byPath.get(p.storage_path) ?? null }));
}

/** The pixel size of an image file (stored with the row: the public page reserves its space). */
async function dimensions(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export async function uploadPhoto(
  propertyId: string,
  file: File,
  position: number,
  onProgress?: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ListingPhoto> {
  const problem = fileProblem(file, PHOTO_RULES);
  if (problem) throw new RecordError(problem, "UPLOAD_REFUSED", "photos");
  const path = listingObjectPath(propertyId, crypto.randomUUID(), file.type);
  const size = await dimensions(file);
  await uploadWithProgress({ bucket: PROPERTY_IMAGES_BUCKET, path, file, onProgress, signal });
  const { data, error } = await supabase
    .from("property_images")
    .insert({
      property_id: propertyId,
      storage_path: path,
      position,
      width: size?.width ?? null,
      height: size?.height ?? null,
    })
    .select(LISTING_PHOTO_COLUMNS)
    .single();
  if (error) {
    // The row was refused: take the file back out, so nothing half-saved stays behind.
    const removed = await supabase.storage.from(PROPERTY_IMAGES_BUCKET).remove([path]);
    if (removed.error) console.error(`photos: could not remove ${path} after a refused row`, removed.error);
    throw error;
  }
  return listingPhotoRowSchema.parse(data);
}

export async function updateAltText(id: string, altText: string | null): Promise<void> {
  const { error } = await supabase
    .from("property_images")
    .update({ alt_text: altText })
    .eq("id", id)
    .select("id")
    .single();
  if (error) throw error;
}

/** The new order (first = cover), saved all at once by the database. */
export async function reorderPhotos(propertyId: string, ids: readonly string[]): Promise<void> {
  const { error } = await supabase.rpc("reorder_property_images", {
    listing_id: propertyId,
    image_ids: [...ids],
  });
  if (error) throw error;
}

export async function removePhoto(photo: Pick<ListingPhoto, "id" | "storage_path">): Promise<void> {
  const { error } = await supabase.from("property_images").delete().eq("id", photo.id).select("id").single();
  if (error) throw error;
  const removed = await supabase.storage.from(PROPERTY_IMAGES_BUCKET).remove([photo.storage_path]);
  // The row is gone, so no page shows the file any more; a leftover file is only storage.
  if (removed.error)
    console.error(`photos: removed the row but not the file ${photo.storage_path}`, removed.error);
}

/** The cover (first photo) of each listing, as signed preview URLs: property id → URL. */
export async function coverUrls(
  propertyIds: readonly string[],
): Promise<Map<string, { url: string; alt: string | null }>> {
  const out = new Map<string, { url: string; alt: string | null }>();
  if (propertyIds.length === 0) return out;
  const { data, error } = await supabase
    .from("property_images")
    .select("property_id, storage_path, alt_text, position")
    .in("property_id", propertyIds)
    .order("position");
  if (error) throw error;
  const first = new Map<string, { storage_path: string; alt_text: string | null }>();
  for (const row of z
    .array(z.object({ property_id: z.string(), storage_path: z.string(), alt_text: z.string().nullable() }))
    .parse(data)) {
    if (!first.has(row.property_id)) first.set(row.property_id, row);
  }
  if (first.size === 0) return out;
  const signed = await supabase.storage.from(PROPERTY_IMAGES_BUCKET).createSignedUrls(
    [...first.values()].map((r) => r.storage_path),
    PREVIEW_URL_SECONDS,
  );
  if (signed.error) throw signed.error;
  const byPath = new Map(signed.data.map((s) => [s.path, s.signedUrl]));
  for (const [id, row] of first) {
    const url = byPath.get(row.storage_path);
    if (url) out.set(id, { url, alt: row.alt_text });
  }
  return out;
}
