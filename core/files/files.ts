/**
 * The Files module's rules, shared by the page and the tests: the private
 * bucket, what may be uploaded (the bucket and its storage policy enforce the same list and
 * limit: migration 20261125500200_files.sql), where an object goes, the records a file can be
 * attached to, how long a shared link lives, the trash's 30 days, and the rows' schemas.
 */
import { z } from "zod";
import type { FileRules } from "../records/file-rules.ts";

export const FILES_BUCKET = "files";

export const FILE_RULES: FileRules = {
  what: "Files",
  maxBytes: 25 * 1024 * 1024,
  types: {
    "application/pdf": "PDF",
    "image/jpeg": "JPEG",
    "image/png": "PNG",
    "image/webp": "WebP",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word (.docx)",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel (.xlsx)",
    "text/csv": "CSV",
    "text/plain": "text",
  },
};

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/csv": "csv",
  "text/plain": "txt",
};

/** `<owner uid>/<uuid>.<ext>`: the folder is the uploader (the insert policy reads it), the name is unguessable. */
export function fileObjectPath(ownerId: string, objectId: string, type: string): string {
  return `${ownerId}/${objectId}.${EXTENSIONS[type] ?? "bin"}`;
}

/** Images the page previews inline as <img>. */
export const isPreviewableImage = (type: string) =>
  type === "image/jpeg" || type === "image/png" || type === "image/webp";
/** PDFs the page previews in a frame (the browser's PDF viewer); other types download. */
export const isPreviewablePdf = (type: string) => type === "application/pdf";
export const isPreviewable = (type: string) => isPreviewableImage(type) || isPreviewablePdf(type);

export const TRASH_DAYS = 30;
const DAY = 86_400_000;

/** Whether a trashed file can still be restored (the database refuses it after 30 days too). */
export function restorable(deletedAt: string, now = Date.now()): boolean {
  return now - Date.parse(deletedAt) <= TRASH_DAYS * DAY;
}

/** Days left before a trashed file can no longer be restored (0 when too late). */
export function daysLeftInTrash(deletedAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(deletedAt) + TRASH_DAYS * DAY - now) / DAY));
}

/** Share links: how long they work (seconds), as the share dialog offers them. */
export const SHARE_DURATIONS = [
  { seconds: 3600, label: "1 hour" },
  { seconds: 86_400, label: "1 day" },
  { seconds: 7 * 86_400, label: "7 days" },
] as const;
export const shareSecondsSchema = z.union(
  SHARE_DURATIONS.map((d) => z.literal(d.seconds)) as unknown as [
    z.ZodLiteral<3600>,
    z.ZodLiteral<86400>,
    z.ZodLiteral<604800>,
  ],
);

export const ATTACHABLE_RECORDS = ["property", "contact", "deal", "invoice"] as const;
export type AttachableRecord = (typeof ATTACHABLE_RECORDS)[number];
export const ATTACHABLE_LABELS: Record<AttachableRecord, string> = {
  property: "Listing",
  contact: "Contact",
  deal: "Deal",
  invoice: "Invoice",
};

export const fileNameSchema = z
  .string()
  .trim()
  .min(1, "Give the file a name")
  .max(255, "A file name is limited to 255 characters");
export const folderNameSchema = z
  .string()
  .trim()
  .min(1, "Give the folder a name")
  .max(120, "A folder name is limited to 120 characters");

export const folderRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  owner_id: z.string(),
  created_at: z.string(),
});
export type FileFolder = z.output<typeof folderRowSchema>;
export const FOLDER_COLUMNS = Object.keys(folderRowSchema.shape).join(", ");

export const attachmentRowSchema = z.object({
  id: z.string(),
  file_id: z.string(),
  record_type: z.enum(ATTACHABLE_RECORDS),
  record_id: z.string(),
});
export type FileAttachment = z.output<typeof attachmentRowSchema>;

export const fileRowSchema = z.object({
  id: z.string(),
  folder_id: z.string().nullable(),
  name: z.string(),
  storage_path: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  owner_id: z.string(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  file_attachments: z.array(attachmentRowSchema),
});
export type StoredFile = z.output<typeof fileRowSchema>;
export const FILE_COLUMNS =
  "id, folder_id, name, storage_path, mime_type, size_bytes, owner_id, deleted_at, created_at, file_attachments (id, file_id, record_type, record_id)";
