/**
 * The files attached to a record (public.file_attachments → public.files): a list a record page
 * drops in for its listing, contact, deal or invoice — `<AttachmentsPanel recordType="contact"
 * recordId={id} />` — or that the Files module adds through a record-panel slot. Generic: it reads
 * the tables through RLS (a file shows only to whoever may see it; trashed files are left out)
 * and opens a file through a one-minute signed link; attaching happens on the Files screen.
 */
import { useQuery } from "@tanstack/react-query";
import { FileIcon } from "lucide-react";
import { z } from "zod";
import { ATTACHABLE_LABELS, FILES_BUCKET, type AttachableRecord } from "#core/files/files.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { formatBytes } from "#core/records/file-rules.ts";
import { Button } from "#app/components/ui/button.tsx";
import { toastError } from "#app/lib/query-client.ts";
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

export const attachmentKeys = {
  record: (type: AttachableRecord, id: string) => ["record-attachments", type, id] as const,
};

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

async function open(file: AttachedFile["files"]) {
  try {
    const { data, error } = await supabase.storage
      .from(FILES_BUCKET)
      .createSignedUrl(file.storage_path, OPEN_SECONDS, { download: file.name });
    if (error) throw error;
    window.location.assign(data.signedUrl);
  } catch (err) {
    toastError(err, { errorTitle: `“${file.name}” did not open` });
  }
}

export function AttachmentsPanel({
  recordType,
  recordId,
}: {
  recordType: AttachableRecord;
  recordId: string;
}) {
  const attached = useQuery({
    queryKey: attachmentKeys.record(recordType, recordId),
    queryFn: () => recordAttachments(recordType, recordId),
  });
  if (attached.isPending) return <p className="text-sm text-muted-foreground">Loading attachments…</p>;
  if (attached.isError)
    return (
      <p className="text-sm text-destructive">
        Could not load the attachments: {describeDbError(attached.error).message}
      </p>
    );
  if (attached.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No files attached to this {ATTACHABLE_LABELS[recordType].toLowerCase()} (attach them from Files).
      </p>
    );
  return (
    <ul aria-label="Attached files" className="flex flex-col gap-1">
      {attached.data.map(({ id, files: file }) => (
        <li key={id} className="flex items-center gap-2 text-sm" data-attachment={file.name}>
          <FileIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate">{file.name}</span>
          <span className="tabular-nums text-muted-foreground">{formatBytes(file.size_bytes)}</span>
          <Button size="sm" variant="ghost" onClick={() => void open(file)}>
            Open<span className="sr-only"> {file.name}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
