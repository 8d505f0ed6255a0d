/**
 * The Files module's data: folders and file rows through RLS (module 'files'
 * record-level access), objects in the PRIVATE bucket `files` at `<owner uid>/<uuid>.<ext>`.
 * Uploads check type and size first (the limit is named), store the object, then the row, and
 * take the object back out if the row is refused. Downloads, previews and shares are signed,
 * expiring links. Deleting moves to the trash; "delete for good" removes the row and the object.
 */
import { z } from "zod";
import {
  ATTACHABLE_LABELS,
  attachmentRowSchema,
  FILE_COLUMNS,
  FILE_RULES,
  fileObjectPath,
  fileRowSchema,
  FILES_BUCKET,
  FOLDER_COLUMNS,
  folderRowSchema,
  type AttachableRecord,
  type FileAttachment,
  type FileFolder,
  type StoredFile,
} from "#core/files/files.ts";
import { RecordError } from "#core/records/db-errors.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import { uploadWithProgress, type UploadProgress } from "#app/lib/storage-upload-api.ts";
import { supabase } from "#app/lib/supabase.ts";

export type FilesView = { kind: "all" } | { kind: "folder"; folderId: string } | { kind: "trash" };

export async function listFolders(): Promise<FileFolder[]> {
  const { data, error } = await supabase.from("file_folders").select(FOLDER_COLUMNS).order("name");
  if (error) throw error;
  return z.array(folderRowSchema).parse(data);
}

export async function createFolder(name: string): Promise<FileFolder> {
  const { data: session } = await supabase.auth.getSession();
  const { data, error } = await supabase
    .from("file_folders")
    .insert({ name, owner_id: session.session?.user.id })
    .select(FOLDER_COLUMNS)
    .single();
  if (error) throw error;
  return folderRowSchema.parse(data);
}

export async function listFiles(view: FilesView): Promise<StoredFile[]> {
  let q = supabase.from("files").select(FILE_COLUMNS).order("created_at", { ascending: false }).limit(500);
  if (view.kind === "trash") q = q.not("deleted_at", "is", null);
  else {
    q = q.is("deleted_at", null);
    if (view.kind === "folder") q = q.eq("folder_id", view.folderId);
  }
  const { data, error } = await q;
  if (error) throw error;
  return z.array(fileRowSchema).parse(data);
}

export async function uploadFile(
  file: File,
  folderId: string | null,
  onProgress?: (p: UploadProgress) => void,
): Promise<StoredFile> {
  const problem = fileProblem(file, FILE_RULES);
  if (problem) throw new RecordError(problem, "UPLOAD_REFUSED", "file");
  const { data: session } = await supabase.auth.getSession();
  const owner = session.session?.user.id;
  if (!owner)
    throw new RecordError("Your session has expired. Sign in again, then retry.", "UPLOAD_REFUSED", "file");
  const path = fileObjectPath(owner, crypto.randomUUID(), file.type);
  await uploadWithProgress({ bucket: FILES_BUCKET, path, file, onProgress });
  const { data, error } = await supabase
    .from("files")
    .insert({
      name: file.name.slice(0, 255),
      storage_path: path,
      mime_type: file.type,
      size_bytes: file.size,
      owner_id: owner,
      folder_id: folderId,
    })
    .select(FILE_COLUMNS)
    .single();
  if (error) {
    const removed = await supabase.storage.from(FILES_BUCKET).remove([path]);
    if (removed.error) console.error(`files: could not remove ${path} after a refused row`, removed.error);
    throw error;
  }
  return fileRowSchema.parse(data);
}

async function update(
  id: string,
  patch: { name?: string; folder_id?: string | null; deleted_at?: string | null },
): Promise<void> {
  const { error } = await supabase.from("files").update(patch).eq("id", id).select("id").single();
  if (error) throw error;
}

export const renameFile = (id: string, name: string) => update(id, { name });
export const moveFile = (id: string, folderId: string | null) => update(id, { folder_id: folderId });
export const trashFile = (id: string) => update(id, { deleted_at: new Date().toISOString() });
export const restoreFile = (id: string) => update(id, { deleted_at: null });

/**
 * The row goes first: deleting it queues its object for the sweep-file-objects job in the same
 * transaction, so the object cannot be left behind. Removing it here as well makes it go at once
 * (Storage lets the folder's owner remove an object no row lists any more).
 */
export async function deleteForGood(file: Pick<StoredFile, "id" | "storage_path">): Promise<void> {
  const { error } = await supabase.from("files").delete().eq("id", file.id).select("id").single();
  if (error) throw error;
  const removed = await supabase.storage.from(FILES_BUCKET).remove([file.storage_path]);
  if (removed.error) console.warn(`files: ${file.storage_path} is left to the sweep job`, removed.error);
}

