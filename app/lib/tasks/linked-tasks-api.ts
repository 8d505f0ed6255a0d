/**
 * The tasks about one record — a business contact or a deal (tasks.contact_id / deal_id) — as
 * the user's RLS lets them see them (their own and assigned ones, or all in company-wide mode):
 * open ones first by due date, then the closed ones. Read by the contact and deal pages (a
 * feature may not import another) straight from the `tasks` table.
 */
import { z } from "zod";
import { isOpen, TASK_STATUSES } from "#core/tasks/task-workflow.ts";
import { supabase } from "#app/lib/supabase.ts";

/** The most tasks shown (a contact or deal with more lists them in /tasks). */
export const LINKED_TASKS_LIMIT = 50;

const linkedTask = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  due_at: z.string().nullable(),
  assignee_id: z.string().nullable(),
});
export type LinkedTask = z.output<typeof linkedTask>;

export type LinkColumn = "contact_id" | "deal_id";

export async function tasksLinkedTo(column: LinkColumn, id: string): Promise<LinkedTask[]> {
  const { data, error } = await supabase
    .from("tasks")
    .select("id, title, status, due_at, assignee_id")
    .eq(column, id)
    .order("due_at", { ascending: true, nullsFirst: false })
    .order("id")
    .limit(LINKED_TASKS_LIMIT);
  if (error) throw error;
  const rows = z.array(linkedTask).parse(data);
  return [...rows.filter((t) => isOpen(t.status)), ...rows.filter((t) => !isOpen(t.status))];
}
