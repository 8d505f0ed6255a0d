/**
 * The only place that queries `properties` for the back-office (the public site has its own,
 * published-only reads). Every row is parsed with core's schema; RLS decides what comes back
 * (record-level access of module "listings"); the status workflow trigger refuses illegal moves.
 */
import { z } from "zod";
import type { PropertyStatus } from "#core/content-model.ts";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { StaleRecordError } from "#core/records/db-errors.ts";
import { rowRange } from "#core/records/list-query.ts";
import { searchPattern } from "#core/records/search-filter.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { NO_AGENT, type PropertyListQuery } from "#core/properties/property-list.ts";
import {
  OWNER_CONTACT_COLUMNS,
  ownerContactRowSchema,
  PROPERTY_ROW_COLUMNS,
  propertyRowSchema,
  type OwnerContactFormOutput,
  type OwnerContactRow,
  type PropertyFormOutput,
  type PropertyRow,
} from "#core/properties/property-schema.ts";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

const TABLE = "properties";
const rows = z.array(propertyRowSchema);

/** One page of the list (or any range of it, for the CSV export), with the total. */
export async function listProperties(
  query: PropertyListQuery,
  range = rowRange(query),
  now = new Date(),
): Promise<RowsPage<PropertyRow>> {
  // A search goes through search_properties (the search documents' index, then the table's own
  // RLS): an ilike under RLS would scan every row. Its result filters, sorts and pages like the table.
  const term = listSearchTerm(query.search);
  let req = term
    ? supabase.rpc("search_properties", { term }, { count: "exact" }).select(PROPERTY_ROW_COLUMNS)
    : supabase.from(TABLE).select(PROPERTY_ROW_COLUMNS, { count: "exact" });
  const f = query.filters;
  if (f.status?.length) req = req.in("status", f.status);
  if (f.type?.length) req = req.in("property_type", f.type);
  if (f.listing) req = req.eq("listing_type", f.listing);
  if (f.city) {
    const pattern = searchPattern(f.city);
    if (pattern) req = req.ilike("city", pattern);
  }
  if (f.agent) req = f.agent === NO_AGENT ? req.is("agent_id", null) : req.eq("agent_id", f.agent);
  if (f.currency) req = req.eq("currency", f.currency);
  if (f.price_min !== undefined) req = req.gte("price", f.price_min);
  if (f.price_max !== undefined) req = req.lte("price", f.price_max);
  if (f.published === "published") req = req.lte("published_at", now.toISOString());
  if (f.published === "scheduled") req = req.gt("published_at", now.toISOString());
  if (f.published === "unpublished") req = req.is("published_at", null);
  if (query.sort)
    req = req.order(query.sort.column, { ascending: query.sort.direction === "asc", nullsFirst: false });
  // A unique tie-breaker keeps rows from swapping between pages.
  req = req.order("id", { ascending: true }).range(range.from, range.to);
  const { data, error, count } = await req;
  if (error) throw error;
  return { rows: rows.parse(data), total: count ?? null };
}

export async function getProperty(id: string): Promise<PropertyRow> {
  const { data, error } = await supabase.from(TABLE).select(PROPERTY_ROW_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return propertyRowSchema.parse(data);
}

export async function createProperty(values: PropertyFormOutput): Promise<PropertyRow> {
  const { data, error } = await supabase.from(TABLE).insert(values).select(PROPERTY_ROW_COLUMNS).single();
  if (error) throw error;
  return propertyRowSchema.parse(data);
}

/** Saves an edit only if nobody saved the listing since `version` (its updated_at when loaded). */
export async function updateProperty(
  id: string,
  version: string,
  patch: Partial<PropertyFormOutput> & { published_at?: string | null },
): Promise<PropertyRow> {
  const row = await updateUnlessStale(
    supabase
      .from(TABLE)
      .update(patch)
      .eq("id", id)
      .eq("updated_at", version)
      .select(PROPERTY_ROW_COLUMNS)
      .maybeSingle(),
    () => supabase.from(TABLE).select("updated_at").eq("id", id).maybeSingle(),
  );
  return propertyRowSchema.parse(row);
}

/** Moves listings to one status in one statement (all or none: the trigger checks each row). */
export async function setStatus(ids: readonly string[], status: PropertyStatus): Promise<PropertyRow[]> {
  const { data, error } = await supabase
    .from(TABLE)
    .update({ status })
    .in("id", ids)
    .select(PROPERTY_ROW_COLUMNS);
  if (error) throw error;
  return rows.parse(data);
}

/** Listings per status that the user may see (the dashboard widget). */
export async function countByStatus(): Promise<Record<PropertyStatus, number>> {
  const { data, error } = await supabase.rpc("listing_status_counts");
  if (error) throw error;
  const parsed = z.array(z.object({ status: z.string(), listings: z.coerce.number() })).parse(data);
  return Object.fromEntries(parsed.map((r) => [r.status, r.listings])) as Record<PropertyStatus, number>;
}

// ── The owner's contact (staff only, its own table) ──────────────────────────────────────────

export async function getOwnerContact(propertyId: string): Promise<OwnerContactRow | null> {
  const { data, error } = await supabase
    .from("property_owner_contacts")
    .select(OWNER_CONTACT_COLUMNS)
    .eq("property_id", propertyId)
    .maybeSingle();
  if (error) throw error;
  return data ? ownerContactRowSchema.parse(data) : null;
}

/** Records the owner (first time) or changes them unless someone else saved since `version`. */
export async function saveOwnerContact(
  propertyId: string,
  version: string | null,
  values: OwnerContactFormOutput,
): Promise<OwnerContactRow> {
  if (version === null) {
    const { data, error } = await supabase
      .from("property_owner_contacts")
      .insert({ property_id: propertyId, ...values })
      .select(OWNER_CONTACT_COLUMNS)
      .single();
    // A colleague recorded the owner while this form was open: the same conflict as a stale edit.
    if (error?.code === "23505") throw new StaleRecordError(null);
    if (error) throw error;
    return ownerContactRowSchema.parse(data);
  }
  const row = await updateUnlessStale(
    supabase
      .from("property_owner_contacts")
      .update(values)
      .eq("property_id", propertyId)
      .eq("updated_at", version)
      .select(OWNER_CONTACT_COLUMNS)
      .maybeSingle(),
    () =>
      supabase
        .from("property_owner_contacts")
        .select("updated_at")
        .eq("property_id", propertyId)
        .maybeSingle(),
  );
  return ownerContactRowSchema.parse(row);
}

/**
 * The listing's viewings the user may read: booked from the site (bookings) and planned in the
 * calendar (events of kind viewing), cancelled ones left out; `upcoming` from now on.
 */
export async function countViewings(
  propertyId: string,
  now: Date,
): Promise<{ all: number; upcoming: number }> {
  const bookings = () =>
    supabase
      .from("bookings")
      .select("id", { count: "exact", head: true })
      .eq("property_id", propertyId)
      .neq("status", "cancelled");
  const events = () =>
    supabase
      .from("events")
      .select("id", { count: "exact", head: true })
      .eq("property_id", propertyId)
      .eq("kind", "viewing")
      .neq("status", "cancelled");
  const from = now.toISOString();
  const results = await Promise.all([
    bookings(),
    events(),
    bookings().gte("starts_at", from),
    events().gte("starts_at", from),
  ]);
  const failed = results.find((r) => r.error);
  if (failed?.error) throw failed.error;
  const [b, e, bu, eu] = results.map((r) => r.count ?? 0);
  return { all: b! + e!, upcoming: bu! + eu! };
}
