/**
 * Action plans (follow-up automation): a plan is an ordered list of steps applied to a contact
 * (and optionally one of their deals) when a trigger fires or by hand; each application is a run.
 * Shared by the editor (react-hook-form + zod), the edge's step runner and the tests; the
 * database keeps the same shapes (migration …_action_plans.sql) and checks them again.
 */
import { z } from "zod";
import { CONTACT_STAGES } from "../business-contacts/contact-schema.ts";
import { TASK_PRIORITIES } from "../tasks/task-workflow.ts";

export const TRIGGER_KINDS = [
  "manual",
  "inbox_item",
  "contact_stage",
  "contact_tag",
  "deal_stage",
  "lease_ending",
  "invoice_overdue",
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
export const TRIGGER_LABELS: Record<TriggerKind, string> = {
  manual: "Applied by hand only",
  inbox_item: "A new inbox item arrives",
  contact_stage: "A contact enters a stage",
  contact_tag: "A contact gets a tag",
  deal_stage: "A deal enters a stage",
  lease_ending: "A lease ends in N days",
  invoice_overdue: "An invoice is overdue by N days",
};

export const TRIGGER_INBOXES = [
  "consultations",
  "bookings",
  "contact_submissions",
  "property_requests",
] as const;
export type TriggerInbox = (typeof TRIGGER_INBOXES)[number];
export const TRIGGER_INBOX_LABELS: Record<TriggerInbox, string> = {
  consultations: "Consultation booked",
  bookings: "Viewing booked",
  contact_submissions: "Contact form message",
  property_requests: "Property request",
};

export const STEP_KINDS = [
  "whatsapp",
  "email",
  "task",
  "wait",
  "contact_stage",
  "deal_stage",
  "notify",
  "repeat",
] as const;
export type StepKind = (typeof STEP_KINDS)[number];
export const STEP_KIND_LABELS: Record<StepKind, string> = {
  whatsapp: "Send a WhatsApp template",
  email: "Send an e-mail",
  task: "Create a task for the owner",
  wait: "Wait",
  contact_stage: "Move the contact's stage",
  deal_stage: "Move the deal's stage",
  notify: "Notify the owner",
  repeat: "Repeat earlier steps",
};
/** Steps that message the contact: quiet hours, consent and the daily cap apply to them. */
export const MESSAGE_STEP_KINDS = ["whatsapp", "email"] as const satisfies readonly StepKind[];

export const MESSAGE_PURPOSES = ["transactional", "marketing"] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];
export const MESSAGE_PURPOSE_LABELS: Record<MessagePurpose, string> = {
  transactional: "Transactional (about an appointment, invoice or deal)",
  marketing: "Marketing (needs marketing consent)",
};

export const RUN_STATUSES = ["active", "paused", "completed", "stopped"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  active: "Active",
  paused: "Paused",
  completed: "Completed",
  stopped: "Stopped",
};
export const PAUSE_REASONS = ["replied", "deal_won", "deal_lost", "by_hand"] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];
export const PAUSE_REASON_LABELS: Record<PauseReason, string> = {
  replied: "the contact replied",
  deal_won: "the deal was won",
  deal_lost: "the deal was lost",
  by_hand: "paused by hand",
};

