/**
 * The only place that queries the deals module's tables and functions (deals, deal_pipelines,
 * deal_stages, deal_lost_reasons, deal_contacts, deal_commission_splits, deal_forecast,
 * save_deal_commission, search_deals). Rows are parsed with core's schemas; RLS decides what
 * comes back (record-level access of module "deals"); the stage-move trigger refuses what
 * core/deals/deal-rules.ts refuses, in the same words.
 */
import { z } from "zod";
import { BOARD_MAX_DEALS, CLOSED_ON_BOARD_DAYS, MINE, type DealListQuery } from "#core/deals/deal-list.ts";
import {
  DEAL_ROW_COLUMNS,
  dealContactSchema,
  dealRowSchema,
  lostReasonSchema,
  pipelineSchema,
  splitRowSchema,
  stageSchema,
  type DealContact,
  type DealContactRole,
  type DealFormOutput,
  type DealRow,
  type LostReason,
  type Pipeline,
  type SplitFormOutput,
  type SplitRow,
  type Stage,
} from "#core/deals/deal-schema.ts";
import type { Json } from "#core/database.types.ts";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { rowRange } from "#core/records/list-query.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { ownRecordsFilter } from "#core/records/own-records.ts";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

const TABLE = "deals";
const rows = z.array(dealRowSchema);

export async function listPipelines(): Promise<{ pipelines: Pipeline[]; stages: Stage[] }> {
  const [p, s] = await Promise.all([
    supabase.from("deal_pipelines").select("id, key, name, position, is_archived").order("position"),
    supabase
      .from("deal_stages")
      .select("id, pipeline_id, key, name, position, probability, outcome, is_archived")
      .order("position"),
  ]);
  if (p.error) throw p.error;
  if (s.error) throw s.error;
  return { pipelines: z.array(pipelineSchema).parse(p.data), stages: z.array(stageSchema).parse(s.data) };
}

// ── Stages (admins: the database refuses everyone else) ──────────────────────────────────────
/** A new open stage after the pipeline's open ones. */
export async function addStage(pipelineId: string, name: string, probability: number): Promise<void> {
  const { error } = await supabase.rpc("add_deal_stage", { pipeline_id: pipelineId, name, probability });
  if (error) throw error;
}

export async function updateStage(
  id: string,
  patch: { name?: string; probability?: number; is_archived?: boolean },
): Promise<void> {
  const { error } = await supabase.from("deal_stages").update(patch).eq("id", id).select("id").single();
  if (error) throw error;
}

/** The pipeline's open stages in this order (every one of them, once). */
export async function reorderStages(pipelineId: string, stageIds: readonly string[]): Promise<void> {
  const { error } = await supabase.rpc("reorder_deal_stages", {
    pipeline_id: pipelineId,
    stage_ids: [...stageIds],
  });
  if (error) throw error;
}

export async function listLostReasons(): Promise<LostReason[]> {
  const { data, error } = await supabase
    .from("deal_lost_reasons")
    .select("id, label, position, is_active, updated_at")
    .order("position")
    .order("label");
  if (error) throw error;
  return z.array(lostReasonSchema).parse(data);
}

export async function addLostReason(label: string, position: number): Promise<void> {
  const { error } = await supabase.from("deal_lost_reasons").insert({ label, position });
  if (error) throw error;
}

export async function updateLostReason(
  id: string,
  patch: { label?: string; is_active?: boolean },
): Promise<void> {
  const { error } = await supabase.from("deal_lost_reasons").update(patch).eq("id", id);
  if (error) throw error;
}

/** The search (through search_deals: the search documents' index, then RLS) or the plain table. */
function base(search: string, count: boolean) {
  const term = listSearchTerm(search);
  const opts = count ? { count: "exact" as const } : undefined;
  return term
    ? supabase.rpc("search_deals", { term }, opts).select(DEAL_ROW_COLUMNS)
    : supabase.from(TABLE).select(DEAL_ROW_COLUMNS, opts);
}

/** One page of the table (or any range, for the CSV export), with the total. */
export async function listDeals(
  query: DealListQuery,
  userId: string | null,
  range = rowRange(query),
): Promise<RowsPage<DealRow>> {
  let req = base(query.search, true);
  const f = query.filters;
  if (f.pipeline) req = req.eq("pipeline_id", f.pipeline);
  if (f.status?.length) req = req.in("status", f.status);
  if (f.stage) req = req.eq("stage_id", f.stage);
  if (f.currency) req = req.eq("currency", f.currency);
  if (f.close_from) req = req.gte("expected_close_date", f.close_from);
  if (f.close_to) req = req.lte("expected_close_date", f.close_to);
  if (f.owner === MINE && userId) req = req.or(ownRecordsFilter(userId));
  else if (f.owner && f.owner !== MINE) req = req.eq("owner_id", f.owner);
  if (query.sort)
    req = req.order(query.sort.column, { ascending: query.sort.direction === "asc", nullsFirst: false });
  req = req.order("id", { ascending: true }).range(range.from, range.to);
  const { data, error, count } = await req;
  if (error) throw error;
  return { rows: rows.parse(data), total: count ?? null };
}

