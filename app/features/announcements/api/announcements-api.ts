/**
 * The only place that queries `announcements` and `announcement_reads`. RLS decides what comes
 * back: admins every notice, staff the live notices of their audience; a reader's own receipts,
 * and an author's notices' receipts.
 */
import { z } from "zod";
import {
  ANNOUNCEMENT_ROW_COLUMNS,
  announcementReadSchema,
  announcementRowSchema,
  type AnnouncementFormOutput,
  type AnnouncementRead,
  type AnnouncementRow,
} from "#core/announcements/announcement-schema.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { supabase } from "#app/lib/supabase.ts";

const rows = z.array(announcementRowSchema);
const reads = z.array(announcementReadSchema);
/** The board shows the latest notices; older ones are history (the audit log keeps them anyway). */
export const ANNOUNCEMENTS_SHOWN = 100;

export async function listAnnouncements(): Promise<AnnouncementRow[]> {
  const { data, error } = await supabase
    .from("announcements")
    .select(ANNOUNCEMENT_ROW_COLUMNS)
    .order("pinned", { ascending: false })
    .order("created_at", { ascending: false })
    .limit(ANNOUNCEMENTS_SHOWN);
  if (error) throw error;
  return rows.parse(data);
}

/** The ids of the notices the user has read. */
export async function myReadIds(userId: string): Promise<Set<string>> {
  const { data, error } = await supabase
    .from("announcement_reads")
    .select("announcement_id, user_id, read_at")
    .eq("user_id", userId)
    .limit(1000);
  if (error) throw error;
  return new Set(reads.parse(data).map((r) => r.announcement_id));
}

/** Every receipt of a notice (what its author may see). */
export async function receiptsOf(announcementId: string): Promise<AnnouncementRead[]> {
  const { data, error } = await supabase
    .from("announcement_reads")
    .select("announcement_id, user_id, read_at")
    .eq("announcement_id", announcementId)
    .order("read_at");
  if (error) throw error;
  return reads.parse(data);
}

/** Receipts of several notices at once (the author's read counts on the board). */
export async function receiptCounts(ids: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const { data, error } = await supabase
    .from("announcement_reads")
    .select("announcement_id, user_id, read_at")
    .in("announcement_id", [...ids]);
  if (error) throw error;
  for (const r of reads.parse(data)) counts.set(r.announcement_id, (counts.get(r.announcement_id) ?? 0) + 1);
  return counts;
}

export async function markRead(announcementId: string): Promise<void> {
  const { error } = await supabase
    .from("announcement_reads")
    .upsert(
      { announcement_id: announcementId },
      { onConflict: "announcement_id,user_id", ignoreDuplicates: true },
    );
  if (error) throw error;
}

/** The caller's unread, live notices of their audience (dashboard). */
export async function unreadAnnouncements(limit = 5): Promise<{ rows: AnnouncementRow[]; total: number }> {
  const { data, error, count } = await supabase
    .rpc("unread_announcements", undefined, { count: "exact" })
    .select(ANNOUNCEMENT_ROW_COLUMNS)
    .order("pinned", { ascending: false })
    .order("created_at", { ascending: false })
    .limit(limit);
  if (error) throw error;
  return { rows: rows.parse(data), total: count ?? 0 };
}

export async function createAnnouncement(values: AnnouncementFormOutput): Promise<AnnouncementRow> {
  const { data, error } = await supabase
    .from("announcements")
    .insert(values)
    .select(ANNOUNCEMENT_ROW_COLUMNS)
    .single();
  if (error) throw error;
  return announcementRowSchema.parse(data);
}

export async function updateAnnouncement(
  id: string,
  version: string,
  patch: Partial<AnnouncementFormOutput>,
): Promise<AnnouncementRow> {
  const row = await updateUnlessStale(
    supabase
      .from("announcements")
      .update(patch)
      .eq("id", id)
      .eq("updated_at", version)
      .select(ANNOUNCEMENT_ROW_COLUMNS)
      .maybeSingle(),
    () => supabase.from("announcements").select("updated_at").eq("id", id).maybeSingle(),
  );
  return announcementRowSchema.parse(row);
}

export async function deleteAnnouncement(id: string): Promise<void> {
  const { error } = await supabase.from("announcements").delete().eq("id", id);
  if (error) throw error;
}
