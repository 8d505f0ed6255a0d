/**
 * The step runner's contract with the database (migration …_action_plan_runner.sql): a claimed
 * run as claim_action_plan_runs hands it out, and the outcome complete_action_plan_step records —
 * built here from the rules' decision (plan-rules.ts decideStep) and the step's texts with their
 * merge fields filled in. Pure: the edge's job and the tests call the same function.
 */
import { z } from "zod";
import { escapeHtml } from "../seo/meta.ts";
import { TEMPLATE_CATEGORIES } from "../whatsapp/whatsapp.ts";
import { PLAN_MERGE_FIELDS, planStepSchema, type MergeValues } from "./plan-schema.ts";
import {
  DAILY_MESSAGE_CAP,
  decideStep,
  nextMorning,
  renderPlanText,
  taskDueAt,
  type Recipient,
} from "./plan-rules.ts";

const nullableText = z
  .string()
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const claimedRunSchema = z.object({
  run_id: z.string(),
  claim_token: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  quiet_start: z.number().int().min(0).max(23),
  quiet_end: z.number().int().min(0).max(23),
  position: z.number().int(),
  iteration: z.number().int(),
  /** The step's stored kind and config, parsed per step (a broken one is skipped with its reason). */
  step: z.object({ kind: z.string(), config: z.unknown() }).nullable(),
  template_category: z.enum(TEMPLATE_CATEGORIES).nullable(),
  recipient: z.object({
    anonymised: z.boolean(),
    consent_status: z.enum(["unknown", "given", "withdrawn"]),
    marketing_consent: z.boolean(),
    whatsapp_opt_in: z.boolean(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    has_transaction: z.boolean(),
    suppression: z.enum(["unsubscribed", "bounced", "complained", "manual"]).nullable(),
  }),
  messages_today: z.number().int().min(0),
  merge: z.object(Object.fromEntries(PLAN_MERGE_FIELDS.map((f) => [f, nullableText]))).partial(),
  appointment: z
    .object({
      table: z.enum(["consultations", "bookings"]),
      id: z.string(),
      nonce: z.string().nullable(),
      starts_at: z.string(),
    })
    .nullable(),
});
export type ClaimedRun = z.output<typeof claimedRunSchema>;

/** What complete_action_plan_step takes (dates as ISO strings). */
export type StepOutcome =
  | { action: "complete" }
  | { action: "defer"; until: string; reason: string }
  | { action: "skip"; reason: string; next_at: string }
  | ({ action: "run"; next_at: string; cap: number; cap_until: string } & Record<string, unknown>);

/** Plain text as the HTML part of a plan's e-mail (escaped, paragraphs and line breaks kept). */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/**
 * The outcome of one claimed step at `now`: the rules' decision, and for a step that runs the
 * texts it needs with the merge fields filled in (`extra` adds values the database cannot make,
 * e.g. the visitor's signed reschedule link).
 */
export function stepOutcome(
  claimed: ClaimedRun,
  now: Date,
  extra: MergeValues = {},
  cap: number = DAILY_MESSAGE_CAP,
): StepOutcome {
  let step = null;
  if (claimed.step) {
    const parsed = planStepSchema.safeParse(claimed.step);
    if (!parsed.success)
      return {
        action: "skip",
        reason: `the step is not valid (${parsed.error.issues[0]?.message ?? "unknown"})`,
        next_at: now.toISOString(),
      };
    step = parsed.data;
  }
  const quiet = { start: claimed.quiet_start, end: claimed.quiet_end };
  const decision = decideStep(
    {
      step,
      quiet,
      recipient: claimed.recipient as Recipient,
      messagesToday: claimed.messages_today,
      templateCategory: claimed.template_category,
    },
    now,
    cap,
  );
  if (decision.action === "complete") return decision;
  if (decision.action === "defer")
    return { action: "defer", until: decision.until.toISOString(), reason: decision.reason };
  if (decision.action === "skip")
    return { action: "skip", reason: decision.reason, next_at: decision.nextAt.toISOString() };
  const values: MergeValues = { ...claimed.merge, ...extra };
  const fill = (text: string) => renderPlanText(text, values);
  const base = {
    action: "run" as const,
    next_at: decision.nextAt.toISOString(),
    cap,
    cap_until: nextMorning(now, quiet).toISOString(),
  };
  switch (step!.kind) {
    case "whatsapp":
      return { ...base, params: step!.config.params.map(fill) };
    case "email": {
      const body = fill(step!.config.body);
      return { ...base, subject: fill(step!.config.subject), text: body, html: textToHtml(body) };
    }
    case "task":
      return { ...base, title: fill(step!.config.title), due_at: taskDueAt(step!, now).toISOString() };
    case "notify":
      return { ...base, title: fill(step!.config.title), body: fill(step!.config.body) };
    default:
      return base;
  }
}
