/**
 * A contact's WhatsApp: the opt-in under the contact's record key (a change refreshes the
 * record), the messages and templates under the shared WhatsApp keys (#app/lib/whatsapp-queries.ts).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsentSource } from "#core/business-contacts/contact-schema.ts";
import type { WhatsAppTemplate } from "#core/whatsapp/whatsapp.ts";
import { listMessages, sendTemplate } from "#app/lib/whatsapp-api.ts";
import { whatsappKeys } from "#app/lib/whatsapp-queries.ts";
import { useSession } from "#app/lib/session.tsx";
import { getWhatsAppOptIn, setWhatsAppOptIn } from "../api/contacts-api.ts";
import { contactKeys } from "./contact-queries.ts";

export function useWhatsAppOptIn(contactId: string) {
  return useQuery({ queryKey: contactKeys.whatsapp(contactId), queryFn: () => getWhatsAppOptIn(contactId) });
}

export function useWhatsAppMessages(contactId: string) {
  return useQuery({ queryKey: whatsappKeys.messages(contactId), queryFn: () => listMessages(contactId) });
}

/** Refreshes the contact's message list (after a send). */
export function useRefreshWhatsAppMessages(contactId: string) {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: whatsappKeys.messages(contactId) });
}

export function useChangeWhatsAppOptIn(
  contactId: string,
  source: ConsentSource,
  onChanged: (on: boolean) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => setWhatsAppOptIn(contactId, on, source),
    meta: { errorTitle: "The opt-in did not change" },
    onSuccess: (v) => {
      onChanged(v.whatsapp_opt_in);
      void qc.invalidateQueries({ queryKey: contactKeys.detail(contactId) });
    },
  });
}

/** Queues a template message; the form shows a refusal next to its fields (no toast). */
export function useSendWhatsAppTemplate(
  contactId: string,
  callbacks: { onSuccess: () => void; onError: (e: Error) => void },
) {
  const { user } = useSession();
  return useMutation({
    mutationFn: ({ template, params }: { template: WhatsAppTemplate; params: string[] }) =>
      sendTemplate({ contactId, userId: user?.id ?? "", template, params }),
    meta: { toast: false },
    ...callbacks,
  });
}
