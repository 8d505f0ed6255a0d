/**
 * /tasks/:id: one task at its own address (deep links, reloads, the "Open" of the tasks list's
 * dialog), on the record kit's engine: its summary (status, priority, due time in Accra and
 * whether it is overdue, assignee, what it is about, linked), then its form and its history.
 */
import { Link, useNavigate, useParams } from "react-router";
import { isOverdue } from "#core/tasks/task-workflow.ts";
import type { TaskRow } from "#core/tasks/task-schema.ts";
import { defineRecordPage, RecordPage } from "#app/components/records/record-page.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { OwnerFact, SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useContactName } from "#app/lib/record-lookup-queries.ts";
import { useFormatters } from "#app/lib/format.ts";
import { toast } from "#app/lib/toast.ts";
import { updateTask } from "./api/tasks-api.ts";
import { OverdueBadge, TaskPriorityBadge, TaskStatusBadge } from "./components/task-badges.tsx";
import { TaskForm } from "./components/task-form.tsx";
import { useDeleteTask, usePropertyTitles, useTask, useTaskChanged } from "./hooks/task-queries.ts";

const BACK = { to: "/tasks", label: "All tasks" };

const TASK_PAGE = defineRecordPage<TaskRow>({
  noun: "task",
  back: BACK,
  useRecord: useTask,
  title: (row) => row.title,
  Summary: TaskSummary,
  Actions: TaskActions,
  tabs: [
    { id: "details", label: "Details", content: DetailsTab },
    {
      id: "history",
      label: "History",
      content: ({ row }) => <RecordHistory table="tasks" recordId={row.id} />,
    },
  ],
});

export default function TaskPage() {
  const { id = "" } = useParams();
  return <RecordPage definition={TASK_PAGE} id={id} />;
}

function TaskSummary({ row }: { row: TaskRow }) {
  const fmt = useFormatters();
  const contact = useContactName(row.contact_id);
  const listing = usePropertyTitles(row.property_id ? [row.property_id] : []);
  return (
    <SummaryFacts>
      <SummaryFact label="Status">
        <TaskStatusBadge status={row.status} />
      </SummaryFact>
      <SummaryFact label="Priority">
        <TaskPriorityBadge priority={row.priority} />
      </SummaryFact>
      <SummaryFact label="Due">
        {row.due_at ? fmt.dateTime(row.due_at) : "No due date"}
        {isOverdue(row) && <OverdueBadge />}
      </SummaryFact>
      <OwnerFact label="Assignee" ownerId={row.assignee_id} />
      {row.contact_id && (
        <SummaryFact label="Contact">
          <Link to={`/business-contacts/${row.contact_id}`} className="underline-offset-4 hover:underline">
            {contact.data ?? "Open the contact"}
          </Link>
        </SummaryFact>
      )}
      {row.deal_id && (
        <SummaryFact label="Deal">
          <Link to={`/deals/${row.deal_id}`} className="underline-offset-4 hover:underline">
            Open the deal
          </Link>
        </SummaryFact>
      )}
      {row.property_id && (
        <SummaryFact label="Listing">
          <Link to={`/properties-admin/${row.property_id}`} className="underline-offset-4 hover:underline">
            {listing.data?.get(row.property_id) ?? "A listing"}
          </Link>
        </SummaryFact>
      )}
    </SummaryFacts>
  );
}

function TaskActions({ row }: { row: TaskRow }) {
  const remove = useDeleteTask();
  const navigate = useNavigate();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-destructive"
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(row.id, { onSuccess: () => (toast.success("Task deleted"), navigate(BACK.to)) })
      }
    >
      Delete task
    </Button>
  );
}

function DetailsTab({ row }: { row: TaskRow }) {
  const changed = useTaskChanged();
  const navigate = useNavigate();
  return (
    <div className="max-w-2xl">
      <TaskForm
        key={row.id}
        row={row}
        save={(values, version) => updateTask(row.id, version ?? row.updated_at, values)}
        onSaved={(saved) => {
          toast.success("Task saved");
          changed([saved.id], "updated", saved.assignee_id !== row.assignee_id ? saved.assignee_id : null);
        }}
        onCancel={() => navigate(BACK.to)}
      />
    </div>
  );
}
