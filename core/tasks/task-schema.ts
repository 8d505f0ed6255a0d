/**
 * The task as the back-office reads and writes it (zod): the row every query parses through and
 * the form — what is typed (wall times in Africa/Accra, "" for none) in, the columns out — with a
 * message per field. A reminder in the past is refused here and again by the database (for a
 * reminder that is new or changed); a repeating task needs a due time.
 */
import { z } from "zod";
import { utcToWallTime, wallTimeToUtc } from "../calendar/calendar.ts";
import type { ConstraintHint } from "../records/db-errors.ts";
import { TASK_INITIAL_STATUSES, TASK_PRIORITIES, TASK_RECURRENCES, TASK_STATUSES } from "./task-workflow.ts";

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;

export const REMINDER_IN_PAST = "The reminder must be in the future.";
export const REPEAT_NEEDS_DUE = "A repeating task needs a due date.";
/** The database's refusals of a link the user may not read (migration 20261128100000). */
export const CONTACT_NOT_VISIBLE = "Choose a contact you can see.";
export const DEAL_NOT_VISIBLE = "Choose a deal you can see.";

export const taskRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  due_at: z.string().nullable(),
  remind_at: z.string().nullable(),
  recurrence: z.enum(TASK_RECURRENCES),
  property_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  deal_id: z.string().nullable(),
  owner_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskRow = z.infer<typeof taskRowSchema>;
/** The columns of the tasks table this module reads. */
export const TASK_BASE_COLUMNS = Object.keys(taskRowSchema.shape);

export const TASK_FIELD_LABELS = {
  title: "Title",
  description: "Description",
  status: "Status",
  priority: "Priority",
  assignee_id: "Assignee",
  due_at: "Due",
  remind_at: "Reminder",
  recurrence: "Repeats",
  property_id: "Property",
  contact_id: "Contact",
  deal_id: "Deal",
} as const;

const optionalId = (message: string) =>
  z.string().transform((v, ctx): string | null => {
    if (v.trim() === "") return null;
    if (!z.uuid().safeParse(v).success) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return v;
  });

const optionalWallTime = z.string().transform((v, ctx): string | null => {
  if (v.trim() === "") return null;
  const iso = wallTimeToUtc(v);
  if (!iso) {
    ctx.addIssue({ code: "custom", message: "Enter a date and time" });
    return z.NEVER;
  }
  return iso;
});

const always = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

/**
 * The form's schema. `savedRemindAt` is the reminder as loaded (null for a new task): an
 * unchanged reminder that has already passed may stay; a new or changed one must lie ahead.
 */
export function taskFormSchema(options: { savedRemindAt?: string | null; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  return z
    .object({
      title: z
        .string()
        .trim()
        .min(1, "Give the task a title")
        .max(TASK_TITLE_MAX, `Keep the title under ${TASK_TITLE_MAX} characters`),
      description: z
        .string()
        .trim()
        .max(
          TASK_DESCRIPTION_MAX,
          `Keep the description under ${TASK_DESCRIPTION_MAX.toLocaleString("en-GB")} characters`,
        )
        .transform((s) => s || null),
      status: z.enum(TASK_STATUSES, { error: "Choose a status" }),
      priority: z.enum(TASK_PRIORITIES, { error: "Choose a priority" }),
      assignee_id: optionalId("Choose a team member from the list"),
      due_at: optionalWallTime,
      remind_at: optionalWallTime,
      recurrence: z.enum(TASK_RECURRENCES, { error: "Choose how it repeats" }),
      property_id: optionalId("Choose a property from the list"),
      contact_id: optionalId("Choose a contact from the list"),
      deal_id: optionalId("Choose a deal from the list"),
    })
    .refine(
      (v) => {
        if (v.remind_at === null || v.remind_at === options.savedRemindAt) return true;
        return Date.parse(v.remind_at) > now().getTime();
      },
      { path: ["remind_at"], message: REMINDER_IN_PAST, ...always },
    )
    .refine((v) => v.recurrence === "none" || v.due_at !== null, {
      path: ["due_at"],
      message: REPEAT_NEEDS_DUE,
      ...always,
    });
}
export type TaskFormInput = z.input<ReturnType<typeof taskFormSchema>>;
export type TaskFormOutput = z.output<ReturnType<typeof taskFormSchema>>;

/** The form's values for a task as loaded, or for a new one (optionally pre-linked, e.g. from a contact). */
export function taskFormValues(row: TaskRow | null, preset: Partial<TaskFormInput> = {}): TaskFormInput {
  return {
    title: row?.title ?? "",
    description: row?.description ?? "",
    status: row?.status ?? TASK_INITIAL_STATUSES[0],
    priority: row?.priority ?? "normal",
    assignee_id: row?.assignee_id ?? "",
    due_at: row?.due_at ? utcToWallTime(row.due_at) : "",
    remind_at: row?.remind_at ? utcToWallTime(row.remind_at) : "",
    recurrence: row?.recurrence ?? "none",
    property_id: row?.property_id ?? "",
    contact_id: row?.contact_id ?? "",
    deal_id: row?.deal_id ?? "",
    ...preset,
  };
}

export const TASK_CONSTRAINTS: Record<string, ConstraintHint> = {
  tasks_recurrence_needs_due: { field: "due_at", message: REPEAT_NEEDS_DUE },
  tasks_title_check: { field: "title", message: "Give the task a title (up to 200 characters)." },
  tasks_description_check: { field: "description", message: "Keep the description under 5,000 characters." },
};
