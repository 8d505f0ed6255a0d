/** The property hunt at scale (5,000 hunts, ~1,200 title files, 150 partners, 1,500 shares): the hunt board's page, its search, the title overview and the partners list. */
import { ok, type DashboardQuery, type Scenario } from "./scenario.ts";

const HUNT_COLUMNS =
  "id, title, stage, city, neighbourhood, asking_price, currency, listing_type, rent_period, request_id, stage_changed_at, latitude, longitude, updated_at";
const TERMS = ["east legon", "oyarifa", "asare", "ahodwo", "townhouse, spintex"] as const;

export const dashboardQueries: DashboardQuery[] = [];

export const scenarios: Scenario[] = [
  {
    module: "property-hunt",
    name: "board: open stages, most recently updated, first page of 100 with total",
    kind: "list",
    actor: "admin",
    async run(c) {
      const { data, error } = await c
        .from("property_hunts")
        .select(HUNT_COLUMNS, { count: "exact" })
        .in("stage", ["found", "contacted_owner", "inspected", "due_diligence", "offered"])
        .order("updated_at", { ascending: false })
        .range(0, 99);
      if (error) throw new Error(error.message);
      if (!data?.length) throw new Error("empty board");
    },
  },
  {
    module: "property-hunt",
    name: "search: place or owner (trigram)",
    kind: "search",
    actor: "admin",
    async run(c, ctx) {
      await ok(
        c
          .rpc("search_property_hunts", { term: ctx.pick(TERMS) })
          .select("id, title, stage, city")
          .order("updated_at", { ascending: false })
          .limit(10),
        "hunt search",
      );
    },
  },
  {
    module: "title-checks",
    name: "title files: overview with progress, newest first",
    kind: "list",
    actor: "admin",
    async run(c) {
      await ok(
        c.rpc("title_file_overview").order("updated_at", { ascending: false }).limit(100),
        "title overview",
      );
    },
  },
  {
    module: "collaboration-management",
    name: "partners: all, by name",
    kind: "list",
    actor: "admin",
    async run(c) {
      await ok(
        c
          .from("partners")
          .select("id, name, kind, reac_licence_number, default_split_percent, status, city")
          .order("name")
          .limit(500),
        "partners",
      );
    },
  },
];
