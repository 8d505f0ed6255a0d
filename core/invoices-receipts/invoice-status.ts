/**
 * The status an invoice shows. Stored statuses are what staff set (draft, sent, partially paid,
 * paid, overdue, void); "overdue" is also derived: an invoice that is sent or partly paid and
 * whose due date is before today in Africa/Accra is overdue, whatever was stored. Drafts are not
 * issued yet and paid or void invoices are settled, so they never become overdue.
 * The database applies the same rule where it hands out a status (private.invoice_display_status,
 * used by get_public_invoice).
 */
import { todayInAccra } from "../form-fields.ts";

export const INVOICE_STATUSES = ["draft", "sent", "partially_paid", "paid", "overdue", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** `dueDate` is a calendar date (YYYY-MM-DD); `now` is the instant the status is shown at. */
export function invoiceDisplayStatus(
  status: InvoiceStatus,
  dueDate: string | null,
  now: Date = new Date(),
): InvoiceStatus {
  if ((status === "sent" || status === "partially_paid") && dueDate !== null && dueDate < todayInAccra(now))
    return "overdue";
  return status;
}
