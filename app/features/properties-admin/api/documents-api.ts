/**
 * A listing's documents (title certificate, site plan, indenture…): rows in property_documents,
 * files in the PRIVATE property-documents bucket at `<property_id>/<uuid>.<ext>`, both readable by
 * staff who may work on the listing only. Opened through short-lived signed URLs. Uploads store
 * the file, then the row, and take the file back out if the row is refused.
 */
import { z } from "zod";
import { RecordError } from "#core/records/db-errors.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import {
  DOCUMENT_RULES,
  LISTING_DOCUMENT_COLUMNS,
  listingDocumentRowSchema,
  listingObjectPath,
  PROPERTY_DOCUMENTS_BUCKET,
  type DocumentKind,
  type ListingDocument,
} from "#core/properties/property-media.ts";
import { uploadWithProgress, type UploadProgress } from "#app/lib/storage-upload-api.ts";
import { supabase } from "#app/lib/supabase.ts";

/** A document link is good for one minute: enough to open it, too short to pass around. */
export const DOCUMENT_URL_SECONDS = 60;

export async function listDocuments(propertyId: string): Promise<ListingDocument[]> {
  const { data, error } = await supabase
    .from("property_documents")
    .select(LISTING_DOCUMENT_COLUMNS)
    .eq("property_id", propertyId)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return z.array(listingDocumentRowSchema).parse(data);
}

export async function uploadDocument(
  propertyId: string,
  file: File,
  meta: { kind: DocumentKind; title: string },
  onProgress?: (p: UploadProgress) => void,
): Promise<ListingDocument> {
  const problem = fileProblem(file, DOCUMENT_RULES);
  if (problem) throw new RecordError(problem, "UPLOAD_REFUSED", "file");
  const path = listingObjectPath(propertyId, crypto.randomUUID(), file.type);
  await uploadWithProgress({ bucket: PROPERTY_DOCUMENTS_BUCKET, path, file, onProgress });
  const { data, error } = await supabase
    .from("property_documents")
    .insert({
      property_id: propertyId,
      kind: meta.kind,
      title: meta.title,
      storage_path: path,
      file_name: file.name.slice(0, 255),
      mime_type: file.type,
      size_bytes: file.size,
    })
    .select(LISTING_DOCUMENT_COLUMNS)
    .single();
  if (error) {
    const removed = await supabase.storage.from(PROPERTY_DOCUMENTS_BUCKET).remove([path]);
    if (removed.error)
      console.error(`documents: could not remove ${path} after a refused row`, removed.error);
    throw error;
  }
  return listingDocumentRowSchema.parse(data);
}

/** A short-lived link that downloads the file under its original name. */
export async function documentUrl(doc: Pick<ListingDocument, "storage_path" | "file_name">): Promise<string> {
  const { data, error } = await supabase.storage
    .from(PROPERTY_DOCUMENTS_BUCKET)
    .createSignedUrl(doc.storage_path, DOCUMENT_URL_SECONDS, { download: doc.file_name });
  if (error) throw error;
  return data.signedUrl;
}

export async function removeDocument(doc: Pick<ListingDocument, "id" | "storage_path">): Promise<void> {
  const { error } = await supabase.from("property_documents").delete().eq("id", doc.id).select("id").single();
  if (error) throw error;
  const removed = await supabase.storage.from(PROPERTY_DOCUMENTS_BUCKET).remove([doc.storage_path]);
  if (removed.error)
    console.error(`documents: removed the row but not the file ${doc.storage_path}`, removed.error);
}
