/** Status, priority and "overdue" badges of tasks: one map per workflow, beside it. */
import {
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type TaskPriority,
  type TaskStatus,
} from "#core/tasks/task-workflow.ts";
import { StatusBadge, type StatusMap } from "#app/components/records/status-badge.tsx";
import { Badge } from "#app/components/ui/badge.tsx";

export const TASK_STATUS_MAP: StatusMap<TaskStatus> = {
  todo: { label: TASK_STATUS_LABELS.todo, tone: "neutral" },
  in_progress: { label: TASK_STATUS_LABELS.in_progress, tone: "info" },
  done: { label: TASK_STATUS_LABELS.done, tone: "success" },
  cancelled: { label: TASK_STATUS_LABELS.cancelled, tone: "muted" },
};

export const TASK_PRIORITY_MAP: StatusMap<TaskPriority> = {
  low: { label: TASK_PRIORITY_LABELS.low, tone: "muted" },
  normal: { label: TASK_PRIORITY_LABELS.normal, tone: "neutral" },
  high: { label: TASK_PRIORITY_LABELS.high, tone: "warning" },
  urgent: { label: TASK_PRIORITY_LABELS.urgent, tone: "danger" },
};

export const TaskStatusBadge = ({ status }: { status: TaskStatus }) => (
  <StatusBadge value={status} map={TASK_STATUS_MAP} />
);
export const TaskPriorityBadge = ({ priority }: { priority: TaskPriority }) => (
  <StatusBadge value={priority} map={TASK_PRIORITY_MAP} />
);
export const OverdueBadge = () => <Badge tone="danger">Overdue</Badge>;
