/**
 * Sends an issued invoice's link through WhatsApp Business (the approved template `invoice_link`)
 * to the contact whose number the invoice is billed to. The contact must exist and have opted in
 * (the database refuses otherwise, and the refusal is toasted); the wa.me link beside it stays for
 * clients who have not.
 */
import { SendIcon } from "lucide-react";
import { toast } from "#app/lib/toast.ts";
import type { DocumentRow } from "#core/invoices-receipts/documents.ts";
import { invoiceLinkWhatsApp } from "#core/whatsapp/invoice-messages.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useSendInvoiceOnWhatsApp } from "../hooks/document-mutations.ts";

export function WhatsAppInvoiceButton({ doc, link }: { doc: DocumentRow; link: string }) {
  const message = invoiceLinkWhatsApp(doc, link);
  const send = useSendInvoiceOnWhatsApp(doc, link, (name) =>
    toast.success(`Invoice link queued on WhatsApp to ${name}`),
  );
  if (!message || !doc.bill_to_phone) return null;
  return (
    <Button variant="outline" size="sm" onClick={() => send.mutate()} disabled={send.isPending}>
      <SendIcon aria-hidden="true" /> Send on WhatsApp
    </Button>
  );
}
