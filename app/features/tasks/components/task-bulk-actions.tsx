/**
 * The tasks list's bulk actions, on the selected tasks or on all matching the filter (one server
 * call each): assign, set the status, set the due date (Africa/Accra time) and delete (the owner's
 * or an admin's; the others are refused by name).
 */
import { wallTimeToUtc } from "#core/calendar/calendar.ts";
import { displayName, type Profile } from "#core/schemas/profile.ts";
import { listSearchTerm } from "#core/search/search-term.ts";
import type { TaskListQuery } from "#core/tasks/task-list.ts";
import type { TaskRow } from "#core/tasks/task-schema.ts";
import { TASK_STATUS_LABELS, TASK_STATUSES } from "#core/tasks/task-workflow.ts";
import { listFilter, useBulkAction, type BulkChange } from "#app/components/records/hooks/use-bulk-action.ts";
import { BulkDelete, BulkMenu, BulkValueDialog } from "#app/components/records/bulk-controls.tsx";
import type { BulkScope } from "#app/components/records/data-table.tsx";
import { useTaskChanged } from "../hooks/task-queries.ts";

const NOUN = { one: "task", many: "tasks" };

export function TaskBulkActions({
  rows,
  clear,
  scope,
  query,
  team,
}: {
  rows: TaskRow[];
  clear: () => void;
  scope: BulkScope;
  query: TaskListQuery;
  team: Profile[];
}) {
  const changed = useTaskChanged();
  const ids = rows.map((r) => r.id);
  const bulk = useBulkAction("tasks", NOUN, () => changed(ids, "updated"));
  // The search as the list sends it (too short a term not at all).
  const selection = scope.allMatching
    ? { filter: listFilter(query, listSearchTerm(query.search) ?? "") }
    : { ids };
  const run = (change: BulkChange) => bulk.mutate({ change, selection, onDone: clear });
  const what = `${scope.count} ${scope.count === 1 ? NOUN.one : NOUN.many}`;

  return (
    <>
      <BulkMenu
        label="Assign"
        title={`Assign ${what} to`}
        options={[
          ...team.map((m) => ({ value: m.user_id, label: displayName(m, m.email) })),
          { value: null, label: "Nobody" },
        ]}
        onSelect={(assignee_id) => run({ action: "assign", assignee_id })}
        disabled={bulk.isPending}
      />
      <BulkMenu
        label="Set status"
        title={`Move ${what} to`}
        options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
        onSelect={(status) => run({ action: "status", status })}
        disabled={bulk.isPending}
      />
      <BulkValueDialog<string | null>
        label="Set due date"
        title="Set the due date"
        description={`For ${what}, in Africa/Accra time. Leave it empty for no due date.`}
        field="Due"
        type="datetime-local"
        parse={(typed) => {
          if (!typed.trim()) return { value: null };
          const due = wallTimeToUtc(typed);
          return due ? { value: due } : { error: "Enter a date and time" };
        }}
        onValue={(due_at) => run({ action: "due", due_at })}
        disabled={bulk.isPending}
      />
      <BulkDelete
        what={what}
        note="Tasks you do not own are left as they are."
        onConfirm={() => run({ action: "delete" })}
        disabled={bulk.isPending}
      />
    </>
  );
}
