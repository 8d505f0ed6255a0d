/** The task queries other modules share (the tasks on a contact's or a deal's page). */
import { useQuery } from "@tanstack/react-query";
import { tasksLinkedTo, type LinkColumn } from "./linked-tasks-api.ts";
import { taskKeys } from "./task-keys.ts";

export const useLinkedTasks = (column: LinkColumn, id: string) =>
  useQuery({ queryKey: taskKeys.linked(column, id), queryFn: () => tasksLinkedTo(column, id) });
