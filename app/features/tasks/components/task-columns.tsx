/**
 * The columns of the tasks table and of its CSV export, built per render from the team's names
 * and the user's formatters. The title opens the task; an overdue due date says so.
 */
import { RepeatIcon } from "lucide-react";
import type { CsvColumn } from "#core/records/csv.ts";
import type { TaskRow } from "#core/tasks/task-schema.ts";
import {
  isOverdue,
  TASK_PRIORITY_LABELS,
  TASK_RECURRENCE_LABELS,
  TASK_STATUS_LABELS,
} from "#core/tasks/task-workflow.ts";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import type { Formatters } from "#app/lib/format.ts";
import { OverdueBadge, TaskPriorityBadge, TaskStatusBadge } from "./task-badges.tsx";

export const DEFAULT_HIDDEN_COLUMNS = ["created_at", "updated_at"];

export function taskColumns(
  name: (id: string | null) => string,
  property: (id: string | null) => string,
  fmt: Formatters,
  open: (row: TaskRow) => void,
): DataTableColumn<TaskRow>[] {
  return [
    {
      id: "title",
      header: "Task",
      enableHiding: false,
      cell: ({ row }) => (
        <div className="flex max-w-96 flex-col">
          <button
            type="button"
            className="truncate text-left font-medium hover:underline"
            onClick={() => open(row.original)}
          >
            {row.original.title}
            {row.original.recurrence !== "none" && (
              <RepeatIcon
                className="ml-1 inline size-3.5 text-muted-foreground"
                aria-label={TASK_RECURRENCE_LABELS[row.original.recurrence]}
              />
            )}
          </button>
          {row.original.property_id && (
            <span className="truncate text-xs text-muted-foreground">
              {property(row.original.property_id)}
            </span>
          )}
        </div>
      ),
    },
    { id: "status", header: "Status", cell: ({ row }) => <TaskStatusBadge status={row.original.status} /> },
    {
      id: "priority",
      header: "Priority",
      cell: ({ row }) => <TaskPriorityBadge priority={row.original.priority} />,
    },
    {
      id: "due_at",
      header: "Due",
      cell: ({ row }) =>
        row.original.due_at ? (
          <span className="flex items-center gap-2 whitespace-nowrap">
            <time dateTime={row.original.due_at}>{fmt.dateTime(row.original.due_at)}</time>
            {isOverdue(row.original) && <OverdueBadge />}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "assignee",
      header: "Assignee",
      cell: ({ row }) =>
        row.original.assignee_id ? (
          name(row.original.assignee_id)
        ) : (
          <span className="text-muted-foreground">Unassigned</span>
        ),
    },
    { id: "owner", header: "Owner", cell: ({ row }) => name(row.original.owner_id) },
    { id: "created_at", header: "Created", cell: ({ row }) => fmt.date(row.original.created_at) },
    { id: "updated_at", header: "Updated", cell: ({ row }) => fmt.dateTime(row.original.updated_at) },
  ];
}

export function taskCsvColumns(
  name: (id: string | null) => string,
  property: (id: string | null) => string,
): CsvColumn<TaskRow>[] {
  return [
    { header: "Task", value: (r) => r.title },
    { header: "Description", value: (r) => r.description },
    { header: "Status", value: (r) => TASK_STATUS_LABELS[r.status] },
    { header: "Priority", value: (r) => TASK_PRIORITY_LABELS[r.priority] },
    { header: "Due", value: (r) => (r.due_at ? new Date(r.due_at) : null) },
    { header: "Repeats", value: (r) => TASK_RECURRENCE_LABELS[r.recurrence] },
    { header: "Assignee", value: (r) => (r.assignee_id ? name(r.assignee_id) : null) },
    { header: "Owner", value: (r) => name(r.owner_id) },
    { header: "Property", value: (r) => (r.property_id ? property(r.property_id) : null) },
    { header: "Completed", value: (r) => (r.completed_at ? new Date(r.completed_at) : null) },
    { header: "Created", value: (r) => new Date(r.created_at) },
  ];
}
