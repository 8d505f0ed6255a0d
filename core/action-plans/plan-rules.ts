/**
 * The rules of action plans, pure so that the editor, the edge's step runner and the tests share
 * them (the database checks the same again: migration …_action_plans.sql):
 *   - what makes a plan valid (steps, loops that wait, templates whose parameters fit);
 *   - respect: quiet hours in Africa/Accra (default 20:00–08:00, moved to the next morning),
 *     consent (Act 843: marketing only with marketing consent; transactional messages to anyone
 *     with an appointment, invoice or deal; WhatsApp only with the contact's opt-in), the
 *     suppression list, and at most DAILY_MESSAGE_CAP automated messages per contact a day;
 *   - when the next step runs, and merge fields in a step's texts.
 */
import { addDays, dayKey, utcToWallTime, wallTimeToUtc } from "../calendar/calendar.ts";
import { templateParamsProblem, type TemplateCategory, type WhatsAppTemplate } from "../whatsapp/whatsapp.ts";
import {
  MAX_PLAN_STEPS,
  PLAN_MERGE_FIELDS,
  STEP_KIND_LABELS,
  type MergeValues,
  type MessagePurpose,
  type PlanFields,
  type PlanStep,
  type TimeUnit,
} from "./plan-schema.ts";

export const DEFAULT_QUIET_HOURS = { start: 20, end: 8 } as const;
/** Automated messages (WhatsApp and e-mail of every plan together) one contact gets per Accra day. */
export const DAILY_MESSAGE_CAP = 2;

export interface QuietHours {
  /** Accra hour (0–23) from which no message goes out… */
  start: number;
  /** …until this hour (exclusive of it: at `end`:00 messages go again). */
  end: number;
}

// ── Plan validity ──────────────────────────────────────────────────────────────────────────

export interface PlanProblem {
  /** The step (0-based) the problem is about, or null for the plan as a whole. */
  step: number | null;
  message: string;
}

const HOUR_MS = 3_600_000;
export function durationMs(amount: number, unit: TimeUnit): number {
  return amount * (unit === "days" ? 24 : 1) * HOUR_MS;
}

/** {{field}} names a text uses that are not merge fields. */
export function unknownPlanFields(text: string): string[] {
  const known = new Set<string>(PLAN_MERGE_FIELDS);
  return [...new Set([...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]!))].filter(
    (f) => !known.has(f),
  );
}

function stepTexts(step: PlanStep): string[] {
  switch (step.kind) {
    case "whatsapp":
      return step.config.params;
    case "email":
      return [step.config.subject, step.config.body];
    case "task":
      return [step.config.title];
    case "notify":
      return [step.config.title, step.config.body];
    default:
      return [];
  }
}

/**
 * Everything wrong with a plan's steps, each with the step it is about: no steps, too many, an
 * unknown merge field, a template that is not approved or whose parameters do not fit, a repeat
 * that points forward, or a loop that would repeat without waiting.
 */
export function planProblems(
  steps: readonly PlanStep[],
  templates: ReadonlyArray<Pick<WhatsAppTemplate, "name" | "language" | "param_count" | "is_active">>,
): PlanProblem[] {
  const out: PlanProblem[] = [];
  if (steps.length === 0) out.push({ step: null, message: "A plan needs at least one step." });
  if (steps.length > MAX_PLAN_STEPS)
    out.push({ step: null, message: `A plan has at most ${MAX_PLAN_STEPS} steps.` });
  steps.forEach((step, i) => {
    for (const t of stepTexts(step))
      for (const f of unknownPlanFields(t)) out.push({ step: i, message: `{{${f}}} is not a merge field.` });
    if (step.kind === "whatsapp") {
      const t = templates.find((x) => x.name === step.config.template && x.language === step.config.language);
      if (!t || !t.is_active)
        out.push({
          step: i,
          message: `"${step.config.template}" (${step.config.language}) is not an approved template.`,
        });
      else {
        const problem = templateParamsProblem(t, step.config.params);
        if (problem) out.push({ step: i, message: problem });
      }
    }
    if (step.kind === "repeat") {
      const target = step.config.to_step - 1;
      if (target >= i) out.push({ step: i, message: "A repeat goes back to an earlier step." });
      else {
        const waited = steps
          .slice(target, i)
          .reduce((ms, s) => ms + (s.kind === "wait" ? durationMs(s.config.amount, s.config.unit) : 0), 0);
        if (waited <= 0)
          out.push({
            step: i,
            message: `Steps ${target + 1}–${i} would repeat without waiting: add a wait of at least 1 hour to the loop.`,
          });
      }
    }
  });
  return out;
}

