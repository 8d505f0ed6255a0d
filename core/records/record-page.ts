/**
 * Pure rules of the record page every back-office record opens on: which tab the URL asks for
 * (an unknown or missing `?tab=` falls back to the summary-first default, never to an error),
 * whether a load failure means "not there for you" rather than a broken page, and the record's
 * next step — the earliest of its open tasks and upcoming appointments, so an overdue task
 * outranks next week's viewing and a cancelled or past appointment is never offered.
 */
import { describeDbError } from "./db-errors.ts";

/** The tab the URL names when the record has it, else the first tab (the summary-first one). */
export function tabFromUrl<T extends string>(tabs: readonly T[], requested: string | null): T | undefined {
  return tabs.find((t) => t === requested) ?? tabs[0];
}

/**
 * A record that is missing, or that RLS hides (both look the same to the caller, on purpose), or
 * an id that is not one: the page says "does not exist or you may not see it", not "error".
 */
export function isMissingRecord(error: unknown): boolean {
  const { kind, code } = describeDbError(error);
  return kind === "not_found" || code === "22P02";
}

export interface NextStepTask {
  id: string;
  title: string;
  /** Open tasks only are passed; undated ones rank after every dated step. */
  due_at: string | null;
}
export interface NextStepAppointment {
  id: string;
  title: string;
  starts_at: string;
  status: string;
}
export type NextStep =
  | { kind: "task"; id: string; title: string; at: string | null; overdue: boolean }
  | { kind: "appointment"; id: string; title: string; at: string; overdue: false };

/** The one thing to do next about a record, or null when nothing is planned. */
export function nextStep(
  openTasks: readonly NextStepTask[],
  appointments: readonly NextStepAppointment[],
  now: Date,
): NextStep | null {
  const nowMs = now.getTime();
  const steps: NextStep[] = [
    ...openTasks.map((t) => ({
      kind: "task" as const,
      id: t.id,
      title: t.title,
      at: t.due_at,
      overdue: t.due_at !== null && Date.parse(t.due_at) < nowMs,
    })),
    ...appointments
      .filter((a) => a.status !== "cancelled" && Date.parse(a.starts_at) >= nowMs)
      .map((a) => ({
        kind: "appointment" as const,
        id: a.id,
        title: a.title,
        at: a.starts_at,
        overdue: false as const,
      })),
  ];
  const rank = (s: NextStep) => (s.at === null ? Number.POSITIVE_INFINITY : Date.parse(s.at));
  // Stable on ties: a task before an appointment at the same minute (it is what the agent does).
  return steps.reduce<NextStep | null>((best, s) => (best === null || rank(s) < rank(best) ? s : best), null);
}
