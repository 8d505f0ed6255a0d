/**
 * The files attached to a record (public.file_attachments → public.files): a list a record page
 * drops in for its listing, contact, deal or invoice — `<AttachmentsPanel recordType="contact"
 * recordId={id} />` — or that the Files module adds through a record-panel slot. Generic: it reads
 * the tables through RLS (a file shows only to whoever may see it; trashed files are left out)
 * and opens a file through a one-minute signed link; attaching happens on the Files screen.
 */
import { FileIcon } from "lucide-react";
import { ATTACHABLE_LABELS, type AttachableRecord } from "#core/files/files.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { formatBytes } from "#core/records/file-rules.ts";
import { Button } from "#app/components/ui/button.tsx";
import { toastError } from "#app/lib/query-client.ts";
import { type AttachedFile, attachmentLink } from "./api/attachments-api.ts";
import { useRecordAttachments } from "./hooks/record-queries.ts";

async function open(file: AttachedFile["files"]) {
  try {
    window.location.assign(await attachmentLink(file));
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
  const attached = useRecordAttachments(recordType, recordId);
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
