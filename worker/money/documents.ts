/**
 * Reading the issued documents for their PDFs: get_public_invoice / get_public_receipt (by the
 * unguessable id, as the public pages do), parsed with core's schemas. Drafts and unknown ids
 * are null. Any PostgREST client works: the publishable key for downloads, the secret key for
 * the delivery job's attachments.
 */
import {
  publicDocumentSchema,
  publicReceiptSchema,
  type PublicDocument,
  type PublicReceipt,
} from "#core/invoices-receipts/public-documents.ts";
import type { RestClient } from "#core/rest-client.ts";
import { documentPdf, receiptPdf } from "./document-pdf.ts";

export class DocumentUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentUnavailableError";
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadDocument(db: RestClient, id: string): Promise<PublicDocument | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await db.rpc("get_public_invoice", { invoice_id: id });
  if (error) throw new DocumentUnavailableError(`Could not read the document: ${error.message}`);
  return data ? publicDocumentSchema.parse(data) : null;
}

export async function loadReceipt(db: RestClient, id: string): Promise<PublicReceipt | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await db.rpc("get_public_receipt", { payment_id: id });
  if (error) throw new DocumentUnavailableError(`Could not read the receipt: ${error.message}`);
  return data ? publicReceiptSchema.parse(data) : null;
}

export type RenderKind = "invoice_pdf" | "receipt_pdf";

/** The PDF bytes of a document by kind and id, or null when there is no such issued document. */
export async function renderDocument(
  db: RestClient,
  kind: RenderKind,
  id: string,
  reacLicence: string | null,
): Promise<{ bytes: Uint8Array; number: string } | null> {
  if (kind === "invoice_pdf") {
    const doc = await loadDocument(db, id);
    return doc ? { bytes: await documentPdf(doc, { reacLicence }), number: doc.number } : null;
  }
  const receipt = await loadReceipt(db, id);
  return receipt ? { bytes: await receiptPdf(receipt, { reacLicence }), number: receipt.number } : null;
}

/** Bytes as base64 (e-mail attachments), in chunks so large files do not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
