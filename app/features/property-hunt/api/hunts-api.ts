/**
 * The only place that queries property_hunts and their inspections (admins only: RLS), parsing
 * every row with core's schemas. The stage trigger refuses illegal moves with core's sentences;
 * saves are conditional on the version the admin loaded. Client requests are read by id for the
 * picker (property_requests belongs to the inboxes).
 */
import { z } from "zod";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { rowRange } from "#core/records/list-query.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import {
  HUNT_COLUMNS,
  huntRowSchema,
  INSPECTION_COLUMNS,
  inspectionRowSchema,
  type HuntFormOutput,
  type HuntListQuery,
  type HuntRow,
  type InspectionRow,
} from "#core/property-hunt/hunt-schema.ts";
import type { HuntStage, RejectionReason } from "#core/property-hunt/hunt-workflow.ts";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

const TABLE = "property_hunts";

export async function listHunts(query: HuntListQuery, range = rowRange(query)): Promise<RowsPage<HuntRow>> {
  const term = listSearchTerm(query.search);
  let req = term
    ? supabase.rpc("search_property_hunts", { term }, { count: "exact" }).select(HUNT_COLUMNS)
    : supabase.from(TABLE).select(HUNT_COLUMNS, { count: "exact" });
  const f = query.filters;
  if (f.stage?.length) req = req.in("stage", f.stage);
  if (f.type?.length) req = req.in("property_type", f.type);
  if (f.city) req = req.ilike("city", `%${f.city.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  if (f.purpose === "client") req = req.not("request_id", "is", null);
  if (f.purpose === "stock") req = req.is("request_id", null);
  if (query.sort)
    req = req.order(query.sort.column, { ascending: query.sort.direction === "asc", nullsFirst: false });
  req = req.order("id", { ascending: true }).range(range.from, range.to);
  const { data, error, count } = await req;
  if (error) throw error;
  return { rows: z.array(huntRowSchema).parse(data), total: count ?? null };
}

export async function getHunt(id: string): Promise<HuntRow> {
  const { data, error } = await supabase.from(TABLE).select(HUNT_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return huntRowSchema.parse(data);
}

export async function createHunt(values: HuntFormOutput): Promise<HuntRow> {
  const { data, error } = await supabase.from(TABLE).insert(values).select(HUNT_COLUMNS).single();
  if (error) throw error;
  return huntRowSchema.parse(data);
}

export async function updateHunt(
  id: string,
  version: string,
  patch: Partial<HuntFormOutput>,
): Promise<HuntRow> {
  const row = await updateUnlessStale(
    supabase
      .from(TABLE)
      .update(patch)
      .eq("id", id)
      .eq("updated_at", version)
      .select(HUNT_COLUMNS)
      .maybeSingle(),
    () => supabase.from(TABLE).select("updated_at").eq("id", id).maybeSingle(),
  );
  return huntRowSchema.parse(row);
}

/** A stage move (with what the move needs: an offer, a reason); the database checks it again. */
export async function moveHunt(
  id: string,
  stage: HuntStage,
  extra: { offer_amount?: number; rejection_reason?: RejectionReason; rejection_note?: string | null } = {},
): Promise<HuntRow> {
  const { data, error } = await supabase
    .from(TABLE)
    .update({ stage, ...extra })
    .eq("id", id)
    .select(HUNT_COLUMNS)
    .single();
  if (error) throw error;
  return huntRowSchema.parse(data);
}

export async function deleteHunt(id: string): Promise<void> {
  const { error } = await supabase.from(TABLE).delete().eq("id", id).select("id").single();
  if (error) throw error;
}

export async function listInspections(huntId: string): Promise<InspectionRow[]> {
  const { data, error } = await supabase
    .from("property_hunt_inspections")
    .select(INSPECTION_COLUMNS)
    .eq("hunt_id", huntId)
    .order("inspected_on", { ascending: false })
    .order("created_at", { ascending: false });
  if (error) throw error;
  return z.array(inspectionRowSchema).parse(data);
}

export async function addInspection(
  huntId: string,
  values: { inspected_on: string; condition: string | null; notes: string },
): Promise<InspectionRow> {
  const { data: session } = await supabase.auth.getSession();
  const { data, error } = await supabase
    .from("property_hunt_inspections")
    .insert({ hunt_id: huntId, ...values, inspected_by: session.session?.user.id })
    .select(INSPECTION_COLUMNS)
    .single();
  if (error) throw error;
  return inspectionRowSchema.parse(data);
}

export async function removeInspection(id: string): Promise<void> {
  const { error } = await supabase
    .from("property_hunt_inspections")
    .delete()
    .eq("id", id)
    .select("id")
    .single();
  if (error) throw error;
}

const requestOptionSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  listing_type: z.string(),
  property_type: z.string(),
  locations: z.array(z.string()),
  status: z.string(),
});
export type RequestOption = z.output<typeof requestOptionSchema>;

/** Open client requests for the "serves this request" picker (newest first), plus the one already linked. */
export async function listOpenRequests(includeId: string | null): Promise<RequestOption[]> {
  const cols = "id, full_name, listing_type, property_type, locations, status";
  const open = await supabase
    .from("property_requests")
    .select(cols)
    .in("status", ["new", "searching"])
    .order("created_at", { ascending: false })
    .limit(200);
  if (open.error) throw open.error;
  const rows = z.array(requestOptionSchema).parse(open.data);
  if (includeId && !rows.some((r) => r.id === includeId)) {
    const one = await supabase.from("property_requests").select(cols).eq("id", includeId).maybeSingle();
    if (one.error) throw one.error;
    if (one.data) rows.unshift(requestOptionSchema.parse(one.data));
  }
  return rows;
}

/** Stage counts for the board's headers. */
export async function stageCounts(): Promise<Record<string, number>> {
  const { data, error } = await supabase.rpc("property_hunt_stage_counts");
  if (error) throw error;
  return Object.fromEntries(
    z
      .array(z.object({ stage: z.string(), hunts: z.number() }))
      .parse(data)
      .map((r) => [r.stage, r.hunts]),
  );
}
