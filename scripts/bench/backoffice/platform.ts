/** Platform requests every back-office page makes (the frame's bell and team) and the audit history panel. */
import { ok, type DashboardQuery, type Scenario } from "./scenario.ts";

export const dashboardQueries: DashboardQuery[] = [
  (c) =>
    ok(
      c
        .from("profiles")
        .select("user_id, role, first_name, last_name, avatar_url, email")
        .in("role", ["admin", "staff"])
        .order("first_name"),
      "team",
    ),
  (c) =>
    ok(
      c
        .from("notifications")
        .select("id, kind, title, body, link, actor_id, record_table, record_id, read_at, created_at")
        .order("created_at", { ascending: false })
        .limit(20),
      "notifications",
    ),
  (c) => ok(c.rpc("unread_notification_count"), "unread count"),
  (c, ctx) => ok(c.from("user_settings").select("*").eq("user_id", ctx.userId).maybeSingle(), "settings"),
];

export const scenarios: Scenario[] = [
  {
    module: "platform",
    name: "record history panel (a listing's audit rows), admin",
    kind: "list",
    actor: "admin",
    async run(c, ctx) {
      const id = ctx.pick(ids);
      const rows = await ok(
        c
          .from("audit_log")
          .select("id, action, actor_id, actor_role, created_at, changes")
          .eq("table_name", "properties")
          .eq("record_id", id)
          .order("id", { ascending: false })
          .limit(50),
        "history",
      );
      if (!rows?.length) throw new Error("no history for a scale listing");
    },
  },
  {
    module: "platform",
    name: "record history panel, staff (RLS checks the record per row)",
    kind: "list",
    actor: "staff",
    async run(c, ctx) {
      const id = ctx.pick(ids);
      const rows = await ok(
        c
          .from("audit_log")
          .select("id, action, actor_id, created_at, changes")
          .eq("table_name", "properties")
          .eq("record_id", id)
          .order("id", { ascending: false })
          .limit(50),
        "history",
      );
      if (!rows?.length) throw new Error("no history visible to the staff member");
    },
  },
];

/** Listing ids to read history of (filled by the runner from the scale data). */
export const ids: string[] = [];
