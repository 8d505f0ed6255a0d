/**
 * The next step of a record for its page's summary: its open tasks (tasks.contact_id / deal_id)
 * and its upcoming appointments (events about the contact or the listing), read under the
 * user's RLS — a task or event they may not see is not offered — and ranked by core.
 */
import { z } from "zod";
import { nextStep, type NextStep } from "#core/records/record-page.ts";
import { OPEN_TASK_STATUSES } from "#core/tasks/task-workflow.ts";
import { supabase } from "./supabase.ts";

/** What a record's steps hang on; each column is optional (a deal has tasks and its client's events). */
export interface NextStepLinks {
  taskColumn?: "contact_id" | "deal_id";
  taskId?: string | null;
  eventColumn?: "contact_id" | "property_id";
  eventId?: string | null;
}

/** Enough candidates for the earliest one: both lists come sorted by their date. */
const CANDIDATES = 5;

const task = z.object({ id: z.string(), title: z.string(), due_at: z.string().nullable() });
const appointment = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  status: z.string(),
});

export async function loadNextStep(links: NextStepLinks, now: Date): Promise<NextStep | null> {
  const [tasks, events] = await Promise.all([
    links.taskColumn && links.taskId
      ? supabase
          .from("tasks")
          .select("id, title, due_at")
          .eq(links.taskColumn, links.taskId)
          .in("status", [...OPEN_TASK_STATUSES])
          .order("due_at", { ascending: true, nullsFirst: false })
          .limit(CANDIDATES)
      : null,
    links.eventColumn && links.eventId
      ? supabase
          .from("events")
          .select("id, title, starts_at, status")
          .eq(links.eventColumn, links.eventId)
          .neq("status", "cancelled")
          .gte("starts_at", now.toISOString())
          .order("starts_at")
          .limit(CANDIDATES)
      : null,
  ]);
  if (tasks?.error) throw tasks.error;
  if (events?.error) throw events.error;
  return nextStep(
    z.array(task).parse(tasks?.data ?? []),
    z.array(appointment).parse(events?.data ?? []),
    now,
  );
}
