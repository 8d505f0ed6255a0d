/**
 * Contacts live: when something arrives for a contact on the server — a WhatsApp reply, which
 * pauses its action plans — the edge announces the contact's id through the hub (core's
 * REALTIME_MODULES "contacts"), and this tab refetches the contact's page (timeline, WhatsApp,
 * action plans) through its own RLS. Mounted by the back-office frame as the module's chrome.
 */
import { useQueryClient } from "@tanstack/react-query";
import { actionPlanKeys } from "#app/lib/action-plans/run-queries.ts";
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { whatsappKeys } from "#app/lib/whatsapp-queries.ts";
import { contactKeys } from "./hooks/contact-queries.ts";

export function ContactsRealtime(): null {
  const qc = useQueryClient();
  useDomainUpdates("contacts", () => {
    for (const queryKey of [contactKeys.all, whatsappKeys.all, actionPlanKeys.all])
      void qc.invalidateQueries({ queryKey });
  });
  return null;
}
