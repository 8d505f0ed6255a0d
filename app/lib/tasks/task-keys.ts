/**
 * The tasks domain's one key factory. Every key starts with "tasks", so one invalidation
 * refreshes the tasks module's list, board, calendar, badge and dashboard as well as the tasks
 * shown on contact and deal pages. Apart from the queries, so importing it pulls in no query code.
 */
import type { TaskListQuery } from "#core/tasks/task-list.ts";
import type { LinkColumn } from "./linked-tasks-api.ts";

export const taskKeys = {
  all: ["tasks"] as const,
  /** The tasks about one contact or deal (the record pages' panel). */
  linked: (column: LinkColumn, id: string) => [...taskKeys.all, "linked", column, id] as const,
  lists: () => [...taskKeys.all, "list"] as const,
  list: (query: TaskListQuery) => [...taskKeys.lists(), query] as const,
  calendar: (query: TaskListQuery, window: { from: string; to: string }) =>
    [...taskKeys.all, "calendar", query, window.from, window.to] as const,
  /** A list or calendar as seen in "own records" mode (`own` is the user) or company-wide (null). */
  scopedList: (query: TaskListQuery, own: string | null) => [...taskKeys.list(query), own] as const,
  scopedCalendar: (query: TaskListQuery, window: { from: string; to: string }, own: string | null) =>
    [...taskKeys.calendar(query, window), own] as const,
  detail: (id: string) => [...taskKeys.all, "detail", id] as const,
  mine: (userId: string | undefined) => [...taskKeys.all, "mine", userId ?? "anonymous"] as const,
  overdue: (userId: string | undefined) => [...taskKeys.all, "overdue", userId ?? "anonymous"] as const,
  propertyTitles: (ids: readonly string[]) => [...taskKeys.all, "property-titles", ids] as const,
  /** A record page's next step (its open tasks and upcoming appointments). */
  nextStep: (links: {
    taskColumn?: string;
    taskId?: string | null;
    eventColumn?: string;
    eventId?: string | null;
  }) =>
    [...taskKeys.all, "next-step", links.taskColumn, links.taskId, links.eventColumn, links.eventId] as const,
};
