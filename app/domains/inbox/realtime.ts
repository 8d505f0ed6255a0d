/**
 * The inboxes live: a new submission (announced by the edge worker through the hub's
 * internal publish), a colleague's change or a job's match notification arrives as a frame of
 * module "inbox" with ids only; every inbox query of this tab refetches through RLS. Mounted once
 * as a module's chrome (consultations/module.ts) for all four inbox screens and their widgets.
 */
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { INBOX_REALTIME, useRefreshInbox } from "./hooks/inbox-queries.ts";

export function InboxRealtime(): null {
  const refresh = useRefreshInbox();
  useDomainUpdates(INBOX_REALTIME, () => refresh());
  return null;
}
