/**
 * The only place that queries `tasks`. Every row is parsed with core's schema; RLS decides what
 * comes back (module 'tasks': own and assigned tasks unless company-wide); the workflow trigger
 * refuses illegal status moves and reminders in the past.
 */
import { z } from "zod";
import { RecordError, StaleRecordError } from "#core/records/db-errors.ts";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { rowRange } from "#core/records/list-query.ts";
import { ownRecordsFilter } from "#core/records/own-records.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import {
  ASSIGNEE_ME,
  ASSIGNEE_NONE,
  dueWindow,
  taskSortColumn,
  type TaskListQuery,
} from "#core/tasks/task-list.ts";
import {
  CONTACT_NOT_VISIBLE,
  DEAL_NOT_VISIBLE,
  REMINDER_IN_PAST,
  TASK_BASE_COLUMNS,
  taskRowSchema,
  type TaskFormOutput,
  type TaskRow,
} from "#core/tasks/task-schema.ts";
import { OPEN_TASK_STATUSES, type TaskStatus } from "#core/tasks/task-workflow.ts";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

/** The columns read. */
export const TASK_COLUMNS = TASK_BASE_COLUMNS.join(", ");
const rows = z.array(taskRowSchema);
/** The most tasks a calendar month shows (more is a list's job). */
export const TASKS_PER_CALENDAR = 500;

/** The database's refusals that belong at a field: a past reminder, a link the user may not read. */
function atField(error: { message?: string } | null): unknown {
  if (error?.message === REMINDER_IN_PAST) return new RecordError(REMINDER_IN_PAST, "P0001", "remind_at");
  if (error?.message === CONTACT_NOT_VISIBLE)
    return new RecordError(CONTACT_NOT_VISIBLE, "42501", "contact_id");
  if (error?.message === DEAL_NOT_VISIBLE) return new RecordError(DEAL_NOT_VISIBLE, "42501", "deal_id");
  return error;
}

/** The list's filters (not its paging) applied to a request. `me` resolves "assignee=me". */
function filtered<
  Q extends {
    in: (c: string, v: readonly string[]) => Q;
    eq: (c: string, v: string) => Q;
    is: (c: string, v: null) => Q;
    lt: (c: string, v: string) => Q;
    gte: (c: string, v: string) => Q;
    or: (f: string) => Q;
  },
>(req: Q, query: TaskListQuery, me: string, now: Date, own: string | null): Q {
  const f = query.filters;
  // Staff limited to their own: the policy's test repeated, so the owner/assignee indexes serve it.
  if (own) req = req.or(ownRecordsFilter(own));
  if (f.status?.length) req = req.in("status", f.status);
  if (f.priority?.length) req = req.in("priority", f.priority);
  if (f.assignee === ASSIGNEE_ME) req = req.eq("assignee_id", me);
  else if (f.assignee === ASSIGNEE_NONE) req = req.is("assignee_id", null);
  else if (f.assignee) req = req.eq("assignee_id", f.assignee);
  if (f.due === "none") req = req.is("due_at", null);
  else if (f.due) {
    const w = dueWindow(f.due, now);
    if (w.from) req = req.gte("due_at", w.from);
    if (w.to) req = req.lt("due_at", w.to);
    if (f.due === "overdue") req = req.in("status", OPEN_TASK_STATUSES);
  }
  if (f.property) req = req.eq("property_id", f.property);
  if (f.contact) req = req.eq("contact_id", f.contact);
  if (f.deal) req = req.eq("deal_id", f.deal);
  return req;
}

