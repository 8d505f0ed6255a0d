/**
 * Free times a staff member may move a consultation or viewing to. Apart from the inbox queries,
 * so the inboxes without appointments do not load the scheduling code.
 */
import { useQuery } from "@tanstack/react-query";
import type { AppointmentInbox } from "#core/inbox/inbox-model.ts";
import { staffSlots } from "../api/scheduling-api.ts";
import { inboxKeys } from "./inbox-queries.ts";

export function useStaffSlots(inbox: AppointmentInbox, id: string) {
  return useQuery({ queryKey: inboxKeys.slots(inbox, id), queryFn: () => staffSlots(inbox, id) });
}
