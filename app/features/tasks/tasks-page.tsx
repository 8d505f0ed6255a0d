/**
 * /tasks: the tasks as a list (the record kit's table), a board by status or a
 * calendar of due dates (month or week) — one list state in the URL (page, sort, search, filters;
 * `view` picks the view, `cal` the calendar's, `id` the open task). A task opens in a dialog with
 * its form, links to the contact and deal it is about, and its history; bulk status change and
 * CSV export on the list. `?new=1` opens a new task, linked to the `contact` / `deal` the list is
 * filtered by (the contact and deal pages link here that way).
 */
import { CalendarDaysIcon, KanbanSquareIcon, PlusIcon, TableIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { taskListQuery } from "#core/tasks/task-list.ts";
import type { TaskFormOutput, TaskRow } from "#core/tasks/task-schema.ts";
import { isOverdue, TASK_STATUS_LABELS } from "#core/tasks/task-workflow.ts";
import { CalendarBody, CalendarToolbar } from "#app/components/calendar/calendar-views.tsx";
import { useCalendarState, type CalendarView } from "#app/components/calendar/use-calendar-state.ts";
import { CsvExportButton } from "#app/components/records/csv-export-button.tsx";
import { DataTable } from "#app/components/records/data-table.tsx";
import { ListIssues } from "#app/components/records/list-filters.tsx";
import { ListPagination } from "#app/components/records/list-pagination.tsx";
import { ListToolbar } from "#app/components/records/list-toolbar.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { SavedViewsMenu } from "#app/components/records/saved-views-menu.tsx";
import { useListQuery } from "#app/components/records/use-list-query.ts";
import { columnIdsOf, useSavedViews } from "#app/components/records/hooks/use-saved-views.ts";
import { Alert } from "#app/components/ui/alert.tsx";
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
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

// The board brings drag and drop (@dnd-kit): loaded when someone opens it.
// Loaded when its dialog opens: react-hook-form stays out of the list's first download.
const TaskForm = lazy(() => import("./components/task-form.tsx").then((m) => ({ default: m.TaskForm })));
const TaskBoard = lazy(() => import("./components/task-board.tsx").then((m) => ({ default: m.TaskBoard })));

const VIEWS = [
  { id: "list", label: "List", icon: TableIcon },
  { id: "board", label: "Board", icon: KanbanSquareIcon },
  { id: "calendar", label: "Calendar", icon: CalendarDaysIcon },
] as const;
type View = (typeof VIEWS)[number]["id"];
/** A saved view keeps the board or calendar layout (the list is the absence of `view`). */
const VIEW_LAYOUTS = { view: ["board", "calendar"], cal: ["month", "week"] };
const CAL_VIEWS: readonly CalendarView[] = ["month", "week"];
const FILTER_LABELS = {
  status: "Status",
  priority: "Priority",
  assignee: "Assignee",
  due: "Due",
  property: "Property",
  contact: "Contact",
  deal: "Deal",
  q: "Search",
  page: "Page",
  size: "Rows per page",
  sort: "Sort",
};

export default function TasksPage() {
  const list = useListQuery(taskListQuery);
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v.id === params.get("view"))?.id ?? "list";
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
  const views = useSavedViews({
    listKey: "tasks",
    def: taskListQuery,
    tableId: "tasks",
    columns: columnIdsOf(columns),
    layouts: VIEW_LAYOUTS,
    labels: FILTER_LABELS,
  });
  const exportCsv = {
    fileName: "tasks",
    columns: taskCsvColumns(memberName, propertyName),
    fetchPage: (range: { from: number; to: number }) => listTasks(list.query, user!.id, own ?? null, range),
  };
  const filters = <TaskFilters list={list} team={team.data ?? []} />;

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
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Tasks</h1>
        <div role="group" aria-label="View" className="inline-flex rounded-md border bg-background p-0.5">
          {VIEWS.map(({ id, label, icon: Icon }) => (
            <Button
              key={id}
              variant="ghost"
              size="sm"
              aria-pressed={view === id}
              className={cn("h-8", view === id && "bg-accent font-semibold")}
              onClick={() => setParam("view", id === "list" ? null : id)}
            >
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
        </div>
        <PrimaryAction
          className="ml-auto"
          onClick={() => setCreating(true)}
          icon={<PlusIcon aria-hidden="true" />}
        >
          New task
        </PrimaryAction>
      </header>

      <ListIssues issues={list.issues} labels={FILTER_LABELS} />

      {view === "list" && (
        <DataTable<TaskRow, (typeof taskListQuery.sortable)[number], typeof taskListQuery.filters>
          label="Tasks"
          tableId="tasks"
          columns={columns}
          defaultHidden={DEFAULT_HIDDEN_COLUMNS}
          list={list}
          result={result}
          getRowId={(r) => r.id}
          rowLabel={(r) => r.title}
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
          actions={<SavedViewsMenu views={views} />}
          exportCsv={exportCsv}
          searchLabel="Search tasks"
          filters={filters}
          empty={{ title: "No tasks", description: "Create a task to see it here." }}
        />
      )}
      {view !== "list" && (
        <>
          <ListToolbar
            list={list}
            searchLabel="Search tasks"
            filters={filters}
            end={
              <>
                <SavedViewsMenu views={views} />
                {view === "board" && <CsvExportButton {...exportCsv} />}
              </>
            }
          />
          {(view === "board" ? result : calendar).isError && (
            <Alert variant="destructive">
              <span>
                Could not load the tasks:{" "}
                {describeDbError((view === "board" ? result : calendar).error).message}
              </span>
            </Alert>
          )}
          {view === "board" ? (
            <>
              <p className="text-sm text-muted-foreground">
                The board shows the tasks of this page, in columns by status.
              </p>
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                {result.isPending ? (
                  <Skeleton className="h-64 w-full" />
                ) : (
                  <TaskBoard rows={rows} onOpen={openTask} />
                )}
              </Suspense>
              <ListPagination list={list} total={result.data?.total ?? 0} loading={result.isPending} />
            </>
          ) : (
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
          )}
        </>
      )}

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
    </div>
  );
}
