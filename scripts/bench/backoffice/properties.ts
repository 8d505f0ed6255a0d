/** Properties admin at scale (20,000 listings, 80,000 photos): the table's first page and the search box. */
import { ok, type DashboardQuery, type Scenario } from "./scenario.ts";

const LIST_COLUMNS =
  "id, slug, title, status, property_type, listing_type, price, currency, city, neighbourhood, bedrooms, published_at, updated_at, owner_id, property_images(storage_path, position)";
const CITIES = ["Accra", "Tema", "Kumasi", "Takoradi"] as const;
const TERMS = [
  "east legon",
  "cantonments",
  "trasacco",
  "apartment, airport",
  "ga-123",
  "ahodwo",
  "sakumono",
  "warehouse space",
] as const;

export const dashboardQueries: DashboardQuery[] = [
  (c) => ok(c.rpc("listing_status_counts"), "listing counts"),
];

export const scenarios: Scenario[] = [
  {
    module: "properties-admin",
    name: "list: available in a city, by price, first page of 25 with total",
    kind: "list",
    actor: "admin",
    async run(c, ctx) {
      const { data, error, count } = await c
        .from("properties")
        .select(LIST_COLUMNS, { count: "exact" })
        .eq("status", "available")
        .eq("city", ctx.pick(CITIES))
        .order("price", { ascending: false, nullsFirst: false })
        .order("position", { referencedTable: "property_images" })
        .limit(1, { referencedTable: "property_images" })
        .range(0, 24);
      if (error) throw new Error(error.message);
      if (!data?.length || !count) throw new Error("empty first page");
    },
  },
  {
    module: "properties-admin",
    name: "list: staff, every status, most recently updated first",
    kind: "list",
    actor: "staff",
    async run(c) {
      const { data, error } = await c
        .from("properties")
        .select(LIST_COLUMNS, { count: "exact" })
        .order("updated_at", { ascending: false })
        .limit(1, { referencedTable: "property_images" })
        .range(0, 24);
      if (error) throw new Error(error.message);
      if (!data?.length) throw new Error("empty first page");
    },
  },
  {
    module: "properties-admin",
    name: "search: title, area, address or GPS (trigram)",
    kind: "search",
    actor: "admin",
    async run(c, ctx) {
      const term = ctx.pick(TERMS);
      await ok(
        c
          .rpc("search_properties", { term })
          .select("id, slug, title, city, status")
          .order("updated_at", { ascending: false })
          .limit(10),
        "search",
      );
    },
  },
];
