/**
 * Sends an issued invoice's link through WhatsApp Business (the approved template `invoice_link`)
 * to the contact whose number the invoice is billed to. The contact must exist and have opted in
 * (the database refuses otherwise, and the refusal is toasted); the wa.me link beside it stays for
 * clients who have not.
 */
import { useMutation } from "@tanstack/react-query";
import { SendIcon } from "lucide-react";
import { toast } from "#app/lib/toast.ts";
import type { DocumentRow } from "#core/money/documents.ts";
import { RecordError } from "#core/records/db-errors.ts";
import { invoiceLinkWhatsApp } from "#core/whatsapp/invoice-messages.ts";
import { whatsappE164 } from "#core/whatsapp/whatsapp.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useSession } from "#app/lib/session.tsx";
import { contactByPhone, listTemplates, sendTemplate } from "#app/lib/whatsapp.ts";

export function WhatsAppInvoiceButton({ doc, link }: { doc: DocumentRow; link: string }) {
  const { user } = useSession();
  const message = invoiceLinkWhatsApp(doc, link);
  const send = useMutation({
    mutationFn: async () => {
      const refuse = (why: string) => new RecordError(why, "WHATSAPP_NOT_SENT");
      const phone = whatsappE164(doc.bill_to_phone);
      if (!message || !phone) throw refuse("This invoice has no valid phone number to send to.");
      const contact = await contactByPhone(phone);
      if (!contact) throw refuse(`No contact has the number ${phone}: add it to the client's contact first.`);
      if (!contact.whatsapp_opt_in)
        throw refuse(
          `${contact.display_name} has not agreed to WhatsApp messages (their contact page records it).`,
        );
      const template = (await listTemplates()).find((t) => t.name === message.template && t.is_active);
      if (!template) throw refuse(`The WhatsApp template ${message.template} is not available.`);
      await sendTemplate({ contactId: contact.id, userId: user?.id ?? "", template, params: message.params });
      return contact.display_name;
    },
    meta: { errorTitle: "Not sent on WhatsApp" },
    onSuccess: (name) => toast.success(`Invoice link queued on WhatsApp to ${name}`),
  });
  if (!message || !doc.bill_to_phone) return null;
  return (
    <Button variant="outline" size="sm" onClick={() => send.mutate()} disabled={send.isPending}>
      <SendIcon aria-hidden="true" /> Send on WhatsApp
    </Button>
  );
}
