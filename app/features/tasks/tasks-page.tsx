/**
 * /tasks: the tasks as a list (the record kit's table), a board by status or a
 * calendar of due dates (month or week) — one list state in the URL (page, sort, search, filters;
 * `view` picks the view, `cal` the calendar's, `id` the open task). A task opens in a dialog with
 * its form, links to the contact and deal it is about, and its history; bulk status change and
 * CSV export on the list. `?new=1` opens a new task, linked to the `contact` / `deal` the list is
 * filtered by (the contact and deal pages link here that way).
 */
import { CalendarDaysIcon, KanbanSquareIcon, TableIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { taskListQuery } from "#core/tasks/task-list.ts";
import type { TaskFormOutput, TaskRow } from "#core/tasks/task-schema.ts";
import { isOverdue, TASK_STATUS_LABELS } from "#core/tasks/task-workflow.ts";
import { CalendarBody, CalendarToolbar } from "#app/components/calendar/calendar-views.tsx";
import { useCalendarState, type CalendarView } from "#app/components/calendar/use-calendar-state.ts";
import { useListSavedViews } from "#app/components/records/hooks/use-list-saved-views.ts";
import { defineListScreen, ListScreen, useListScreen } from "#app/components/records/list-screen.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useOwnScope } from "#app/lib/module-access-queries.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { createTask, listTasks, updateTask } from "./api/tasks-api.ts";
import { DEFAULT_HIDDEN_COLUMNS, taskColumns, taskCsvColumns } from "./components/task-columns.tsx";
import { TaskBulkActions } from "./components/task-bulk-actions.tsx";
import { TaskFilters } from "./components/task-filters.tsx";
import {
  useCalendarTasks,
  useDeleteTask,
  useTask,
  useTaskChanged,
  useTasks,
  usePropertyTitles,
} from "./hooks/task-queries.ts";

// The board brings drag and drop (@dnd-kit): loaded when someone opens it.
// Loaded when its dialog opens: react-hook-form stays out of the list's first download.
const TaskForm = lazy(() => import("./components/task-form.tsx").then((m) => ({ default: m.TaskForm })));
const TaskBoard = lazy(() => import("./components/task-board.tsx").then((m) => ({ default: m.TaskBoard })));

const CAL_VIEWS: readonly CalendarView[] = ["month", "week"];

const TASKS = defineListScreen({
  title: "Tasks",
  query: taskListQuery,
  noun: "tasks",
  filterLabels: {
    status: "Status",
    priority: "Priority",
    assignee: "Assignee",
    due: "Due",
    property: "Property",
    contact: "Contact",
    deal: "Deal",
  },
  table: {
    id: "tasks",
    label: "Tasks",
    defaultHidden: DEFAULT_HIDDEN_COLUMNS,
    searchLabel: "Search tasks",
    rowId: (r: TaskRow) => r.id,
    rowLabel: (r) => r.title,
  },
  views: [
    { id: "list", label: "List", icon: TableIcon },
    { id: "board", label: "Board", icon: KanbanSquareIcon },
    { id: "calendar", label: "Calendar", icon: CalendarDaysIcon },
  ],
  tableView: "list",
  // A saved view keeps the board or calendar layout (the list is the absence of `view`).
  savedViews: { listKey: "tasks", layouts: { view: ["board", "calendar"], cal: ["month", "week"] } },
});

export default function TasksPage() {
  const screen = useListScreen(TASKS);
  const { list, view } = screen;
  const [params, setParams] = useSearchParams();
  const cal = useCalendarState(CAL_VIEWS, "month", { viewParam: "cal" });
  const result = useTasks(list.query);
  const calendar = useCalendarTasks(list.query, cal.window, view === "calendar");
  const { user } = useSession();
  const own = useOwnScope("tasks");
  const team = useTeamMembers();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const changed = useTaskChanged();
  const remove = useDeleteTask();
  const openId = params.get("id");
  const [creatingHere, setCreating] = useState(false);
  const creating = creatingHere || params.get("new") === "1";
  const open = useTask(openId);
  const { contact: presetContact, deal: presetDeal } = list.query.filters;
  const preset = useMemo(
    () => ({ contact_id: presetContact ?? "", deal_id: presetDeal ?? "" }),
    [presetContact, presetDeal],
  );

  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const propertyIds = useMemo(
    () =>
      [...rows, ...(calendar.data ?? []), ...(open.data ? [open.data] : [])]
        .flatMap((r) => (r.property_id ? [r.property_id] : []))
        .sort(),
    [rows, calendar.data, open.data],
  );
  const properties = usePropertyTitles(propertyIds);
  const propertyName = useCallback(
    (id: string | null) => (id ? (properties.data?.get(id) ?? "A listing") : "—"),
    [properties.data],
  );

  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { preventScrollReset: true },
    );
  const openTask = useCallback((r: TaskRow) => setParam("id", r.id), []); // eslint-disable-line react-hooks/exhaustive-deps -- setParams is stable
  const columns = useMemo(
    () => taskColumns(memberName, propertyName, fmt, openTask),
    [memberName, propertyName, fmt, openTask],
  );
  const views = useListSavedViews(TASKS, columns);
  const exportCsv = {
    fileName: "tasks",
    columns: taskCsvColumns(memberName, propertyName),
    fetchPage: (range: { from: number; to: number }) => listTasks(list.query, user!.id, own ?? null, range),
  };

  const editing = creating ? null : (open.data ?? null);
  const dialogOpen = creating || !!openId;
  const closeDialog = () => {
    setCreating(false);
    if (params.get("new")) setParam("new", null);
    if (openId) setParam("id", null);
  };
  const save = (values: TaskFormOutput, version: string | null) =>
    editing ? updateTask(editing.id, version ?? editing.updated_at, values) : createTask(values);
  const onSaved = (saved: TaskRow) => {
    const assigneeChanged = saved.assignee_id !== (editing?.assignee_id ?? null);
    toast.success(editing ? "Task saved" : "Task created");
    changed([saved.id], editing ? "updated" : "created", assigneeChanged ? saved.assignee_id : null);
    closeDialog();
  };

  const calendarItems = (calendar.data ?? []).map((t) => ({ ...t, start: t.due_at! }));
  const chip = (t: (typeof calendarItems)[number]) => (
    <button
      type="button"
      onClick={() => openTask(t)}
      className={cn(
        "w-full truncate rounded-sm border-l-4 border-l-sky-600 bg-accent/60 px-1.5 py-0.5 text-left text-xs hover:bg-accent",
        isOverdue(t) && "border-l-rose-600",
        (t.status === "done" || t.status === "cancelled") && "line-through opacity-60",
      )}
      aria-label={`${t.title}, due ${fmt.dateTime(t.due_at!)}, ${TASK_STATUS_LABELS[t.status]}${isOverdue(t) ? ", overdue" : ""}`}
    >
      <span className="mr-1 text-muted-foreground">{fmt.time(t.due_at!)}</span>
      {t.title}
    </button>
  );

  return (
    <>
      <ListScreen
        definition={TASKS}
        screen={screen}
        columns={columns}
        result={result}
        savedViews={views}
        onOpenRow={openTask}
        bulkActions={(selected, clear, scope) => (
          <TaskBulkActions
            rows={selected}
            clear={clear}
            scope={scope}
            query={list.query}
            team={team.data ?? []}
          />
        )}
        exportCsv={exportCsv}
        filters={<TaskFilters list={list} team={team.data ?? []} />}
        primary={{ label: "New task", onClick: () => setCreating(true) }}
        empty={{ title: "No tasks", description: "Create a task to see it here." }}
        views={{
          board: {
            body: <TaskBoard rows={rows} onOpen={openTask} />,
            exportCsv: true,
            paged: true,
            note: "The board shows the tasks of this page, in columns by status.",
          },
          calendar: {
            status: calendar,
            pending: false,
            body: (
              <>
                <CalendarToolbar state={cal} views={CAL_VIEWS} />
                {calendar.isPending ? (
                  <Skeleton className="h-96 w-full" />
                ) : (
                  <CalendarBody
                    state={cal}
                    items={calendarItems}
                    renderItem={chip}
                    label="Tasks by due date"
                    loading={calendar.isFetching}
                  />
                )}
              </>
            ),
          },
        }}
      />

      <Dialog open={dialogOpen} onOpenChange={(o) => !o && closeDialog()}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>
              {creating ? "New task" : (open.data?.title ?? (open.isPending ? "Loading…" : "Task not found"))}
            </DialogTitle>
            <DialogDescription>
              {creating || open.data
                ? "Times are Africa/Accra time."
                : open.isError
                  ? describeDbError(open.error).message
                  : "It may have been deleted, or you may not see it."}
            </DialogDescription>
          </DialogHeader>
          {(creating || open.data) && (
            <Suspense fallback={<Spinner className="mx-auto my-8" label="Loading the form" />}>
              <TaskForm
                key={editing?.id ?? "new"}
                row={editing}
                preset={editing ? undefined : preset}
                save={save}
                onSaved={onSaved}
                onCancel={closeDialog}
              />
            </Suspense>
          )}
          {!creating && open.data && (
            <>
              <div className="flex flex-wrap items-center gap-3 border-t pt-3 text-sm">
                <Link
                  to={`/tasks/${open.data.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  Open the task's page
                </Link>
                {open.data.contact_id && (
                  <Link
                    to={`/business-contacts/${open.data.contact_id}`}
                    className="underline-offset-4 hover:underline"
                  >
                    Open the contact
                  </Link>
                )}
                {open.data.deal_id && (
                  <Link to={`/deals/${open.data.deal_id}`} className="underline-offset-4 hover:underline">
                    Open the deal
                  </Link>
                )}
                <span className="flex-1" />
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(open.data!.id, {
                      onSuccess: () => (toast.success("Task deleted"), closeDialog()),
                    })
                  }
                >
                  Delete task
                </Button>
              </div>
              <details>
                <summary className="cursor-pointer text-sm font-semibold">History</summary>
                <RecordHistory table="tasks" recordId={open.data.id} />
              </details>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
