/**
 * A record's history, a page at a time: `audit_log` rows (readable through RLS by whoever may
 * read the record), newest first, with the actors' profiles.
 */
import {
  AUDIT_LOG_COLUMNS,
  AUDIT_LOG_TABLE,
  auditRowSchema,
  type AuditRow,
} from "#core/records/audit-log.ts";
import { parseProfile, PROFILE_COLUMNS, type Profile } from "#core/schemas/profile.ts";
import { supabase } from "#app/lib/supabase.ts";

export interface HistoryPage {
  rows: AuditRow[];
  actors: Map<string, Profile>;
  more: boolean;
}

export async function loadHistory(table: string, recordId: string, limit: number): Promise<HistoryPage> {
  const { data, error } = await supabase
    .from(AUDIT_LOG_TABLE)
    .select(AUDIT_LOG_COLUMNS)
    .eq("table_name", table)
    .eq("record_id", recordId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    // One more than shown tells whether there is an older page.
    .limit(limit + 1);
  if (error) throw error;
  const rows = auditRowSchema.array().parse(data);
  const actorIds = [...new Set(rows.map((r) => r.actor_id).filter((id): id is string => !!id))];
  const actors = new Map<string, Profile>();
  if (actorIds.length) {
    const { data: people, error: peopleError } = await supabase
      .from("profiles")
      .select(PROFILE_COLUMNS)
      .in("user_id", actorIds);
    // Names are a nicety: the history still shows without them.
    if (peopleError) console.error("record history: actor names failed", peopleError);
    for (const p of people ?? []) {
      const parsed = parseProfile(p);
      if ("profile" in parsed) actors.set(parsed.profile.user_id, parsed.profile);
    }
  }
  return { rows: rows.slice(0, limit), actors, more: rows.length > limit };
}
