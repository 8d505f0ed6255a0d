/**
 * Tasks' rules: the status workflow (to do → in progress → done, or cancelled;
 * done and cancelled tasks can be reopened), priorities, what "overdue" means, and when the next
 * occurrence of a repeating task falls. The database mirrors the workflow table
 * (private.task_status_moves) and the recurrence (private.next_task_due), and
 * tests/rls/tasks.test.ts checks they agree case for case.
 */
import { TZDate } from "@date-fns/tz";
import { addDays as addDaysToDate, addMonths as addMonthsToDate } from "date-fns";
import { CALENDAR_TIMEZONE } from "../calendar/calendar.ts";

export const TASK_STATUSES = ["todo", "in_progress", "done", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: "To do",
  in_progress: "In progress",
  done: "Done",
  cancelled: "Cancelled",
};

/** Where each status may go next. */
export const TASK_STATUS_MOVES: Record<TaskStatus, readonly TaskStatus[]> = {
  todo: ["in_progress", "done", "cancelled"],
  in_progress: ["todo", "done", "cancelled"],
  done: ["todo", "in_progress"],
  cancelled: ["todo"],
};
/** A new task starts here (the database refuses others through the API). */
export const TASK_INITIAL_STATUSES = ["todo", "in_progress"] as const satisfies readonly TaskStatus[];
export const OPEN_TASK_STATUSES = ["todo", "in_progress"] as const satisfies readonly TaskStatus[];

function list(statuses: readonly TaskStatus[]): string {
  const labels = statuses.map((s) => TASK_STATUS_LABELS[s]);
  return labels.length <= 1 ? labels.join("") : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/** Why a move is refused (the database's words too), or null when it is allowed. */
export function taskMoveError(from: TaskStatus, to: TaskStatus): string | null {
  if (from === to || TASK_STATUS_MOVES[from].includes(to)) return null;
  return `A task cannot go from ${TASK_STATUS_LABELS[from]} to ${TASK_STATUS_LABELS[to]}. From ${TASK_STATUS_LABELS[from]} it can go to ${list(TASK_STATUS_MOVES[from])}.`;
}

export function isOpen(status: TaskStatus): boolean {
  return (OPEN_TASK_STATUSES as readonly TaskStatus[]).includes(status);
}

/** Open, with a due time that has passed. */
export function isOverdue(
  task: { status: TaskStatus; due_at: string | null },
  now: Date = new Date(),
): boolean {
  return isOpen(task.status) && task.due_at !== null && Date.parse(task.due_at) < now.getTime();
}

export const TASK_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: "Low",
  normal: "Normal",
  high: "High",
  urgent: "Urgent",
};
/** Sort order (the table's stored priority_rank). */
export const TASK_PRIORITY_RANK: Record<TaskPriority, number> = { low: 1, normal: 2, high: 3, urgent: 4 };

export const TASK_RECURRENCES = ["none", "daily", "weekly", "monthly"] as const;
export type TaskRecurrence = (typeof TASK_RECURRENCES)[number];
export const TASK_RECURRENCE_LABELS: Record<TaskRecurrence, string> = {
  none: "Does not repeat",
  daily: "Every day",
  weekly: "Every week",
  monthly: "Every month",
};

/** One step of a rule in wall time of `tz` (a month from 31 January is 28/29 February, as Postgres' interval). */
function step(due: Date, rule: Exclude<TaskRecurrence, "none">, tz: string): Date {
  const wall = new TZDate(due.getTime(), tz);
  const next =
    rule === "daily"
      ? addDaysToDate(wall, 1)
      : rule === "weekly"
        ? addDaysToDate(wall, 7)
        : addMonthsToDate(wall, 1);
  return new Date(next.getTime());
}

/**
 * The due time of the occurrence after one due at `due`: one step of the rule, then more steps
 * while it would still lie in the past (a weekly task done three weeks late comes back next
 * week, not three times overdue). Null for a task that does not repeat.
 */
export function nextDueAt(
  due: string,
  rule: TaskRecurrence,
  now: Date = new Date(),
  tz: string = CALENDAR_TIMEZONE,
): string | null {
  if (rule === "none") return null;
  let next = step(new Date(due), rule, tz);
  for (let i = 0; i < 5000 && next.getTime() <= now.getTime(); i++) next = step(next, rule, tz);
  return next.toISOString();
}

/** The reminder of the next occurrence: as far before its due time as before this one's; none if that is past. */
export function nextRemindAt(
  due: string,
  remind: string | null,
  nextDue: string,
  now: Date = new Date(),
): string | null {
  if (!remind) return null;
  const at = Date.parse(nextDue) - (Date.parse(due) - Date.parse(remind));
  return at > now.getTime() ? new Date(at).toISOString() : null;
}
