/**
 * The files attached to a record (public.file_attachments → public.files), read through RLS: a
 * file shows only to whoever may see it, trashed files are left out.
 */
import { z } from "zod";
import { FILES_BUCKET, type AttachableRecord } from "#core/files/files.ts";
import { supabase } from "#app/lib/supabase.ts";

/** An opened file's link lives one minute: enough to open, too short to pass around. */
const OPEN_SECONDS = 60;

const attachedSchema = z.array(
  z.object({
    id: z.string(),
    created_at: z.string(),
    files: z.object({
      id: z.string(),
      name: z.string(),
      mime_type: z.string(),
      size_bytes: z.number(),
      storage_path: z.string(),
    }),
  }),
);
export type AttachedFile = z.output<typeof attachedSchema>[number];

/** The record's attached files the user may see, newest first (trashed ones left out). */
export async function recordAttachments(
  recordType: AttachableRecord,
  recordId: string,
): Promise<AttachedFile[]> {
  const { data, error } = await supabase
    .from("file_attachments")
    .select("id, created_at, files!inner (id, name, mime_type, size_bytes, storage_path)")
    .eq("record_type", recordType)
    .eq("record_id", recordId)
    .is("files.deleted_at", null)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return attachedSchema.parse(data);
}

/** A one-minute link that downloads the file under its own name. */
export async function attachmentLink(file: AttachedFile["files"]): Promise<string> {
  const { data, error } = await supabase.storage
    .from(FILES_BUCKET)
    .createSignedUrl(file.storage_path, OPEN_SECONDS, { download: file.name });
  if (error) throw error;
  return data.signedUrl;
}