/** The board of one pipeline: its open deals and those closed in the last days, capped. */
export async function listBoardDeals(
  pipelineId: string,
  opts: { search: string; owner: string | undefined; userId: string | null },
  now = new Date(),
): Promise<{ rows: DealRow[]; capped: boolean }> {
  const since = new Date(now.getTime() - CLOSED_ON_BOARD_DAYS * 86_400_000).toISOString();
  let req = base(opts.search, false)
    .eq("pipeline_id", pipelineId)
    .or(`status.eq.open,closed_at.gte.${since}`);
  if (opts.owner === MINE && opts.userId) req = req.or(ownRecordsFilter(opts.userId));
  else if (opts.owner && opts.owner !== MINE) req = req.eq("owner_id", opts.owner);
  const { data, error } = await req
    .order("stage_entered_at", { ascending: true })
    .order("id")
    .limit(BOARD_MAX_DEALS + 1);
  if (error) throw error;
  const parsed = rows.parse(data);
  return { rows: parsed.slice(0, BOARD_MAX_DEALS), capped: parsed.length > BOARD_MAX_DEALS };
}

export async function getDeal(id: string): Promise<DealRow> {
  const { data, error } = await supabase.from(TABLE).select(DEAL_ROW_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return dealRowSchema.parse(data);
}

export async function createDeal(values: DealFormOutput): Promise<DealRow> {
  const { data, error } = await supabase.from(TABLE).insert(values).select(DEAL_ROW_COLUMNS).single();
  if (error) throw error;
  return dealRowSchema.parse(data);
}

export async function updateDeal(
  id: string,
  version: string,
  patch: Partial<DealFormOutput>,
): Promise<DealRow> {
  const row = await updateUnlessStale(
    supabase
      .from(TABLE)
      .update(patch)
      .eq("id", id)
      .eq("updated_at", version)
      .select(DEAL_ROW_COLUMNS)
      .maybeSingle(),
    () => supabase.from(TABLE).select("updated_at").eq("id", id).maybeSingle(),
  );
  return dealRowSchema.parse(row);
}

/** A stage move (the trigger checks it again); a lost stage carries its reason. */
export async function moveDeal(
  id: string,
  stageId: string,
  lost?: { reasonId: string; note: string | null },
): Promise<DealRow> {
  const patch: { stage_id: string; lost_reason_id?: string; lost_note?: string | null } = {
    stage_id: stageId,
  };
  if (lost) {
    patch.lost_reason_id = lost.reasonId;
    patch.lost_note = lost.note;
  }
  const { data, error } = await supabase
    .from(TABLE)
    .update(patch)
    .eq("id", id)
    .select(DEAL_ROW_COLUMNS)
    .single();
  if (error) throw error;
  return dealRowSchema.parse(data);
}

export async function deleteDeal(id: string): Promise<void> {
  const { data, error } = await supabase.from(TABLE).delete().eq("id", id).select("id");
  if (error) throw error;
  if (!data?.length) throw { code: "42501", message: "permission denied" };
}

// ── Contacts of a deal ───────────────────────────────────────────────────────────────────────

export async function listDealContacts(dealId: string): Promise<DealContact[]> {
  const { data, error } = await supabase
    .from("deal_contacts")
    .select("deal_id, contact_id, role, contact:contacts(display_name, phone)")
    .eq("deal_id", dealId)
    .order("created_at");
  if (error) throw error;
  return z.array(dealContactSchema).parse(data);
}

export async function addDealContact(
  dealId: string,
  contactId: string,
  role: DealContactRole,
): Promise<void> {
  const { error } = await supabase
    .from("deal_contacts")
    .insert({ deal_id: dealId, contact_id: contactId, role });
  if (error) throw error;
}

export async function removeDealContact(dealId: string, contactId: string): Promise<void> {
  const { error } = await supabase
    .from("deal_contacts")
    .delete()
    .eq("deal_id", dealId)
    .eq("contact_id", contactId);
  if (error) throw error;
}

// ── Commission ───────────────────────────────────────────────────────────────────────────────

export async function listSplits(dealId: string): Promise<SplitRow[]> {
  const { data, error } = await supabase
    .from("deal_commission_splits")
    .select("id, party, user_id, partner_contact_id, share_type, share_percent, share_amount, position")
    .eq("deal_id", dealId)
    .order("position");
  if (error) throw error;
  return z.array(splitRowSchema).parse(data);
}

/** Terms and splits together, all or nothing (public.save_deal_commission). */
export async function saveCommission(
  dealId: string,
  terms: { type: "percent" | "fixed"; rate: number | null; amount: number | null },
  splits: SplitFormOutput[],
): Promise<void> {
  const { error } = await supabase.rpc("save_deal_commission", {
    deal_id: dealId,
    commission_type: terms.type,
    // null for the term that does not apply (the generated type cannot say "nullable").
    commission_rate: terms.rate as number,
    commission_amount: terms.amount as number,
    splits: splits as unknown as Json,
  });
  if (error) throw error;
}

// ── Forecast ─────────────────────────────────────────────────────────────────────────────────

const forecastLine = z.object({
  bucket: z.enum(["stage", "month"]),
  key: z.string(),
  label: z.string(),
  sort_order: z.number(),
  deals: z.coerce.number(),
  value_ghs: z.coerce.number(),
  weighted_ghs: z.coerce.number(),
});
export type ForecastLine = z.output<typeof forecastLine>;

export async function getForecast(
  pipelineId: string | null,
  ownerId: string | null,
): Promise<ForecastLine[]> {
  const { data, error } = await supabase.rpc("deal_forecast", {
    pipeline_id: pipelineId ?? undefined,
    owner_id: ownerId ?? undefined,
  });
  if (error) throw error;
  return z.array(forecastLine).parse(data);
}
