/**
 * Server state of tasks (TanStack Query). Every key starts with "tasks", so one invalidation
 * refreshes the list, board, calendar, the badge and the dashboard. After a change this tab
 * tells colleagues' tabs through the hub (ids only; they refetch through RLS — realtime.ts),
 * and pokes a newly assigned colleague's bell (the database wrote their notification).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import type { TaskListQuery } from "#core/tasks/task-list.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { pokeUser, publishDomainUpdate } from "#app/lib/realtime/index.ts";
import { useOwnScope } from "#app/lib/module-access-queries.ts";
import { propertyTitles } from "#app/lib/property-lookup-api.ts";
import { useSession } from "#app/lib/session.tsx";
import { taskKeys } from "#app/lib/tasks/task-keys.ts";
import {
  calendarTasks,
  deleteTask,
  getTask,
  listTasks,
  myOpenTasks,
  myOverdueCount,
} from "../api/tasks-api.ts";

/** The module's name on the hub (core/schemas/hub.ts REALTIME_MODULES). */
export const TASKS_REALTIME = "tasks";
/** The badge re-counts at least this often (tasks fall overdue without anyone touching them). */
const OVERDUE_POLL_MS = 60_000;

export { taskKeys };

/** Titles of the listings the shown tasks link to. */
export const usePropertyTitles = (ids: readonly string[]) =>
  useQuery({
    queryKey: taskKeys.propertyTitles(ids),
    queryFn: () => propertyTitles(ids),
    enabled: ids.length > 0,
  });

export function useTasks(query: TaskListQuery) {
  const { user } = useSession();
  const own = useOwnScope("tasks");
  return useQuery({
    queryKey: taskKeys.scopedList(query, own ?? null),
    queryFn: () => listTasks(query, user!.id, own ?? null),
    placeholderData: keepPreviousData,
    enabled: !!user && own !== undefined,
  });
}

export function useCalendarTasks(
  query: TaskListQuery,
  window: { from: string; to: string },
  enabled: boolean,
) {
  const { user } = useSession();
  const own = useOwnScope("tasks");
  return useQuery({
    queryKey: taskKeys.scopedCalendar(query, window, own ?? null),
    queryFn: () => calendarTasks(query, user!.id, own ?? null, window),
    placeholderData: keepPreviousData,
    enabled: enabled && !!user && own !== undefined,
  });
}

export function useTask(id: string | null) {
  return useQuery({ queryKey: taskKeys.detail(id ?? "none"), queryFn: () => getTask(id!), enabled: !!id });
}

export function useMyOpenTasks() {
  const { user } = useSession();
  return useQuery({
    queryKey: taskKeys.mine(user?.id),
    queryFn: () => myOpenTasks(user!.id),
    enabled: !!user,
  });
}

export function useOverdueCount() {
  const { user, role } = useSession();
  return useQuery({
    queryKey: taskKeys.overdue(user?.id),
    queryFn: myOverdueCount,
    enabled: !!user && (role === "admin" || role === "staff"),
    refetchInterval: OVERDUE_POLL_MS,
  });
}

/** Refreshes this tab's task queries (and the records' histories). */
export function useRefreshTasks() {
  const qc = useQueryClient();
  return useCallback(
    (ids: readonly string[] = []) => {
      void qc.invalidateQueries({ queryKey: taskKeys.all });
      for (const id of ids) void qc.invalidateQueries({ queryKey: historyKeys.record("tasks", id) });
    },
    [qc],
  );
}

/** After a change: refresh here, tell colleagues' tabs, poke a newly assigned colleague. */
export function useTaskChanged() {
  const refresh = useRefreshTasks();
  const { user } = useSession();
  return useCallback(
    (ids: readonly string[], action: RecordUpdateAction, newAssignee?: string | null) => {
      refresh(ids);
      publishDomainUpdate(TASKS_REALTIME, action, [...ids]);
      if (newAssignee && newAssignee !== user?.id) pokeUser(newAssignee, undefined, "task_assigned");
    },
    [refresh, user?.id],
  );
}

export function useDeleteTask() {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: deleteTask,
    meta: { errorTitle: "Task not deleted" },
    onSuccess: (_d, id) => changed([id], "deleted"),
  });
}
