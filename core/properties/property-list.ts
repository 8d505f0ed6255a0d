/**
 * The listings list of the back-office (properties admin): what can be sorted and filtered, as
 * the URL carries it (core/records/list-query.ts). The module's API turns the parsed query into
 * PostgREST filters; the same definition drives the filter controls.
 */
import { z } from "zod";
import { CURRENCIES, LISTING_TYPES, PROPERTY_STATUSES, PROPERTY_TYPES } from "../content-model.ts";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";

export const PUBLICATION_STATES = ["published", "scheduled", "unpublished"] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];
export const PUBLICATION_LABELS: Record<PublicationState, string> = {
  published: "Published",
  scheduled: "Scheduled",
  unpublished: "Not published",
};

/** Published (live), scheduled (live later) or not published, as the list filter means it. */
export function publicationState(publishedAt: string | null, now: Date = new Date()): PublicationState {
  if (publishedAt === null) return "unpublished";
  return Date.parse(publishedAt) <= now.getTime() ? "published" : "scheduled";
}

/** "none" finds listings without an agent. */
export const NO_AGENT = "none";

const price = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .nonnegative(`${label} cannot be negative`)
    .max(1e14, `${label} is too large`);

export const propertyListQuery = defineListQuery({
  sortable: ["updated_at", "created_at", "title", "price", "city", "status", "published_at"],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    status: filter.many(z.enum(PROPERTY_STATUSES, { error: "Not a listing status" })),
    type: filter.many(z.enum(PROPERTY_TYPES, { error: "Not a property type" })),
    listing: filter.one(z.enum(LISTING_TYPES, { error: "Use sale or rent" })),
    city: filter.one(
      z.string().trim().min(2, "Enter at least 2 letters of the city").max(120, "City is too long"),
    ),
    agent: filter.one(z.union([z.uuid(), z.literal(NO_AGENT)], { error: "Not an agent" })),
    currency: filter.one(z.enum(CURRENCIES, { error: "Use GHS or USD" })),
    price_min: filter.one(price("Minimum price")),
    price_max: filter.one(price("Maximum price")),
    published: filter.one(z.enum(PUBLICATION_STATES, { error: "Use published, scheduled or unpublished" })),
  },
});
export type PropertyListQuery = ListQueryOf<typeof propertyListQuery>;

/**
 * The search box looks in title, slug, city, neighbourhood, address and GhanaPost GPS (the
 * `search_text` column behind public.search_properties); shorter terms are not searched.
 */
export const SEARCH_MIN_LENGTH = 2;
