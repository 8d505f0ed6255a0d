/**
 * The tasks about one record — a business contact or a deal (tasks.contact_id / deal_id) — as
 * the user's RLS lets them see them (their own and assigned ones, or all in company-wide mode):
 * open ones first by due date, then the closed ones; each opens in /tasks, and "New task" opens
 * the tasks screen's form linked to the record. Shared by the contact and deal pages (a feature
 * may not import another), reading the `tasks` table directly; its query key starts with
 * "tasks", so every change the tasks module makes refreshes it.
 */
import { useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { describeDbError } from "#core/records/db-errors.ts";
import { isOpen, isOverdue, TASK_STATUS_LABELS, TASK_STATUSES } from "#core/tasks/task-workflow.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { supabase } from "#app/lib/supabase.ts";
import { useMemberName } from "#app/lib/team-members.ts";

/** The most tasks shown (a contact or deal with more lists them in /tasks). */
const LIMIT = 50;

const linkedTask = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  due_at: z.string().nullable(),
  assignee_id: z.string().nullable(),
});
type LinkedTask = z.output<typeof linkedTask>;

type LinkColumn = "contact_id" | "deal_id";
const FILTER_OF: Record<LinkColumn, string> = { contact_id: "contact", deal_id: "deal" };

async function tasksLinkedTo(column: LinkColumn, id: string): Promise<LinkedTask[]> {
  const { data, error } = await supabase
    .from("tasks")
    .select("id, title, status, due_at, assignee_id")
    .eq(column, id)
    .order("due_at", { ascending: true, nullsFirst: false })
    .order("id")
    .limit(LIMIT);
  if (error) throw error;
  const rows = z.array(linkedTask).parse(data);
  return [...rows.filter((t) => isOpen(t.status)), ...rows.filter((t) => !isOpen(t.status))];
}

export function LinkedTasks({ column, id, noun }: { column: LinkColumn; id: string; noun: string }) {
  const tasks = useQuery({
    queryKey: ["tasks", "linked", column, id],
    queryFn: () => tasksLinkedTo(column, id),
  });
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
                to={`/tasks?id=${t.id}`}
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
