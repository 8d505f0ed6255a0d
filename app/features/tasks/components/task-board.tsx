/**
 * The board view: the page's tasks in columns by status, moved with the record kit's kanban
 * (pointer, keyboard or the card's menu). Core's workflow refuses an illegal move with its
 * sentence before anything is sent (the database's trigger would refuse it again).
 */
import {
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  isOverdue,
  taskMoveError,
  type TaskStatus,
} from "#core/tasks/task-workflow.ts";
import type { TaskRow } from "#core/tasks/task-schema.ts";
import { KanbanBoard } from "#app/components/records/kanban-board.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { setTaskStatus } from "../api/tasks-api.ts";
import { useTaskChanged } from "../hooks/task-queries.ts";
import { OverdueBadge, TaskPriorityBadge } from "./task-badges.tsx";

const COLUMNS = TASK_STATUSES.map((s) => ({ id: s, title: TASK_STATUS_LABELS[s] }));

export function TaskBoard({ rows, onOpen }: { rows: readonly TaskRow[]; onOpen: (row: TaskRow) => void }) {
  const fmt = useFormatters();
  const name = useMemberName();
  const changed = useTaskChanged();
  return (
    <KanbanBoard<TaskRow, TaskStatus>
      label="Tasks by status"
      columns={COLUMNS}
      items={rows}
      getId={(r) => r.id}
      getColumn={(r) => r.status}
      itemLabel={(r) => r.title}
      canMove={(_r, from, to) => taskMoveError(from, to)}
      onMove={(r, to) => setTaskStatus([r.id], to)}
      onSettled={(r) => changed([r.id], "moved")}
      renderCard={(r) => (
        <div className="flex flex-col gap-1 text-sm">
          <button
            type="button"
            className="line-clamp-2 text-left font-medium hover:underline"
            onClick={() => onOpen(r)}
          >
            {r.title}
          </button>
          <div className="flex flex-wrap items-center gap-1">
            <TaskPriorityBadge priority={r.priority} />
            {isOverdue(r) && <OverdueBadge />}
          </div>
          {r.due_at && <span className="text-xs text-muted-foreground">Due {fmt.dateTime(r.due_at)}</span>}
          <span className="text-xs text-muted-foreground">
            {r.assignee_id ? name(r.assignee_id) : "Unassigned"}
          </span>
        </div>
      )}
    />
  );
}
