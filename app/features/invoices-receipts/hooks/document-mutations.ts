/**
 * Mutations of invoices, quotes, receipts and credit notes. The caller passes what follows a
 * success (its toast, a refresh, navigation); failures reach the user once through the query
 * client's mutation cache, titled by `meta.errorTitle`.
 */
import { useMutation } from "@tanstack/react-query";
import type { DocumentRow, EvatFormInput } from "#core/invoices-receipts/documents.ts";
import { RecordError } from "#core/records/db-errors.ts";
import { invoiceLinkWhatsApp } from "#core/whatsapp/invoice-messages.ts";
import { whatsappE164 } from "#core/whatsapp/whatsapp.ts";
import { useSession } from "#app/lib/session.tsx";
import { contactByPhone, listTemplates, sendTemplate } from "#app/lib/whatsapp-api.ts";
import {
  convertQuote,
  deleteDraft,
  issueDocument,
  recordEvat,
  sendDocumentEmail,
} from "../api/documents-api.ts";

type Done<T> = (result: T) => void;

export const useConvertQuote = (id: string, onSuccess: Done<string>) =>
  useMutation({ mutationFn: () => convertQuote(id), meta: { errorTitle: "Not converted" }, onSuccess });

export const useSendDocumentEmail = (id: string, onSuccess: () => void) =>
  useMutation({
    mutationFn: (v: { to: string | null; message: string | null }) => sendDocumentEmail(id, v.to, v.message),
    meta: { errorTitle: "Not sent" },
    onSuccess,
  });

/** An action that needs a written reason (void, credit note). */
export const useReasonAction = <T>(run: (reason: string) => Promise<T>, onSuccess: Done<T>) =>
  useMutation({ mutationFn: run, meta: { errorTitle: "Not done" }, onSuccess });

export const useRecordEvat = (id: string, onSuccess: () => void) =>
  useMutation({
    mutationFn: (v: EvatFormInput) => recordEvat(id, v),
    meta: { errorTitle: "E-VAT details not saved" },
    onSuccess,
  });

export const useIssueDocument = (id: string, onSuccess: Done<string>) =>
  useMutation({ mutationFn: () => issueDocument(id), meta: { errorTitle: "Not issued" }, onSuccess });

export const useDeleteDraft = (id: string, onSuccess: () => void) =>
  useMutation({ mutationFn: () => deleteDraft(id), meta: { errorTitle: "Draft not deleted" }, onSuccess });

/**
 * Queues an issued invoice's link on WhatsApp to the contact with the billed number; refuses
 * with a clear reason when there is no such contact, no opt-in or no active template.
 */
export function useSendInvoiceOnWhatsApp(doc: DocumentRow, link: string, onSuccess: Done<string>) {
  const { user } = useSession();
  const message = invoiceLinkWhatsApp(doc, link);
  return useMutation({
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
    onSuccess,
  });
}
