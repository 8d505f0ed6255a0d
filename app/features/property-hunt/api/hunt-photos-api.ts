/**
 * Photos from inspections: rows in property_hunt_photos, files in the private hunt-photos bucket at
 * `<hunt_id>/<uuid>.<ext>`, previews through signed URLs. A phone's large photo is scaled down in
 * the browser first (app/lib/image-resize.ts); the file goes up first, then the row, and the file
 * is removed again if the row is refused.
 */
import { z } from "zod";
import { RecordError } from "#core/records/db-errors.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import {
  HUNT_PHOTO_COLUMNS,
  HUNT_PHOTO_RULES,
  HUNT_PHOTOS_BUCKET,
  huntPhotoPath,
  huntPhotoRowSchema,
  PHOTO_MAX_EDGE_PX,
  PHOTO_RESIZE_ABOVE_BYTES,
  type HuntPhotoRow,
} from "#core/property-hunt/hunt-schema.ts";
import { resizeImage } from "#app/lib/image-resize.ts";
import { uploadWithProgress, type UploadProgress } from "#app/lib/storage-upload-api.ts";
import { supabase } from "#app/lib/supabase.ts";

export const HUNT_PREVIEW_SECONDS = 3600;

export interface HuntPhoto extends HuntPhotoRow {
  url: string | null;
}

export async function listHuntPhotos(huntId: string): Promise<HuntPhoto[]> {
  const { data, error } = await supabase
    .from("property_hunt_photos")
    .select(HUNT_PHOTO_COLUMNS)
    .eq("hunt_id", huntId)
    .order("position")
    .order("created_at");
  if (error) throw error;
  const rows = z.array(huntPhotoRowSchema).parse(data);
  if (!rows.length) return [];
  const signed = await supabase.storage.from(HUNT_PHOTOS_BUCKET).createSignedUrls(
    rows.map((r) => r.storage_path),
    HUNT_PREVIEW_SECONDS,
  );
  if (signed.error) throw signed.error;
  const byPath = new Map(signed.data.map((s) => [s.path, s.signedUrl]));
  return rows.map((r) => ({ ...r, url: byPath.get(r.storage_path) ?? null }));
}

export async function uploadHuntPhoto(
  huntId: string,
  original: File,
  opts: { position: number; inspectionId?: string | null; onProgress?: (p: UploadProgress) => void },
): Promise<HuntPhotoRow> {
  const problem = fileProblem(original, HUNT_PHOTO_RULES);
  if (problem) throw new RecordError(problem, "UPLOAD_REFUSED", "photos");
  const { file, width, height } = await resizeImage(original, {
    maxEdge: PHOTO_MAX_EDGE_PX,
    aboveBytes: PHOTO_RESIZE_ABOVE_BYTES,
  });
  // Still too big after resizing (a file the browser could not decode): refused with the limit named.
  const after = fileProblem(file, HUNT_PHOTO_RULES);
  if (after) throw new RecordError(after, "UPLOAD_REFUSED", "photos");
  const path = huntPhotoPath(huntId, crypto.randomUUID(), file.type);
  await uploadWithProgress({ bucket: HUNT_PHOTOS_BUCKET, path, file, onProgress: opts.onProgress });
  const { data, error } = await supabase
    .from("property_hunt_photos")
    .insert({
      hunt_id: huntId,
      storage_path: path,
      position: opts.position,
      inspection_id: opts.inspectionId ?? null,
      width,
      height,
    })
    .select(HUNT_PHOTO_COLUMNS)
    .single();
  if (error) {
    const removed = await supabase.storage.from(HUNT_PHOTOS_BUCKET).remove([path]);
    if (removed.error)
      console.error(`hunt photos: could not remove ${path} after a refused row`, removed.error);
    throw error;
  }
  return huntPhotoRowSchema.parse(data);
}

export async function captionHuntPhoto(id: string, caption: string | null): Promise<void> {
  const { error } = await supabase
    .from("property_hunt_photos")
    .update({ caption })
    .eq("id", id)
    .select("id")
    .single();
  if (error) throw error;
}

export async function removeHuntPhoto(photo: Pick<HuntPhotoRow, "id" | "storage_path">): Promise<void> {
  const { error } = await supabase
    .from("property_hunt_photos")
    .delete()
    .eq("id", photo.id)
    .select("id")
    .single();
  if (error) throw error;
  const removed = await supabase.storage.from(HUNT_PHOTOS_BUCKET).remove([photo.storage_path]);
  if (removed.error)
    console.error(`hunt photos: removed the row but not the file ${photo.storage_path}`, removed.error);
}