export const TIME_UNITS = ["hours", "days"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/**
 * Merge fields a step's texts may use ({{first_name}} …), filled from the contact, its owner and
 * the record that started the run (an appointment, an invoice, a deal) — empty when that record
 * has no such value.
 */
export const PLAN_MERGE_FIELDS = [
  "first_name",
  "last_name",
  "full_name",
  "owner_name",
  "service",
  "appointment_date",
  "appointment_time",
  "reschedule_link",
  "invoice_number",
  "invoice_link",
  "amount_due",
  "deal_title",
  "lease_end_date",
] as const;
export type PlanMergeField = (typeof PLAN_MERGE_FIELDS)[number];
export type MergeValues = Partial<Record<PlanMergeField, string | null>>;

// ── Steps ──────────────────────────────────────────────────────────────────────────────────

const text = (label: string, max: number) =>
  z.string().trim().min(1, `Write the ${label}`).max(max, `The ${label} is limited to ${max} characters`);

const wait = z.object({
  amount: z.coerce
    .number({ error: "Enter how long to wait" })
    .int("Whole hours or days")
    .min(1, "A wait lasts at least 1 hour or day (a wait of zero would not wait)")
    .max(365, "At most 365"),
  unit: z.enum(TIME_UNITS),
});

export const stepConfigSchemas = {
  whatsapp: z.object({
    template: z.string().regex(/^[a-z0-9_]{1,512}$/, "Choose an approved template"),
    language: z.string().min(2).max(10).default("en"),
    params: z.array(z.string().trim().max(1024, "A parameter is limited to 1024 characters")).max(20),
  }),
  email: z.object({
    subject: text("subject", 200),
    body: text("message", 20_000),
    purpose: z.enum(MESSAGE_PURPOSES),
  }),
  task: z.object({
    title: text("task title", 200),
    due_in: z.object({
      amount: z.coerce.number().int().min(0, "Not in the past").max(365, "At most 365"),
      unit: z.enum(TIME_UNITS),
    }),
    priority: z.enum(TASK_PRIORITIES).default("normal"),
  }),
  wait,
  contact_stage: z.object({ stage: z.enum(CONTACT_STAGES, { error: "Choose a stage" }) }),
  deal_stage: z.object({ stage_id: z.uuid("Choose a stage") }),
  notify: z.object({ title: text("notification", 200), body: z.string().trim().max(1000).default("") }),
  repeat: z.object({
    to_step: z.coerce.number().int().min(1, "Choose an earlier step"),
    times: z.coerce.number().int().min(1, "Repeat at least once").max(12, "At most 12 repeats"),
  }),
} as const satisfies Record<StepKind, z.ZodType>;

export type StepConfig<K extends StepKind = StepKind> = z.output<(typeof stepConfigSchemas)[K]>;

export const planStepSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("whatsapp"), config: stepConfigSchemas.whatsapp }),
  z.object({ kind: z.literal("email"), config: stepConfigSchemas.email }),
  z.object({ kind: z.literal("task"), config: stepConfigSchemas.task }),
  z.object({ kind: z.literal("wait"), config: stepConfigSchemas.wait }),
  z.object({ kind: z.literal("contact_stage"), config: stepConfigSchemas.contact_stage }),
  z.object({ kind: z.literal("deal_stage"), config: stepConfigSchemas.deal_stage }),
  z.object({ kind: z.literal("notify"), config: stepConfigSchemas.notify }),
  z.object({ kind: z.literal("repeat"), config: stepConfigSchemas.repeat }),
]);
export type PlanStep = z.output<typeof planStepSchema>;

// ── Plans ──────────────────────────────────────────────────────────────────────────────────

export const PLAN_SCOPES = ["shared", "personal"] as const;
export type PlanScope = (typeof PLAN_SCOPES)[number];
export const MAX_PLAN_STEPS = 30;

const hour = z.coerce.number().int().min(0).max(23);

export const planFieldsSchema = z.object({
  name: z.string().trim().min(2, "Name the plan (at least 2 characters)").max(120, "At most 120 characters"),
  description: z.string().trim().max(1000, "At most 1000 characters").default(""),
  scope: z.enum(PLAN_SCOPES),
  is_active: z.boolean(),
  trigger_kind: z.enum(TRIGGER_KINDS),
  trigger_inbox: z.enum(TRIGGER_INBOXES).nullable(),
  trigger_stage: z.enum(CONTACT_STAGES).nullable(),
  trigger_tag: z.string().trim().toLowerCase().max(40, "A tag has at most 40 characters").nullable(),
  trigger_deal_stage_id: z.uuid().nullable(),
  trigger_days: z.coerce.number().int().min(1, "At least 1 day").max(365, "At most 365 days").nullable(),
  pause_on_reply: z.boolean(),
  quiet_start: hour,
  quiet_end: hour,
});
export type PlanFields = z.output<typeof planFieldsSchema>;

/** A plan row as the back-office reads it. */
export const planRowSchema = planFieldsSchema.extend({
  id: z.string(),
  description: z.string().nullable(),
  trigger_tag: z.string().nullable(),
  trigger_days: z.number().nullable(),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlanRow = z.output<typeof planRowSchema>;
export const PLAN_COLUMNS = Object.keys(planRowSchema.shape).join(", ");

export const stepRowSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  position: z.number().int(),
  kind: z.enum(STEP_KINDS),
  config: z.record(z.string(), z.unknown()),
});
export type StepRow = z.output<typeof stepRowSchema>;

/** A run as the contact's and deal's pages and the plan's page read it. */
export const runRowSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  contact_id: z.string(),
  deal_id: z.string().nullable(),
  status: z.enum(RUN_STATUSES),
  position: z.number().int(),
  next_step_at: z.string().nullable(),
  paused_reason: z.enum(PAUSE_REASONS).nullable(),
  replied_at: z.string().nullable(),
  last_event: z.string().nullable(),
  last_event_at: z.string().nullable(),
  created_at: z.string(),
});
export type RunRow = z.output<typeof runRowSchema>;
export const RUN_COLUMNS = Object.keys(runRowSchema.shape).join(", ");

/** The plan's page: how its runs are doing. */
export const planFiguresSchema = z.object({
  active: z.coerce.number(),
  paused: z.coerce.number(),
  completed: z.coerce.number(),
  stopped: z.coerce.number(),
  replied: z.coerce.number(),
  total: z.coerce.number(),
});
export type PlanFigures = z.output<typeof planFiguresSchema>;

/** Share of runs whose contact replied, as a whole percentage (null before the first run). */
export function replyRate(f: Pick<PlanFigures, "replied" | "total">): number | null {
  return f.total > 0 ? Math.round((f.replied / f.total) * 100) : null;
}
