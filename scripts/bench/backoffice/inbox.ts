/**
 * Inboxes and scheduling at scale (scripts/scale/33-inbox.sql): free slots of the
 * default consultation for a fortnight (13 hosts, 600 appointments), matching one request against
 * 20,000 listings and one listing against 50,000 requests, an inbox's first page with its status
 * counts, and the dashboard's new-leads count. The ids to match are read once, in the warm-up.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { ok, type DashboardQuery, type Scenario } from "./scenario.ts";

const requestIds: string[] = [];
const listingIds: string[] = [];

async function fill(c: SupabaseClient): Promise<void> {
  if (requestIds.length && listingIds.length) return;
  const reqs = await ok(
    c
      .from("property_requests")
      .select("id")
      .in("status", ["new", "assigned", "searching"])
      .eq("listing_type", "buy")
      .limit(200),
    "requests",
  );
  const lists = await ok(
    c
      .from("properties")
      .select("id")
      .eq("status", "available")
      .eq("listing_type", "sale")
      .not("published_at", "is", null)
      .limit(200),
    "listings",
  );
  requestIds.push(...(reqs ?? []).map((r) => r.id as string));
  listingIds.push(...(lists ?? []).map((r) => r.id as string));
}

export const dashboardQueries: DashboardQuery[] = [(c) => ok(c.rpc("inbox_new_counts"), "inbox new counts")];

export const scenarios: Scenario[] = [
  {
    module: "inbox",
    name: "free slots: default consultation, 14 days, 13 hosts",
    kind: "other",
    targetMs: 50,
    actor: "staff",
    async run(c) {
      const slots = await ok(c.rpc("available_slots", { kind: "consultation", days: 14 }), "slots");
      if (!slots?.length) throw new Error("no free slots");
    },
  },
  {
    module: "inbox",
    name: "match: one request against 20,000 listings",
    kind: "other",
    targetMs: 100,
    actor: "admin",
    async run(c, ctx) {
      await fill(c);
      await ok(c.rpc("match_properties_for_request", { request_id: ctx.pick(requestIds) }), "match request");
    },
  },
  {
    module: "inbox",
    name: "match: one listing against 50,000 requests",
    kind: "other",
    targetMs: 200,
    actor: "admin",
    async run(c, ctx) {
      await fill(c);
      await ok(c.rpc("match_requests_for_property", { property_id: ctx.pick(listingIds) }), "match listing");
    },
  },
  {
    module: "inbox",
    name: "list: property requests, first page of 25 with total, and the status counts",
    kind: "list",
    actor: "staff",
    async run(c) {
      const [page] = await Promise.all([
        c
          .from("property_requests")
          .select("id, full_name, status, assignee_id, listing_type, budget_max, currency, created_at", {
            count: "exact",
          })
          .order("created_at", { ascending: false })
          .range(0, 24),
        ok(c.rpc("inbox_status_counts", { inbox: "property_requests" }), "counts"),
      ]);
      if (page.error) throw new Error(page.error.message);
      if (!page.data?.length) throw new Error("empty first page");
    },
  },
  {
    module: "inbox",
    name: "search: contact submissions by name",
    kind: "search",
    actor: "staff",
    async run(c, ctx) {
      const { error } = await c
        .rpc("search_contact_submissions", { term: ctx.pick(["mensah", "akosua", "spintex", "ofori"]) })
        .select("id, full_name, status")
        .range(0, 24);
      if (error) throw new Error(error.message);
    },
  },
];
