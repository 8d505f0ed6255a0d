/**
 * An issued invoice's link on WhatsApp: the approved template `invoice_link` with the client's
 * first name, the invoice number, the amount still due (exact minor units, never a float) and
 * the public page where it is viewed and paid.
 */
import { outstandingMinor, type DocumentRow } from "../invoices-receipts/documents.ts";
import { formatMinor } from "../money/minor-units.ts";

export interface InvoiceWhatsApp {
  template: "invoice_link";
  params: [string, string, string, string];
}

/** The template and parameters, or null for what is not an issued invoice with something due. */
export function invoiceLinkWhatsApp(
  doc: Pick<
    DocumentRow,
    "kind" | "status" | "number" | "bill_to_name" | "currency" | "total" | "amount_paid" | "amount_credited"
  >,
  link: string,
): InvoiceWhatsApp | null {
  const due = outstandingMinor(doc);
  if (doc.kind !== "invoice" || !doc.number || due <= 0) return null;
  const firstName = doc.bill_to_name.trim().split(/\s+/)[0] || "there";
  return { template: "invoice_link", params: [firstName, doc.number, formatMinor(due, doc.currency), link] };
}
