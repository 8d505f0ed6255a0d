/**
 * Photos and documents of a listing: where they are stored, what may be uploaded (the buckets
 * enforce the same limits: migrations …_content_model.sql and …_properties_admin.sql), and the
 * kinds of documents a Ghanaian listing carries.
 */
import { z } from "zod";
import { PROPERTY_IMAGES_BUCKET } from "../content-model.ts";
import { extensionFor, type FileRules } from "../records/file-rules.ts";

export { PROPERTY_IMAGES_BUCKET };
/** Private bucket: title certificates, site plans, indentures (staff only). */
export const PROPERTY_DOCUMENTS_BUCKET = "property-documents";

export const PHOTO_RULES: FileRules = {
  what: "Photos",
  maxBytes: 10 * 1024 * 1024,
  types: { "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP", "image/avif": "AVIF" },
};

export const DOCUMENT_RULES: FileRules = {
  what: "Documents",
  maxBytes: 20 * 1024 * 1024,
  types: { "application/pdf": "PDF", "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" },
};

export const DOCUMENT_KINDS = ["title", "site_plan", "indenture", "survey", "other"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  title: "Title certificate",
  site_plan: "Site plan",
  indenture: "Indenture",
  survey: "Survey report",
  other: "Other document",
};

/** `<property_id>/<uuid>.<ext>`: the folder is the listing (storage policies read it), the name is unguessable. */
export function listingObjectPath(propertyId: string, objectId: string, type: string): string {
  return `${propertyId}/${objectId}.${extensionFor(type)}`;
}

export const ALT_TEXT_MAX_LENGTH = 300;

export const listingPhotoRowSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  storage_path: z.string(),
  alt_text: z.string().nullable(),
  position: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  updated_at: z.string(),
});
export type ListingPhoto = z.output<typeof listingPhotoRowSchema>;
export const LISTING_PHOTO_COLUMNS = Object.keys(listingPhotoRowSchema.shape).join(", ");

export const altTextSchema = z
  .string()
  .trim()
  .max(ALT_TEXT_MAX_LENGTH, `Alt text is limited to ${ALT_TEXT_MAX_LENGTH} characters`)
  .transform((s) => s || null);

export const listingDocumentRowSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  storage_path: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
});
export type ListingDocument = z.output<typeof listingDocumentRowSchema>;
export const LISTING_DOCUMENT_COLUMNS = Object.keys(listingDocumentRowSchema.shape).join(", ");

export const documentTitleSchema = z
  .string()
  .trim()
  .min(1, "Give the document a title")
  .max(200, "Title is limited to 200 characters");
