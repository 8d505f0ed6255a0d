/**
 * The timeline of a deal or a listing (public.record_timeline: what was logged about it, its
 * clients' calls and notes, its tasks, viewings and deals), a page before a given time. Each
 * source is read under the user's RLS.
 */
import { z } from "zod";
import {
  TIMELINE_PAGE_SIZE,
  timelineRowSchema,
  type TimelineRow,
} from "#core/business-contacts/activity-schema.ts";
import { supabase } from "./supabase.ts";

export type TimelineTable = "deals" | "properties";

export async function getRecordTimeline(
  table: TimelineTable,
  id: string,
  before: string | null,
): Promise<TimelineRow[]> {
  const { data, error } = await supabase.rpc("record_timeline", {
    target_table: table,
    target_id: id,
    before: before ?? undefined,
    max_rows: TIMELINE_PAGE_SIZE,
  });
  if (error) throw error;
  return z.array(timelineRowSchema).parse(data);
}
