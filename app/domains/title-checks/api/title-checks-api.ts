/**
 * Title due diligence for the screens that show a property's checklist — a
 * hunt's (property hunt) and a listing's (title checks): the only place that queries title_files
 * and title_checks and the private title-documents bucket. Rows are parsed with core's schemas;
 * RLS decides (admins: hunts; staff: listings they may work on); the database's triggers verify,
 * withdraw verifications and keep the listing's badge. Documents: the file first, then the row,
 * the file removed again if the row is refused; a replaced document's old file is removed after.
 */
import { z } from "zod";
import { RecordError } from "#core/records/db-errors.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import {
  TITLE_CHECK_COLUMNS,
  TITLE_DOCUMENT_RULES,
  TITLE_DOCUMENTS_BUCKET,
  TITLE_FILE_COLUMNS,
  titleCheckRowSchema,
  titleDocumentPath,
  titleFileRowSchema,
  type CheckFormOutput,
  type FactsFormOutput,
  type TitleCheckRow,
  type TitleFileRow,
} from "#core/title-checks/title-schema.ts";
import type { TitleCheckStatus } from "#core/title-checks/title-rules.ts";
import { uploadWithProgress } from "#app/lib/storage-upload-api.ts";
import { supabase } from "#app/lib/supabase.ts";

/** Whose file: a hunt's or a listing's. */
export type TitleSubject = { huntId: string } | { propertyId: string };

/** A document link lasts a minute: enough to open it, too short to pass around. */
export const TITLE_DOCUMENT_URL_SECONDS = 60;

export async function getTitleFile(subject: TitleSubject): Promise<TitleFileRow | null> {
  const base = supabase.from("title_files").select(TITLE_FILE_COLUMNS);
  const { data, error } = await ("huntId" in subject
    ? base.eq("hunt_id", subject.huntId)
    : base.eq("property_id", subject.propertyId)
  ).maybeSingle();
  if (error) throw error;
  return data ? titleFileRowSchema.parse(data) : null;
}

export async function openTitleFile(subject: TitleSubject, facts: FactsFormOutput): Promise<TitleFileRow> {
  const { data: session } = await supabase.auth.getSession();
  const link = "huntId" in subject ? { hunt_id: subject.huntId } : { property_id: subject.propertyId };
  const { data, error } = await supabase
    .from("title_files")
    .insert({ ...link, ...facts, created_by: session.session?.user.id })
    .select(TITLE_FILE_COLUMNS)
    .single();
  if (error) throw error;
  return titleFileRowSchema.parse(data);
}

export async function saveFacts(
  fileId: string,
  version: string,
  facts: FactsFormOutput,
): Promise<TitleFileRow> {
  const row = await updateUnlessStale(
    supabase
      .from("title_files")
      .update(facts)
      .eq("id", fileId)
      .eq("updated_at", version)
      .select(TITLE_FILE_COLUMNS)
      .maybeSingle(),
    () => supabase.from("title_files").select("updated_at").eq("id", fileId).maybeSingle(),
  );
  return titleFileRowSchema.parse(row);
}

export async function listChecks(fileId: string): Promise<TitleCheckRow[]> {
  const { data, error } = await supabase
    .from("title_checks")
    .select(TITLE_CHECK_COLUMNS)
    .eq("file_id", fileId);
  if (error) throw error;
  return z.array(titleCheckRowSchema).parse(data);
}

/** The check's details and status, saved only if nobody saved it since `version`. */
export async function saveCheck(
  checkId: string,
  version: string,
  values: CheckFormOutput,
): Promise<TitleCheckRow> {
  const row = await updateUnlessStale(
    supabase
      .from("title_checks")
      .update(values)
      .eq("id", checkId)
      .eq("updated_at", version)
      .select(TITLE_CHECK_COLUMNS)
      .maybeSingle(),
    () => supabase.from("title_checks").select("updated_at").eq("id", checkId).maybeSingle(),
  );
  return titleCheckRowSchema.parse(row);
}

export async function setCheckStatus(checkId: string, status: TitleCheckStatus): Promise<TitleCheckRow> {
  const { data, error } = await supabase
    .from("title_checks")
    .update({ status })
    .eq("id", checkId)
    .select(TITLE_CHECK_COLUMNS)
    .single();
  if (error) throw error;
  return titleCheckRowSchema.parse(data);
}

export async function attachDocument(
  check: Pick<TitleCheckRow, "id" | "file_id" | "document_path">,
  file: File,
): Promise<TitleCheckRow> {
  const problem = fileProblem(file, TITLE_DOCUMENT_RULES);
  if (problem) throw new RecordError(problem, "UPLOAD_REFUSED", "document");
  const path = titleDocumentPath(check.file_id, crypto.randomUUID(), file.type);
  await uploadWithProgress({ bucket: TITLE_DOCUMENTS_BUCKET, path, file });
  const { data, error } = await supabase
    .from("title_checks")
    .update({
      document_path: path,
      document_name: file.name.slice(0, 255),
      document_type: file.type,
      document_size: file.size,
    })
    .eq("id", check.id)
    .select(TITLE_CHECK_COLUMNS)
    .single();
  if (error) {
    const removed = await supabase.storage.from(TITLE_DOCUMENTS_BUCKET).remove([path]);
    if (removed.error)
      console.error(`title checks: could not remove ${path} after a refused row`, removed.error);
    throw error;
  }
  if (check.document_path) {
    const old = await supabase.storage.from(TITLE_DOCUMENTS_BUCKET).remove([check.document_path]);
    if (old.error)
      console.error(
        `title checks: the replaced document ${check.document_path} stayed in storage`,
        old.error,
      );
  }
  return titleCheckRowSchema.parse(data);
}

/** A short-lived link that downloads the document under its original name. */
export async function titleDocumentUrl(
  check: Pick<TitleCheckRow, "document_path" | "document_name">,
): Promise<string> {
  if (!check.document_path) throw new RecordError("This check has no document.", "NO_DOCUMENT");
  const { data, error } = await supabase.storage
    .from(TITLE_DOCUMENTS_BUCKET)
    .createSignedUrl(check.document_path, TITLE_DOCUMENT_URL_SECONDS, {
      download: check.document_name ?? true,
    });
  if (error) throw error;
  return data.signedUrl;
}
