/**
 * The business contacts list: what can be sorted and filtered, as the URL
 * carries it. The module's API turns the parsed query into PostgREST filters (a search goes
 * through public.search_contacts: trigram index, then RLS); the CSV export uses the same query.
 */
import { z } from "zod";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import {
  CONSENT_STATUSES,
  CONTACT_KINDS,
  CONTACT_SOURCES,
  CONTACT_STAGES,
  CONTACT_TYPES,
} from "./contact-schema.ts";

/** "me" finds the signed-in user's own and assigned contacts; "none" those without an owner. */
export const MINE = "me";
export const NO_OWNER = "none";

export const contactListQuery = defineListQuery({
  sortable: ["updated_at", "created_at", "display_name", "last_activity_at", "stage", "type"],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    kind: filter.one(z.enum(CONTACT_KINDS, { error: "Use person or company" })),
    type: filter.many(z.enum(CONTACT_TYPES, { error: "Not a contact type" })),
    stage: filter.many(z.enum(CONTACT_STAGES, { error: "Not a stage" })),
    source: filter.many(z.enum(CONTACT_SOURCES, { error: "Not a source" })),
    tag: filter.one(
      z.string().trim().toLowerCase().min(1, "Enter a tag").max(40, "A tag has at most 40 characters"),
    ),
    owner: filter.one(z.union([z.uuid(), z.literal(MINE), z.literal(NO_OWNER)], { error: "Not an owner" })),
    consent: filter.one(z.enum(CONSENT_STATUSES, { error: "Use given, withdrawn or unknown" })),
    city: filter.one(
      z.string().trim().min(2, "Enter at least 2 letters of the city").max(120, "City is too long"),
    ),
  },
});
export type ContactListQuery = ListQueryOf<typeof contactListQuery>;