/** Why the trigger settings are incomplete, per field, or {} when they are fine. */
export function triggerProblems(p: PlanFields): Partial<Record<keyof PlanFields, string>> {
  switch (p.trigger_kind) {
    case "inbox_item":
      return p.trigger_inbox ? {} : { trigger_inbox: "Choose which inbox starts the plan" };
    case "contact_stage":
      return p.trigger_stage ? {} : { trigger_stage: "Choose the stage" };
    case "contact_tag":
      return p.trigger_tag ? {} : { trigger_tag: "Write the tag" };
    case "deal_stage":
      return p.trigger_deal_stage_id ? {} : { trigger_deal_stage_id: "Choose the deal stage" };
    case "lease_ending":
    case "invoice_overdue":
      return p.trigger_days ? {} : { trigger_days: "Enter the number of days" };
    case "manual":
      return {};
  }
}

// ── Merge fields ───────────────────────────────────────────────────────────────────────────

/** {{field}} → its value (empty when the run's records have none); other text stays as written. */
export function renderPlanText(text: string, values: MergeValues): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, f: string) =>
    (PLAN_MERGE_FIELDS as readonly string[]).includes(f) ? (values[f as keyof MergeValues] ?? "") : whole,
  );
}

// ── Time ───────────────────────────────────────────────────────────────────────────────────

function accraHour(now: Date): number {
  return Number(utcToWallTime(now).slice(11, 13));
}

export function isQuietTime(now: Date, quiet: QuietHours = DEFAULT_QUIET_HOURS): boolean {
  if (quiet.start === quiet.end) return false;
  const h = accraHour(now);
  return quiet.start > quiet.end ? h >= quiet.start || h < quiet.end : h >= quiet.start && h < quiet.end;
}

/** `hour`:00 Accra time on the given Accra day. */
function atAccraHour(day: string, hour: number): Date {
  return new Date(wallTimeToUtc(`${day}T${String(hour).padStart(2, "0")}:00`)!);
}

/** Now, or — inside quiet hours — when they end (08:00 the next morning by default). */
export function nextSendTime(now: Date, quiet: QuietHours = DEFAULT_QUIET_HOURS): Date {
  if (!isQuietTime(now, quiet)) return now;
  const today = dayKey(now);
  const endToday = atAccraHour(today, quiet.end);
  return endToday.getTime() > now.getTime() ? endToday : atAccraHour(addDays(today, 1), quiet.end);
}

/** When quiet hours end on the next Accra day: where a message capped today goes. */
export function nextMorning(now: Date, quiet: QuietHours = DEFAULT_QUIET_HOURS): Date {
  return atAccraHour(addDays(dayKey(now), 1), quiet.start === quiet.end ? 8 : quiet.end);
}

/** When the step after this one is due: a wait's length from now, anything else at once. */
export function nextStepAt(step: PlanStep, now: Date): Date {
  return step.kind === "wait"
    ? new Date(now.getTime() + durationMs(step.config.amount, step.config.unit))
    : now;
}

/** A task step's due time. */
export function taskDueAt(step: Extract<PlanStep, { kind: "task" }>, now: Date): Date {
  return new Date(now.getTime() + durationMs(step.config.due_in.amount, step.config.due_in.unit));
}

// ── Consent ────────────────────────────────────────────────────────────────────────────────

export type Channel = "whatsapp" | "email";
export type Suppression = "unsubscribed" | "bounced" | "complained" | "manual";

/** What the runner knows about the contact when a message step is due. */
export interface Recipient {
  anonymised: boolean;
  consent_status: "unknown" | "given" | "withdrawn";
  marketing_consent: boolean;
  whatsapp_opt_in: boolean;
  phone: string | null;
  email: string | null;
  /** An appointment, invoice or deal with us: transactional messages may reach them. */
  has_transaction: boolean;
  /** The e-mail address is on the suppression list, and why. */
  suppression: Suppression | null;
}

/** A WhatsApp template's category decides its purpose (Meta classifies it too). */
export function whatsappPurpose(category: TemplateCategory): MessagePurpose {
  return category === "marketing" ? "marketing" : "transactional";
}

