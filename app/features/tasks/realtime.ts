/**
 * Tasks live: a colleague's new, moved or reassigned task reaches this tab as a frame with ids
 * only (core's REALTIME_MODULES "tasks"); the list, board, calendar, badge and dashboard refetch
 * through RLS. Mounted by the back-office frame as the module's chrome.
 */
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { TASKS_REALTIME, useRefreshTasks } from "./hooks/task-queries.ts";

export function TasksRealtime(): null {
  const refresh = useRefreshTasks();
  useDomainUpdates(TASKS_REALTIME, (update) => refresh(update.ids));
  return null;
}
