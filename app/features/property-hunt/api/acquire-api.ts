/**
 * Acquiring a hunt: it becomes a draft listing in properties admin with its data
 * and photos. Storage bytes cannot be copied in SQL, so the client copies each photo from the
 * private hunt-photos bucket into property-images under the NEW listing's folder (its id chosen
 * here), then asks the database (acquire_property_hunt) to create the listing, its photo rows and
 * owner contact, move the hunt to Acquired and hand the title file over — all in one transaction.
 * If the database refuses, the copies are removed again, so nothing half-done stays behind.
 */
import { PROPERTY_IMAGES_BUCKET } from "#core/content-model.ts";
import { HUNT_PHOTOS_BUCKET, type HuntPhotoRow } from "#core/property-hunt/hunt-schema.ts";
import { supabase } from "#app/lib/supabase.ts";

export async function acquireHunt(
  huntId: string,
  photos: readonly Pick<HuntPhotoRow, "storage_path">[],
  onProgress?: (done: number, total: number) => void,
): Promise<string> {
  const listingId = crypto.randomUUID();
  const copied: string[] = [];
  try {
    for (const [i, photo] of photos.entries()) {
      const ext = photo.storage_path.split(".").pop() ?? "jpg";
      const to = `${listingId}/${crypto.randomUUID()}.${ext}`;
      const { error } = await supabase.storage
        .from(HUNT_PHOTOS_BUCKET)
        .copy(photo.storage_path, to, { destinationBucket: PROPERTY_IMAGES_BUCKET });
      if (error) throw error;
      copied.push(to);
      onProgress?.(i + 1, photos.length);
    }
    const { data, error } = await supabase.rpc("acquire_property_hunt", {
      hunt: huntId,
      listing_id: listingId,
      photo_paths: copied,
    });
    if (error) throw error;
    return String(data);
  } catch (err) {
    if (copied.length) {
      const removed = await supabase.storage.from(PROPERTY_IMAGES_BUCKET).remove(copied);
      if (removed.error) console.error("acquire: could not remove the copied photos", removed.error);
    }
    throw err;
  }
}
