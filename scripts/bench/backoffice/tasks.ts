/**
 * Tasks, events and announcements at scale (100,000 tasks, 8,000 events with attendees, 240
 * notices — scripts/scale/32-tasks-events.sql): the tasks list as the page asks for it (staff's
 * own and assigned through RLS; an admin's overdue filter by priority), the search box, the
 * calendar's month, the events week, the notice board; and the dashboard's task and notice
 * widgets with the navigation's overdue badge.
 */
import { ANNOUNCEMENT_ROW_COLUMNS } from "#core/announcements/announcement-schema.ts";
import { TASK_BASE_COLUMNS } from "#core/tasks/task-schema.ts";
import { OPEN_TASK_STATUSES } from "#core/tasks/task-workflow.ts";
import { ownRecordsFilter } from "#core/records/own-records.ts";
import { ok, type DashboardQuery, type Scenario } from "./scenario.ts";

const TASK_COLUMNS = TASK_BASE_COLUMNS.join(", ");
const TERMS = [
  "quaye",
  "tenancy agreement",
  "deposit from mrs",
  "east legon",
  "valuation",
  "offer letter",
  "takoradi",
] as const;
const DAY = 86_400_000;

/** A full first page with its total, or an error. */
async function firstPage(
  req: PromiseLike<{ data: unknown[] | null; error: { message: string } | null; count: number | null }>,
  what: string,
): Promise<void> {
  const { data, error, count } = await req;
  if (error) throw new Error(`${what}: ${error.message}`);
  if (!data?.length || !count) throw new Error(`${what}: empty first page`);
}

export const dashboardQueries: DashboardQuery[] = [
  (c) => ok(c.rpc("my_overdue_task_count"), "overdue badge"),
  (c, ctx) =>
    ok(
      c
        .from("tasks")
        .select(TASK_COLUMNS)
        .in("status", OPEN_TASK_STATUSES)
        .or(`assignee_id.eq.${ctx.userId},and(owner_id.eq.${ctx.userId},assignee_id.is.null)`)
        .order("due_at", { ascending: true, nullsFirst: false })
        .order("id")
        .limit(8),
      "my open tasks",
    ),
  (c) =>
    ok(
      c
        .rpc("unread_announcements", undefined, { count: "exact" })
        .select(ANNOUNCEMENT_ROW_COLUMNS)
        .order("pinned", { ascending: false })
        .order("created_at", { ascending: false })
        .limit(5),
      "unread notices",
    ),
];

export const scenarios: Scenario[] = [
  {
    module: "tasks",
    name: "list: staff (own and assigned, RLS), soonest due first, page of 25 with total",
    kind: "list",
    actor: "staff",
    // As the page asks: the policy's own test repeated as a filter (core/records/own-records.ts).
    run: (c, ctx) =>
      firstPage(
        c
          .from("tasks")
          .select(TASK_COLUMNS, { count: "exact" })
          .or(ownRecordsFilter(ctx.userId))
          .order("due_at", { ascending: true, nullsFirst: false })
          .order("id")
          .range(0, 24),
        "staff tasks",
      ),
  },
  {
    module: "tasks",
    name: "list: admin, overdue filter, by priority, page of 25 with total",
    kind: "list",
    actor: "admin",
    run: (c) =>
      firstPage(
        c
          .from("tasks")
          .select(TASK_COLUMNS, { count: "exact" })
          .in("status", OPEN_TASK_STATUSES)
          .lt("due_at", new Date().toISOString())
          .order("priority_rank", { ascending: false, nullsFirst: false })
          .order("id")
          .range(0, 24),
        "overdue tasks",
      ),
  },
  {
    module: "tasks",
    name: "search: title or description (trigram), page of 25 with total",
    kind: "search",
    actor: "staff",
    async run(c, ctx) {
      await ok(
        c
          .rpc("search_tasks", { term: ctx.pick(TERMS) }, { count: "exact" })
          .select(TASK_COLUMNS)
          .order("due_at", { ascending: true, nullsFirst: false })
          .order("id")
          .range(0, 24),
        "search",
      );
    },
  },
  {
    module: "tasks",
    name: "calendar: a month of due dates, admin (up to 500)",
    kind: "list",
    targetMs: 100,
    actor: "admin",
    async run(c, ctx) {
      const from = Date.now() + ctx.pick([-60, -30, 0, 30]) * DAY;
      await ok(
        c
          .from("tasks")
          .select(TASK_COLUMNS)
          .gte("due_at", new Date(from).toISOString())
          .lt("due_at", new Date(from + 35 * DAY).toISOString())
          .order("due_at")
          .limit(500),
        "calendar",
      );
    },
  },
  {
    module: "events",
    name: "calendar: a week with attendees, staff",
    kind: "list",
    actor: "staff",
    async run(c, ctx) {
      const from = Date.now() + ctx.pick([-21, -7, 0, 7, 14]) * DAY;
      const rows = await ok(
        c
          .from("events")
          .select(
            "id, title, kind, status, starts_at, ends_at, all_day, location, property_id, owner_id, updated_at, event_attendees(id, user_id, response)",
          )
          .lt("starts_at", new Date(from + 7 * DAY).toISOString())
          .gt("ends_at", new Date(from).toISOString())
          .order("starts_at")
          .limit(500),
        "events week",
      );
      if (!rows?.length) throw new Error("an empty week at scale");
    },
  },
  {
    module: "announcements",
    name: "board: pinned first, newest, staff (audience and expiry by RLS)",
    kind: "list",
    actor: "staff",
    async run(c) {
      const rows = await ok(
        c
          .from("announcements")
          .select(ANNOUNCEMENT_ROW_COLUMNS)
          .order("pinned", { ascending: false })
          .order("created_at", { ascending: false })
          .limit(100),
        "board",
      );
      if (!rows?.length) throw new Error("no notices at scale");
    },
  },
];
