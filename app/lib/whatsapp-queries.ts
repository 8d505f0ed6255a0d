/**
 * WhatsApp's shared server state: one key factory for the templates and a contact's messages
 * (the contacts module's realtime refreshes all of it), and the approved templates, read by the
 * action-plans editor and the contact page alike.
 */
import { useQuery } from "@tanstack/react-query";
import { listTemplates } from "./whatsapp-api.ts";

export const whatsappKeys = {
  all: ["whatsapp"] as const,
  templates: ["whatsapp", "templates"] as const,
  messages: (contactId: string) => ["whatsapp", "messages", contactId] as const,
};

export function useWhatsAppTemplates() {
  return useQuery({ queryKey: whatsappKeys.templates, queryFn: listTemplates, staleTime: 5 * 60_000 });
}
