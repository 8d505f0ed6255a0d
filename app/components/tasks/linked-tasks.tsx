/**
 * The tasks about one record — a business contact or a deal (tasks.contact_id / deal_id) — as
 * the user's RLS lets them see them (their own and assigned ones, or all in company-wide mode):
 * open ones first by due date, then the closed ones; each opens in /tasks, and "New task" opens
 * the tasks screen's form linked to the record. Shared by the contact and deal pages (a feature
 * may not import another); its query key starts with "tasks", so every change the tasks module
 * makes refreshes it.
 */
import { PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { isOpen, isOverdue, TASK_STATUS_LABELS } from "#core/tasks/task-workflow.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { LINKED_TASKS_LIMIT as LIMIT, type LinkColumn } from "#app/lib/tasks/linked-tasks-api.ts";
import { useLinkedTasks } from "#app/lib/tasks/task-shared-queries.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { recordPath } from "#core/records/record-links.ts";

const FILTER_OF: Record<LinkColumn, string> = { contact_id: "contact", deal_id: "deal" };

export function LinkedTasks({ column, id, noun }: { column: LinkColumn; id: string; noun: string }) {
  const tasks = useLinkedTasks(column, id);
  const fmt = useFormatters();
  const memberName = useMemberName();
  const filter = `${FILTER_OF[column]}=${id}`;

  return (
    <section
      aria-labelledby={`tasks-of-${id}`}
      className="flex max-w-3xl flex-col gap-3"
      data-testid="linked-tasks"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`tasks-of-${id}`} className="font-semibold">
          Tasks about this {noun}
        </h2>
        <Button asChild size="sm" variant="outline" className="ml-auto">
          <Link to={`/tasks?new=1&${filter}`}>
            <PlusIcon aria-hidden="true" /> New task
          </Link>
        </Button>
      </div>
      {tasks.isPending && <Skeleton className="h-24 w-full" />}
      {tasks.isError && (
        <p className="text-sm text-destructive">
          Could not load the tasks: {describeDbError(tasks.error).message}
        </p>
      )}
      {tasks.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">No tasks about this {noun} that you can see.</p>
      )}
      {tasks.data && tasks.data.length > 0 && (
        <ul className="flex flex-col divide-y rounded-lg border">
          {tasks.data.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <Link
                to={recordPath("tasks", t.id)!}
                className={`min-w-0 flex-1 truncate font-medium hover:underline ${isOpen(t.status) ? "" : "text-muted-foreground line-through"}`}
              >
                {t.title}
              </Link>
              {isOverdue(t) && <Badge tone="danger">Overdue</Badge>}
              <Badge tone={isOpen(t.status) ? "info" : "muted"}>{TASK_STATUS_LABELS[t.status]}</Badge>
              <span className="text-muted-foreground">
                {t.due_at ? `Due ${fmt.dateTime(t.due_at)}` : "No due date"}
              </span>
              <span className="text-muted-foreground">
                · {t.assignee_id ? memberName(t.assignee_id) : "Unassigned"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {tasks.data?.length === LIMIT && (
        <Link to={`/tasks?${filter}`} className="text-sm underline-offset-4 hover:underline">
          All tasks about this {noun}
        </Link>
      )}
    </section>
  );
}
