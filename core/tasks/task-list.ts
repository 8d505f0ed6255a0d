/**
 * The tasks list as the URL carries it: sorts, page sizes and filters (status,
 * priority, assignee — "me" and "none" included —, due: overdue / today / this week / no date,
 * a linked property, contact or deal). The module's API turns it into PostgREST filters; the same
 * definition drives the filter controls and the board and calendar views.
 */
import { z } from "zod";
import { addDays, dayKey, startOfWeek, wallTimeToUtc } from "../calendar/calendar.ts";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import { TASK_PRIORITIES, TASK_STATUSES } from "./task-workflow.ts";

export const ASSIGNEE_ME = "me";
export const ASSIGNEE_NONE = "none";
export const DUE_FILTERS = ["overdue", "today", "week", "none"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const DUE_FILTER_LABELS: Record<DueFilter, string> = {
  overdue: "Overdue",
  today: "Due today",
  week: "Due this week",
  none: "No due date",
};

const id = (what: string) => z.uuid(`Not a ${what}`);

export const taskListQuery = defineListQuery({
  sortable: ["due_at", "priority", "title", "status", "updated_at", "created_at"],
  defaultSort: { column: "due_at", direction: "asc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    status: filter.many(z.enum(TASK_STATUSES, { error: "Not a task status" })),
    priority: filter.many(z.enum(TASK_PRIORITIES, { error: "Not a priority" })),
    assignee: filter.one(
      z.union([z.uuid(), z.literal(ASSIGNEE_ME), z.literal(ASSIGNEE_NONE)], { error: "Not a team member" }),
    ),
    due: filter.one(z.enum(DUE_FILTERS, { error: "Use overdue, today, week or none" })),
    property: filter.one(id("property")),
    contact: filter.one(id("contact")),
    deal: filter.one(id("deal")),
  },
});
export type TaskListQuery = ListQueryOf<typeof taskListQuery>;

/** The due-date window of a due filter, in Africa/Accra days: [from, to) instants (either open). */
export function dueWindow(
  due: Exclude<DueFilter, "none">,
  now: Date = new Date(),
): { from?: string; to?: string } {
  const today = dayKey(now);
  switch (due) {
    case "overdue":
      return { to: now.toISOString() };
    case "today":
      return { from: wallTimeToUtc(`${today}T00:00`)!, to: wallTimeToUtc(`${addDays(today, 1)}T00:00`)! };
    case "week": {
      const monday = startOfWeek(today);
      return { from: wallTimeToUtc(`${monday}T00:00`)!, to: wallTimeToUtc(`${addDays(monday, 7)}T00:00`)! };
    }
  }
}

/** The table column a sort means (priority sorts by its stored rank). */
export function taskSortColumn(column: (typeof taskListQuery.sortable)[number]): string {
  return column === "priority" ? "priority_rank" : column;
}
