/**
 * The leads hunt's rules: which leads come first on the call list (new form
 * submissions, tenants whose lease is ending, leads never or not recently contacted), the one-key
 * outcomes and what each writes to the contact's timeline. Pure: the page and its tests share it.
 */
import * as v from "valibot";

/** A lead is due again when nobody has been in touch for this long. */
export const NOT_CONTACTED_DAYS = 7;
/** A website enquiry this recent counts as a new form submission (called first). */
export const NEW_SUBMISSION_DAYS = 3;
/** A tenant is called about renewing when their lease (a won rental deal's lease_end_date) ends within this many days. */
export const LEASE_ENDING_DAYS = 60;
/** Calls a day when the user has no leads-contacted goal for the current period. */
export const DEFAULT_DAILY_GOAL = 20;

export const callLeadSchema = v.object({
  id: v.string(),
  display_name: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  stage: v.string(),
  source: v.nullable(v.string()),
  city: v.nullable(v.string()),
  neighbourhood: v.nullable(v.string()),
  last_activity_at: v.nullable(v.string()),
  created_at: v.string(),
});
export type CallLead = v.InferOutput<typeof callLeadSchema>;
export const CALL_LEAD_COLUMNS = Object.keys(callLeadSchema.entries).join(", ");

/** A won rental deal whose lease ends soon, with its tenant (the deal's main contact) as the user may see them. */
export interface ExpiringLease {
  dealId: string;
  /** YYYY-MM-DD */
  leaseEndDate: string;
  tenant: CallLead;
  /** The tenant's newest call on the timeline (from here or logged by hand), if any: the deal's own entries do not count. */
  lastCalledAt: string | null;
}

export type CallReason = "new_submission" | "lease_ending" | "never_contacted" | "not_contacted_recently";
export const CALL_REASON_LABELS: Record<CallReason, string> = {
  new_submission: "New form submission",
  lease_ending: `Lease ends within ${LEASE_ENDING_DAYS} days`,
  never_contacted: "Never contacted",
  not_contacted_recently: `Not contacted for ${NOT_CONTACTED_DAYS}+ days`,
};

const DAY = 86_400_000;

export function callReason(lead: CallLead, now: Date): CallReason | null {
  const last = lead.last_activity_at ? Date.parse(lead.last_activity_at) : null;
  if (
    lead.source === "website_form" &&
    now.getTime() - Date.parse(lead.created_at) <= NEW_SUBMISSION_DAYS * DAY &&
    (last === null || last <= Date.parse(lead.created_at) + 60_000)
  )
    return "new_submission";
  if (last === null) return "never_contacted";
  if (now.getTime() - last >= NOT_CONTACTED_DAYS * DAY) return "not_contacted_recently";
  return null;
}

/** YYYY-MM-DD of `now` plus `days` (UTC: Africa/Accra is UTC all year). */
export function isoDay(now: Date, days = 0): string {
  return new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
}

/**
 * True when a tenant is due a renewal call: the lease ends today or within LEASE_ENDING_DAYS, and
 * nobody called them in the last NOT_CONTACTED_DAYS (calls only: the deal's own timeline entries,
 * a stage move or the let itself, are not contact with the tenant).
 */
export function leaseDue(lease: ExpiringLease, now: Date): boolean {
  if (lease.leaseEndDate < isoDay(now) || lease.leaseEndDate > isoDay(now, LEASE_ENDING_DAYS)) return false;
  const last = lease.lastCalledAt ? Date.parse(lease.lastCalledAt) : null;
  return last === null || now.getTime() - last >= NOT_CONTACTED_DAYS * DAY;
}

export type CallListEntry = CallLead & { reason: CallReason; leaseEndDate?: string };

/** What the card says about why this person is on the list: "Lease ends 12 Jan" for a tenant. */
export function callReasonLabel(entry: Pick<CallListEntry, "reason" | "leaseEndDate">): string {
  if (entry.reason === "lease_ending" && entry.leaseEndDate) {
    const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
      new Date(`${entry.leaseEndDate}T00:00:00Z`),
    );
    return `Lease ends ${day}`;
  }
  return CALL_REASON_LABELS[entry.reason];
}

/**
 * The call list: people with a phone who are due — new submissions first (newest first), then
 * tenants whose lease ends soonest, then leads never contacted, then the longest silent. A person
 * appears once (a tenant's lease is the reason given when it applies).
 */