/** Why this message may not go to this contact (the sentence recorded on the run), or null. */
export function messageRefusal(channel: Channel, purpose: MessagePurpose, r: Recipient): string | null {
  if (r.anonymised) return "the contact was anonymised";
  if (r.consent_status === "withdrawn") return "the contact withdrew consent (Act 843)";
  if (channel === "whatsapp") {
    if (!r.phone) return "the contact has no valid WhatsApp number";
    if (!r.whatsapp_opt_in) return "the contact has not opted in to WhatsApp messages";
  } else {
    if (!r.email) return "the contact has no e-mail address";
    if (
      r.suppression &&
      (purpose === "marketing" || r.suppression === "bounced" || r.suppression === "complained")
    )
      return `the address is on the suppression list (${r.suppression})`;
  }
  if (purpose === "marketing" && !r.marketing_consent)
    return "marketing needs the contact's marketing consent";
  if (purpose === "transactional" && !r.has_transaction && !r.marketing_consent)
    return "the contact has no appointment, invoice or deal with us (and no marketing consent)";
  return null;
}

// ── The decision for one due step ──────────────────────────────────────────────────────────

export type StepDecision =
  | { action: "run"; nextAt: Date }
  | { action: "defer"; until: Date; reason: string }
  | { action: "skip"; reason: string; nextAt: Date }
  | { action: "complete" };

export interface DueStep {
  /** null: the run is past its last step. */
  step: PlanStep | null;
  quiet: QuietHours;
  recipient: Recipient;
  /** Automated messages this contact got today (Accra day), every plan together. */
  messagesToday: number;
  /** The template's category, for a WhatsApp step (null: the template is gone). */
  templateCategory: TemplateCategory | null;
}

/**
 * What the runner does with a due step now: run it; defer it (quiet hours, or the contact's daily
 * cap reached) to the first allowed time; skip it with the reason (no consent, no opt-in, no
 * address) and go on; or complete the run.
 */
export function decideStep(due: DueStep, now: Date, cap: number = DAILY_MESSAGE_CAP): StepDecision {
  const { step } = due;
  if (!step) return { action: "complete" };
  if (step.kind !== "whatsapp" && step.kind !== "email")
    return { action: "run", nextAt: nextStepAt(step, now) };
  let purpose: MessagePurpose;
  if (step.kind === "whatsapp") {
    if (!due.templateCategory)
      return {
        action: "skip",
        reason: `the template "${step.config.template}" is no longer approved`,
        nextAt: now,
      };
    purpose = whatsappPurpose(due.templateCategory);
  } else purpose = step.config.purpose;
  const refusal = messageRefusal(step.kind, purpose, due.recipient);
  if (refusal) return { action: "skip", reason: refusal, nextAt: now };
  const sendAt = nextSendTime(now, due.quiet);
  if (sendAt.getTime() > now.getTime()) return { action: "defer", until: sendAt, reason: "quiet hours" };
  if (due.messagesToday >= cap)
    return { action: "defer", until: nextMorning(now, due.quiet), reason: `daily limit of ${cap} messages` };
  return { action: "run", nextAt: now };
}

// ── Words ──────────────────────────────────────────────────────────────────────────────────

function span(amount: number, unit: TimeUnit): string {
  const one = unit === "days" ? "day" : "hour";
  return `${amount} ${amount === 1 ? one : `${one}s`}`;
}

/** One line per step, for the editor's list and a run's "next step". */
export function describeStep(step: PlanStep): string {
  switch (step.kind) {
    case "whatsapp":
      return `WhatsApp template ${step.config.template}`;
    case "email":
      return `E-mail "${step.config.subject}"`;
    case "task":
      return `Task "${step.config.title}" due in ${span(step.config.due_in.amount, step.config.due_in.unit)}`;
    case "wait":
      return `Wait ${span(step.config.amount, step.config.unit)}`;
    case "contact_stage":
      return `Move the contact to ${step.config.stage.replace("_", " ")}`;
    case "deal_stage":
      return "Move the deal's stage";
    case "notify":
      return `Notify the owner: ${step.config.title}`;
    case "repeat":
      return `Repeat from step ${step.config.to_step} (${step.config.times}×)`;
    default:
      return STEP_KIND_LABELS[(step as PlanStep).kind];
  }
}
