/** Dashboard slot "my-tasks": the user's open tasks, soonest due first, overdue ones marked; each opens the task. */
import { Link } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { isOverdue } from "#core/tasks/task-workflow.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { OverdueBadge, TaskPriorityBadge } from "../components/task-badges.tsx";
import { useMyOpenTasks } from "../hooks/task-queries.ts";
import { recordPath } from "#core/records/record-links.ts";

export default function MyTasksWidget() {
  const tasks = useMyOpenTasks();
  const fmt = useFormatters();
  if (tasks.isPending) return <Skeleton className="h-24 w-full" />;
  if (tasks.isError)
    return (
      <p className="text-sm text-destructive">
        Could not load your tasks: {describeDbError(tasks.error).message}
      </p>
    );
  if (tasks.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Nothing open.{" "}
        <Link to="/tasks" className="underline">
          All tasks
        </Link>
      </p>
    );
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1" aria-label="My open tasks">
        {tasks.data.map((t) => (
          <li key={t.id}>
            <Link
              to={recordPath("tasks", t.id)!}
              className="flex flex-col gap-0.5 rounded-md px-2 py-1.5 text-sm hover:bg-accent"
            >
              <span className="font-medium">{t.title}</span>
              <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                {t.due_at ? `Due ${fmt.dateTime(t.due_at)}` : "No due date"}
                <TaskPriorityBadge priority={t.priority} />
                {isOverdue(t) && <OverdueBadge />}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/tasks?assignee=me" className="text-sm underline">
        All my tasks
      </Link>
    </div>
  );
}
