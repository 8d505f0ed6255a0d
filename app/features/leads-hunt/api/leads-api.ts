/**
 * The leads hunt's queries (RLS: the contacts the user may see): the candidates for the call list,
 * the tenants of won rentals whose lease ends soon (the deals and contacts the user may see), a
 * lead's recent timeline, today's count, and writing an outcome as a `call` activity. The
 * outcome's outbox key is the activity's dedup_key (and its follow-up task's id), so a retry after a
 * dropped answer lands once; the user's leads-contacted goal gives the day's target.
 */
import * as v from "valibot";
import {
  CALL_LEAD_COLUMNS,
  callLeadSchema,
  isoDay,
  LEASE_ENDING_DAYS,
  NEW_SUBMISSION_DAYS,
  NOT_CONTACTED_DAYS,
  type CallLead,
  type ContactGoal,
  type ExpiringLease,
  type QueuedOutcome,
} from "#core/leads-hunt/call-list.ts";
import { supabase } from "#app/lib/supabase.ts";

const DAY = 86_400_000;
export const LEADS_HUNT_SOURCE = "leads_hunt";

export async function callCandidates(now = new Date()): Promise<CallLead[]> {
  const silentSince = new Date(now.getTime() - NOT_CONTACTED_DAYS * DAY).toISOString();
  const newSince = new Date(now.getTime() - NEW_SUBMISSION_DAYS * DAY).toISOString();
  const { data, error } = await supabase
    .from("contacts")
    .select(CALL_LEAD_COLUMNS)
    .in("stage", ["lead", "prospect"])
    .is("anonymised_at", null)
    .not("phone", "is", null)
    .or(
      `last_activity_at.is.null,last_activity_at.lt.${silentSince},and(source.eq.website_form,created_at.gte.${newSince})`,
    )
    .order("created_at", { ascending: false })
    .limit(200);
  if (error) throw error;
  return v.parse(v.array(callLeadSchema), data);
}

const expiringLeaseRowSchema = v.object({
  id: v.string(),
  lease_end_date: v.string(),
  // Null when the user may see the deal but not its contact (RLS), or the contact was anonymised.
  tenant: v.nullable(v.object({ ...callLeadSchema.entries, anonymised_at: v.nullable(v.string()) })),
});

/** Won rental deals whose lease ends within LEASE_ENDING_DAYS, with their tenant (the deal's main contact). */
export async function expiringLeases(now = new Date()): Promise<ExpiringLease[]> {
  const { data, error } = await supabase
    .from("deals")
    .select(`id, lease_end_date, tenant:contacts!deals_contact_id_fkey(${CALL_LEAD_COLUMNS}, anonymised_at)`)
    .eq("status", "won")
    .gte("lease_end_date", isoDay(now))
    .lte("lease_end_date", isoDay(now, LEASE_ENDING_DAYS))
    .not("contact_id", "is", null)
    .order("lease_end_date")
    .limit(200);
  if (error) throw error;
  const rows = v
    .parse(v.array(expiringLeaseRowSchema), data)
    .flatMap((r) => (r.tenant && !r.tenant.anonymised_at ? [{ ...r, tenant: r.tenant }] : []));
  if (rows.length === 0) return [];
  // The tenants' calls of the last NOT_CONTACTED_DAYS (newest first): a tenant called this week waits.
  const calls = await supabase
    .from("contact_activities")
    .select("contact_id, occurred_at")
    .in("contact_id", [...new Set(rows.map((r) => r.tenant.id))])
    .eq("kind", "call")
    .gte("occurred_at", new Date(now.getTime() - NOT_CONTACTED_DAYS * DAY).toISOString())
    .order("occurred_at", { ascending: false });
  if (calls.error) throw calls.error;
  const lastCall = new Map<string, string>();
  for (const c of v.parse(v.array(v.object({ contact_id: v.string(), occurred_at: v.string() })), calls.data))
    if (!lastCall.has(c.contact_id)) lastCall.set(c.contact_id, c.occurred_at);
  return rows.map(({ id, lease_end_date, tenant: { anonymised_at: _, ...tenant } }) => ({
    dealId: id,
    leaseEndDate: lease_end_date,
    tenant,
    lastCalledAt: lastCall.get(tenant.id) ?? null,
  }));
}

const activitySchema = v.object({
  id: v.string(),
  kind: v.string(),
  summary: v.string(),
  occurred_at: v.string(),
});
export type TimelineItem = v.InferOutput<typeof activitySchema>;

export async function recentTimeline(contactId: string): Promise<TimelineItem[]> {
  const { data, error } = await supabase
    .from("contact_activities")
    .select("id, kind, summary, occurred_at")
    .eq("contact_id", contactId)
    .order("occurred_at", { ascending: false })
    .limit(8);
  if (error) throw error;
  return v.parse(v.array(activitySchema), data);
}

export async function todayCount(userId: string, now = new Date()): Promise<number> {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  const { count, error } = await supabase
    .from("contact_activities")
    .select("id", { count: "exact", head: true })
    .eq("actor_id", userId)
    .gte("occurred_at", start.toISOString())
    .contains("details", { source: LEADS_HUNT_SOURCE });
  if (error) throw error;
  return count ?? 0;
}

/** Writes one outcome; an already-written one (same key) counts as written. */
export async function sendOutcome(userId: string, o: QueuedOutcome): Promise<void> {
  const { error } = await supabase.from("contact_activities").insert({
    contact_id: o.contactId,
    kind: "call",
    direction: "outbound",
    summary: o.summary,
    occurred_at: o.occurredAt,
    actor_id: userId,
    details: { source: LEADS_HUNT_SOURCE, outcome: o.outcome, call_back_at: o.callBackAt },
    dedup_key: `leads-hunt:${o.key}`,
  });
  if (error && error.code !== "23505") throw error;
  if (o.followUp) {
    // The outbox key is the task's id: a retry after a lost answer creates it once.
    const task = await supabase.from("tasks").insert({
      id: o.key,
      title: o.followUp.title,
      description: `From the leads hunt: ${o.summary}. Contact: /business-contacts/${o.contactId}`,
      due_at: o.followUp.dueAt,
      priority: "high",
      owner_id: userId,
      assignee_id: userId,
    });
    if (task.error && task.error.code !== "23505") throw task.error;
  }
}

/** The user's own leads-contacted goal for the period that includes today (goals module), if any. */
export async function myContactGoal(userId: string, now = new Date()): Promise<ContactGoal | null> {
  const today = now.toISOString().slice(0, 10);
  const { data, error } = await supabase
    .from("goals")
    .select("target, period_start, period_end")
    .eq("metric", "leads_contacted")
    .eq("user_id", userId)
    .lte("period_start", today)
    .gte("period_end", today)
    .order("period_start", { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data
    ? v.parse(
        v.object({
          // numeric: a number or its text, as the API sends it
          target: v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number()),
          period_start: v.string(),
          period_end: v.string(),
        }),
        data,
      )
    : null;
}