/** One page of the list (or any range of it, for the CSV export), with the total. */
export async function listTasks(
  query: TaskListQuery,
  me: string,
  own: string | null,
  range = rowRange(query),
  now = new Date(),
): Promise<RowsPage<TaskRow>> {
  // A search goes through search_tasks (the search documents' index, then the table's own RLS).
  const term = listSearchTerm(query.search);
  let req = term
    ? supabase.rpc("search_tasks", { term }, { count: "exact" }).select(TASK_COLUMNS)
    : supabase.from("tasks").select(TASK_COLUMNS, { count: "exact" });
  req = filtered(req, query, me, now, own);
  // By due date, the open tasks come first: done and cancelled ones are history, not work.
  if (query.sort?.column === "due_at") req = req.order("is_closed", { ascending: true });
  if (query.sort)
    req = req.order(taskSortColumn(query.sort.column), {
      ascending: query.sort.direction === "asc",
      nullsFirst: false,
    });
  req = req.order("id", { ascending: true }).range(range.from, range.to);
  const { data, error, count } = await req;
  if (error) throw error;
  return { rows: rows.parse(data), total: count ?? null };
}

/** Tasks due within [from, to) matching the list's filters (the calendar view). */
export async function calendarTasks(
  query: TaskListQuery,
  me: string,
  own: string | null,
  window: { from: string; to: string },
  now = new Date(),
): Promise<TaskRow[]> {
  let req = supabase.from("tasks").select(TASK_COLUMNS).gte("due_at", window.from).lt("due_at", window.to);
  req = filtered(req, { ...query, filters: { ...query.filters, due: undefined } }, me, now, own);
  const { data, error } = await req.order("due_at").limit(TASKS_PER_CALENDAR);
  if (error) throw error;
  return rows.parse(data);
}

export async function getTask(id: string): Promise<TaskRow | null> {
  const { data, error } = await supabase.from("tasks").select(TASK_COLUMNS).eq("id", id).maybeSingle();
  if (error) throw error;
  return data ? taskRowSchema.parse(data) : null;
}

export async function createTask(values: TaskFormOutput): Promise<TaskRow> {
  const { data, error } = await supabase.from("tasks").insert(values).select(TASK_COLUMNS).single();
  if (error) throw atField(error);
  return taskRowSchema.parse(data);
}

/** Saves an edit only if nobody saved the task since `version` (its updated_at when loaded). */
export async function updateTask(id: string, version: string, values: TaskFormOutput): Promise<TaskRow> {
  try {
    const row = await updateUnlessStale(
      supabase
        .from("tasks")
        .update(values)
        .eq("id", id)
        .eq("updated_at", version)
        .select(TASK_COLUMNS)
        .maybeSingle(),
      () => supabase.from("tasks").select("updated_at").eq("id", id).maybeSingle(),
    );
    return taskRowSchema.parse(row);
  } catch (e) {
    throw atField(e as { message?: string });
  }
}

/** Moves tasks to one status in one statement (the trigger checks each; all or none). */
export async function setTaskStatus(ids: readonly string[], status: TaskStatus): Promise<TaskRow[]> {
  const { data, error } = await supabase.from("tasks").update({ status }).in("id", ids).select(TASK_COLUMNS);
  if (error) throw error;
  if (data.length < ids.length) throw new StaleRecordError(null);
  return rows.parse(data);
}

export async function deleteTask(id: string): Promise<void> {
  const { error } = await supabase.from("tasks").delete().eq("id", id).select("id").single();
  if (error) throw error;
}

/** The caller's open tasks (assigned, or theirs and unassigned), soonest due first — the dashboard. */
export async function myOpenTasks(me: string, limit = 8): Promise<TaskRow[]> {
  const { data, error } = await supabase
    .from("tasks")
    .select(TASK_COLUMNS)
    .in("status", OPEN_TASK_STATUSES)
    .or(`assignee_id.eq.${me},and(owner_id.eq.${me},assignee_id.is.null)`)
    .order("due_at", { ascending: true, nullsFirst: false })
    .order("id")
    .limit(limit);
  if (error) throw error;
  return rows.parse(data);
}

export async function myOverdueCount(): Promise<number> {
  const { data, error } = await supabase.rpc("my_overdue_task_count");
  if (error) throw error;
  return z.number().parse(data);
}