/** A signed link to the object; `download` makes it save under the file's name. */
export async function signedLink(
  file: Pick<StoredFile, "storage_path" | "name">,
  seconds: number,
  download: boolean,
): Promise<string> {
  const { data, error } = await supabase.storage
    .from(FILES_BUCKET)
    .createSignedUrl(file.storage_path, seconds, download ? { download: file.name } : undefined);
  if (error) throw error;
  return data.signedUrl;
}

// ── Attachments ──────────────────────────────────────────────────────────────────────────────

export interface RecordHit {
  id: string;
  label: string;
}

/** Records of a kind the user can see (their own RLS), matching the search. */
export async function searchRecords(kind: AttachableRecord, term: string): Promise<RecordHit[]> {
  const like = `%${term.trim().replace(/[%_,()]/g, " ")}%`;
  const rows = async (q: PromiseLike<{ data: unknown; error: unknown }>) => {
    const { data, error } = await q;
    if (error) throw error;
    return (data ?? []) as Record<string, string | null>[];
  };
  if (kind === "property")
    return (
      await rows(
        supabase.from("properties").select("id, title, city").ilike("title", like).order("title").limit(10),
      )
    ).map((r) => ({ id: r.id!, label: `${r.title}${r.city ? `, ${r.city}` : ""}` }));
  if (kind === "deal")
    return (
      await rows(supabase.from("deals").select("id, title").ilike("title", like).order("title").limit(10))
    ).map((r) => ({ id: r.id!, label: r.title! }));
  if (kind === "invoice")
    return (
      await rows(
        supabase
          .from("invoices")
          .select("id, number, bill_to_name")
          .or(`number.ilike.${like},bill_to_name.ilike.${like}`)
          .order("number")
          .limit(10),
      )
    ).map((r) => ({ id: r.id!, label: `${r.number} — ${r.bill_to_name}` }));
  return (
    await rows(
      supabase
        .from("contacts")
        .select("id, first_name, last_name, company_name")
        .or(`first_name.ilike.${like},last_name.ilike.${like},company_name.ilike.${like}`)
        .limit(10),
    )
  ).map((r) => ({
    id: r.id!,
    label: [r.first_name, r.last_name].filter(Boolean).join(" ") || r.company_name || "Contact",
  }));
}

export async function attachFile(
  fileId: string,
  kind: AttachableRecord,
  recordId: string,
): Promise<FileAttachment> {
  const { data: session } = await supabase.auth.getSession();
  const { data, error } = await supabase
    .from("file_attachments")
    .insert({ file_id: fileId, record_type: kind, record_id: recordId, created_by: session.session?.user.id })
    .select("id, file_id, record_type, record_id")
    .single();
  if (error) throw error;
  return attachmentRowSchema.parse(data);
}

export async function detachFile(attachmentId: string): Promise<void> {
  const { error } = await supabase
    .from("file_attachments")
    .delete()
    .eq("id", attachmentId)
    .select("id")
    .single();
  if (error) throw error;
}

/** "Listing: 4-bedroom house, East Legon" for each attachment (records one cannot see are named by kind only). */
export async function attachmentLabels(attachments: FileAttachment[]): Promise<Record<string, string>> {
  const ids = (kind: AttachableRecord) => [
    ...new Set(attachments.filter((a) => a.record_type === kind).map((a) => a.record_id)),
  ];
  const names = new Map<string, string>();
  const load = async (
    kind: AttachableRecord,
    table: "properties" | "deals" | "invoices" | "contacts",
    columns: string,
    label: (r: Record<string, string | null>) => string,
  ) => {
    const wanted = ids(kind);
    if (!wanted.length) return;
    const { data } = await supabase.from(table).select(columns).in("id", wanted);
    for (const r of (data ?? []) as unknown as Record<string, string | null>[]) names.set(r.id!, label(r));
  };
  await Promise.all([
    load("property", "properties", "id, title", (r) => r.title ?? ""),
    load("deal", "deals", "id, title", (r) => r.title ?? ""),
    load("invoice", "invoices", "id, number", (r) => r.number ?? ""),
    load(
      "contact",
      "contacts",
      "id, first_name, last_name, company_name",
      (r) => [r.first_name, r.last_name].filter(Boolean).join(" ") || r.company_name || "",
    ),
  ]);
  return Object.fromEntries(
    attachments.map((a) => [
      a.id,
      `${ATTACHABLE_LABELS[a.record_type]}: ${names.get(a.record_id) || "(not visible to you)"}`,
    ]),
  );
}
