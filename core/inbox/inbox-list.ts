/**
 * The inbox lists' state in the URL (core/records/list-query.ts): a status tab, the assignee
 * ("none" = unassigned), per-inbox narrowing (service of a consultation, buy/rent of a request),
 * the search box and the sort. The shared inbox screen and the API read the same definition.
 */
import { z } from "zod";
import { SERVICE_SLUGS } from "../services.ts";
import {
  defineListQuery,
  filter,
  type FilterDefs,
  type ListQuery,
  type ListQueryDef,
} from "../records/list-query.ts";
import { INBOXES, isAppointmentInbox, type InboxId } from "./inbox-model.ts";

/** "none" finds unassigned records. */
export const UNASSIGNED = "none";

const assignee = filter.one(z.union([z.uuid(), z.literal(UNASSIGNED)], { error: "Not a team member" }));
const status = (inbox: InboxId) =>
  filter.one(
    z.enum(INBOXES[inbox].statuses as readonly [string, ...string[]], {
      error: "Not a status of this inbox",
    }),
  );

const base = { pageSizes: [25, 50, 100], defaultPageSize: 25 } as const;

export const INBOX_LISTS = {
  contact_submissions: defineListQuery({
    ...base,
    sortable: ["created_at", "full_name", "status"],
    defaultSort: { column: "created_at", direction: "desc" },
    filters: { status: status("contact_submissions"), assignee },
  }),
  consultations: defineListQuery({
    ...base,
    sortable: ["created_at", "starts_at", "full_name", "status"],
    defaultSort: { column: "created_at", direction: "desc" },
    filters: {
      status: status("consultations"),
      assignee,
      service: filter.one(z.enum(SERVICE_SLUGS, { error: "Not a service" })),
    },
  }),
  bookings: defineListQuery({
    ...base,
    sortable: ["created_at", "starts_at", "full_name", "status"],
    defaultSort: { column: "created_at", direction: "desc" },
    filters: { status: status("bookings"), assignee },
  }),
  property_requests: defineListQuery({
    ...base,
    sortable: ["created_at", "full_name", "status", "budget_max"],
    defaultSort: { column: "created_at", direction: "desc" },
    filters: {
      status: status("property_requests"),
      assignee,
      deal: filter.one(z.enum(["buy", "rent"], { error: "Use buy or rent" })),
    },
  }),
} as const satisfies Record<InboxId, ListQueryDef<string, FilterDefs>>;

/** Any inbox's list state, as the shared screen and the API handle it. */
export type InboxListQuery = ListQuery<
  string,
  { status?: string; assignee?: string; service?: string; deal?: string }
>;

export function inboxSortable(inbox: InboxId): readonly string[] {
  return INBOX_LISTS[inbox].sortable;
}

export { isAppointmentInbox };
