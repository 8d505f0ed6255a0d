/**
 * The edge worker's endpoints for paying a public invoice and its documents' PDFs — dependency-free,
 * so the public invoice page can name them without loading any schema library.
 */
export const PAYSTACK_WEBHOOK_PATH = "/api/payments/paystack/webhook";
export const PAYSTACK_INITIALIZE_PATH = "/api/payments/paystack/initialize";
export const PAYSTACK_VERIFY_PATH = "/api/payments/paystack/verify";
/** Where a document's PDF is served; the id is the document's unguessable link. */
export const invoicePdfPath = (id: string) => `/api/invoices/${id}/pdf`;
export const receiptPdfPath = (id: string) => `/api/receipts/${id}/pdf`;
