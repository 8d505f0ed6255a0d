/** The dashboard's new-lead counts, under the inbox dashboard key the inboxes' realtime refreshes. */
import { useQuery } from "@tanstack/react-query";
import { inboxNewCounts } from "#app/domains/inbox/api/inbox-api.ts";
import { inboxKeys } from "#app/domains/inbox/hooks/inbox-queries.ts";

export const newLeadsKeys = { counts: () => [...inboxKeys.dashboard(), "new-leads"] as const };

export const useNewLeadCounts = () =>
  useQuery({ queryKey: newLeadsKeys.counts(), queryFn: () => inboxNewCounts() });
