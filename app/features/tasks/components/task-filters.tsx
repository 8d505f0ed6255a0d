/** The tasks list's filters (status, priority, assignee — me / nobody / a colleague —, due), bound to the URL through the list state. */
import {
  ASSIGNEE_ME,
  ASSIGNEE_NONE,
  DUE_FILTER_LABELS,
  DUE_FILTERS,
  type taskListQuery,
} from "#core/tasks/task-list.ts";
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
} from "#core/tasks/task-workflow.ts";
import { displayName, type Profile } from "#core/schemas/profile.ts";
import { FilterMultiSelect, FilterSelect } from "#app/components/records/list-filters.tsx";
import type { ListState } from "#app/components/records/use-list-query.ts";

export type TaskList = ListState<(typeof taskListQuery.sortable)[number], typeof taskListQuery.filters>;

export function TaskFilters({ list, team }: { list: TaskList; team: readonly Profile[] }) {
  const f = list.query.filters;
  return (
    <>
      <FilterMultiSelect
        label="Status"
        options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
        value={f.status}
        onChange={(v) => list.setFilter("status", v)}
      />
      <FilterMultiSelect
        label="Priority"
        options={TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }))}
        value={f.priority}
        onChange={(v) => list.setFilter("priority", v)}
      />
      <FilterSelect
        label="Assignee"
        options={[
          { value: ASSIGNEE_ME, label: "Me" },
          { value: ASSIGNEE_NONE, label: "Nobody" },
          ...team.map((m) => ({ value: m.user_id, label: displayName(m, m.email) })),
        ]}
        value={f.assignee}
        onChange={(v) => list.setFilter("assignee", v)}
      />
      <FilterSelect
        label="Due"
        options={DUE_FILTERS.map((d) => ({ value: d, label: DUE_FILTER_LABELS[d] }))}
        value={f.due}
        onChange={(v) => list.setFilter("due", v)}
      />
    </>
  );
}