export function prioritise(
  leads: readonly CallLead[],
  now: Date,
  leases: readonly ExpiringLease[] = [],
): CallListEntry[] {
  const rank: Record<CallReason, number> = {
    new_submission: 0,
    lease_ending: 1,
    never_contacted: 2,
    not_contacted_recently: 3,
  };
  const byId = new Map<string, CallListEntry>();
  for (const lease of [...leases].sort((a, b) => a.leaseEndDate.localeCompare(b.leaseEndDate))) {
    if (lease.tenant.phone && !byId.has(lease.tenant.id) && leaseDue(lease, now))
      byId.set(lease.tenant.id, {
        ...lease.tenant,
        reason: "lease_ending",
        leaseEndDate: lease.leaseEndDate,
      });
  }
  for (const l of leads) {
    const reason = l.phone ? callReason(l, now) : null;
    // A new form submission outranks the lease; otherwise the lease is the better reason.
    if (reason && (!byId.has(l.id) || reason === "new_submission")) byId.set(l.id, { ...l, reason });
  }
  return [...byId.values()].sort((a, b) => {
    if (rank[a.reason] !== rank[b.reason]) return rank[a.reason] - rank[b.reason];
    if (a.reason === "lease_ending") return a.leaseEndDate!.localeCompare(b.leaseEndDate!);
    if (a.reason === "not_contacted_recently")
      return Date.parse(a.last_activity_at!) - Date.parse(b.last_activity_at!);
    return Date.parse(b.created_at) - Date.parse(a.created_at);
  });
}

export const CALL_OUTCOMES = [
  "no_answer",
  "call_back",
  "interested",
  "not_interested",
  "wrong_number",
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  no_answer: "No answer",
  call_back: "Call back at…",
  interested: "Interested",
  not_interested: "Not interested",
  wrong_number: "Wrong number",
};
/** The key that records each outcome (1–5, in the order shown). */
export const CALL_OUTCOME_KEYS: Record<CallOutcome, string> = {
  no_answer: "1",
  call_back: "2",
  interested: "3",
  not_interested: "4",
  wrong_number: "5",
};

/** The timeline line an outcome writes. */
export function outcomeSummary(
  outcome: CallOutcome,
  callBackAt: string | null,
  format: (iso: string) => string,
): string {
  switch (outcome) {
    case "call_back":
      return callBackAt
        ? `Call: asked to be called back ${format(callBackAt)}`
        : "Call: asked to be called back";
    default:
      return `Call: ${CALL_OUTCOME_LABELS[outcome].toLowerCase()}`;
  }
}

/** The follow-up task a lead worth chasing gets (a call back, an interested lead); null for the rest. */
export interface FollowUpTask {
  title: string;
  dueAt: string;
}

export function followUpTask(
  outcome: CallOutcome,
  leadName: string,
  callBackAt: string | null,
  now: Date,
): FollowUpTask | null {
  if (outcome === "call_back")
    return {
      title: `Call back ${leadName}`,
      dueAt: callBackAt ?? new Date(now.getTime() + DAY).toISOString(),
    };
  if (outcome === "interested")
    return {
      title: `Follow up ${leadName} (interested)`,
      dueAt: new Date(now.getTime() + DAY).toISOString(),
    };
  return null;
}

/** The user's own leads_contacted goal for the current period (goals module), as the goals table stores it. */
export interface ContactGoal {
  target: number;
  period_start: string;
  period_end: string;
}

/** Weekdays (Monday–Friday) from `from` to `to`, both YYYY-MM-DD and included. */
export function weekdaysBetween(from: string, to: string): number {
  let n = 0;
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += DAY) {
    const d = new Date(t).getUTCDay();
    if (d !== 0 && d !== 6) n++;
  }
  return n;
}

/** The day's call goal: the period's leads-contacted target spread over its weekdays (rounded up); the default without a goal. */
export function dailyGoal(goal: ContactGoal | null): number {
  if (!goal) return DEFAULT_DAILY_GOAL;
  const days = weekdaysBetween(goal.period_start, goal.period_end);
  return days > 0 ? Math.max(1, Math.ceil(goal.target / days)) : DEFAULT_DAILY_GOAL;
}

/** An outcome waiting in the outbox (and the activity it becomes); `key` makes a retry land once (the follow-up task's id too). */
export const queuedOutcomeSchema = v.object({
  key: v.pipe(v.string(), v.uuid()),
  contactId: v.pipe(v.string(), v.uuid()),
  outcome: v.picklist(CALL_OUTCOMES),
  callBackAt: v.nullable(v.string()),
  summary: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  occurredAt: v.string(),
  // Outcomes queued before follow-up tasks existed parse as "no task".
  followUp: v.optional(
    v.nullable(v.object({ title: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), dueAt: v.string() })),
    null,
  ),
});
export type QueuedOutcome = v.InferOutput<typeof queuedOutcomeSchema>;

export function whatsappGreeting(name: string, company: string): string {
  const first = name.split(" ")[0] || name;
  return `Hello ${first}, this is ${company}. You asked us about a property — is now a good time to talk?`;
}
