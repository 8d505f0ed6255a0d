import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  activeFilterCount,
  booleanParam,
  defaultListQuery,
  defineListQuery,
  filter,
  isFiltered,
  LIST_PARAMS,
  MAX_FILTER_VALUES,
  pageCount,
  readListQuery,
  rowRange,
  SEARCH_MAX_LENGTH,
  writeListQuery,
  type ListQueryOf,
} from "./list-query.ts";

const STATUSES = ["draft", "available", "sold"] as const;

const listings = defineListQuery({
  sortable: ["title", "price", "updated_at"],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    status: filter.many(z.enum(STATUSES)),
    city: filter.one(z.string().trim().min(2, "City needs 2 letters").max(120)),
    price_min: filter.one(
      z.coerce.number({ error: "Price must be a number" }).nonnegative("Price cannot be negative"),
    ),
    published: filter.one(booleanParam),
  },
});
type ListingsQuery = ListQueryOf<typeof listings>;

const read = (qs: string) => readListQuery(listings, new URLSearchParams(qs));

describe("readListQuery", () => {
  it("an empty URL is the default list", () => {
    expect(read("")).toEqual({ query: defaultListQuery(listings), issues: [] });
    expect(read("").query).toEqual({
      page: 1,
      pageSize: 25,
      sort: { column: "updated_at", direction: "desc" },
      search: "",
      filters: {},
    });
  });

  it("reads page, size, sort (leading - = descending), search and typed filters", () => {
    const { query, issues } = read(
      "page=3&size=50&sort=-price&q=%20east%20legon%20&status=draft&status=sold&city=Tema&price_min=250000&published=false",
    );
    expect(issues).toEqual([]);
    expect(query).toEqual({
      page: 3,
      pageSize: 50,
      sort: { column: "price", direction: "desc" },
      search: "east legon",
      filters: { status: ["draft", "sold"], city: "Tema", price_min: 250000, published: false },
    });
    expect(read("sort=title").query.sort).toEqual({ column: "title", direction: "asc" });
  });

  it("drops bad values, keeps the good ones, and says why", () => {
    const { query, issues } = read(
      "page=0&size=7&sort=password&status=draft&status=bogus&city=X&price_min=abc",
    );
    expect(query.page).toBe(1);
    expect(query.pageSize).toBe(25);
    expect(query.sort).toEqual({ column: "updated_at", direction: "desc" });
    expect(query.filters).toEqual({ status: ["draft"] });
    expect(issues.map((i) => i.param)).toEqual(["page", "size", "sort", "status", "city", "price_min"]);
    expect(issues.find((i) => i.param === "size")?.message).toBe("Rows per page must be one of 25, 50, 100");
    expect(issues.find((i) => i.param === "sort")?.message).toBe('Cannot sort by "password"');
    expect(issues.find((i) => i.param === "city")?.message).toBe("City needs 2 letters");
    expect(issues.find((i) => i.param === "price_min")?.message).toBe("Price must be a number");
    expect(issues.find((i) => i.param === "status")?.message).toMatch(/^bogus: /);
  });

  it("refuses fractional, negative and absurd pages", () => {
    for (const p of ["1.5", "-2", "1e9", "two"]) expect(read(`page=${p}`).query.page, p).toBe(1);
    expect(read("page=1e9").issues[0]?.param).toBe(LIST_PARAMS.page);
  });

  it("booleanParam reads only true/false (not JavaScript truthiness)", () => {
    expect(read("published=true").query.filters.published).toBe(true);
    expect(read("published=false").query.filters.published).toBe(false);
    expect(read("published=0").query.filters.published).toBeUndefined();
  });

  it("ignores empty values, de-duplicates repeated ones and caps their number", () => {
    expect(read("status=&city=&q=").query.filters).toEqual({});
    expect(read("status=draft&status=draft").query.filters.status).toEqual(["draft"]);
    const many = Array.from({ length: MAX_FILTER_VALUES + 5 }, () => "status=sold").join("&");
    const r = read(many);
    expect(r.query.filters.status).toEqual(["sold"]);
    expect(r.issues).toEqual([{ param: "status", message: `At most ${MAX_FILTER_VALUES} values` }]);
  });

  it("cuts an over-long search and says so", () => {
    const r = read(`q=${"a".repeat(SEARCH_MAX_LENGTH + 10)}`);
    expect(r.query.search).toHaveLength(SEARCH_MAX_LENGTH);
    expect(r.issues[0]?.param).toBe("q");
  });

  it("an empty sort parameter means unsorted (not the default)", () => {
    expect(read("sort=").query.sort).toBeNull();
  });
});

describe("writeListQuery", () => {
  it("the default list has an empty query string", () => {
    expect(writeListQuery(listings, defaultListQuery(listings)).toString()).toBe("");
  });

  it("writes keys in a fixed order so equal states give equal URLs", () => {
    const q: ListingsQuery = {
      page: 2,
      pageSize: 100,
      sort: { column: "title", direction: "asc" },
      search: "  airport residential ",
      filters: { published: true, city: "Accra", status: ["available", "sold"] },
    };
    expect(writeListQuery(listings, q).toString()).toBe(
      "page=2&size=100&sort=title&q=airport+residential&status=available&status=sold&city=Accra&published=true",
    );
  });

  it("keeps other parameters (a view switch, an open record) and replaces its own", () => {
    const base = new URLSearchParams("view=cards&page=9&status=draft&record=abc");
    const out = writeListQuery(
      listings,
      { ...defaultListQuery(listings), filters: { city: "Kumasi" } },
      base,
    );
    expect(out.toString()).toBe("view=cards&record=abc&city=Kumasi");
  });

  it("round-trips: read(write(q)) = q for every valid state", () => {
    const states: ListingsQuery[] = [
      defaultListQuery(listings),
      {
        page: 4,
        pageSize: 50,
        sort: null,
        search: "tema",
        filters: { status: ["draft"], price_min: 0, published: false },
      },
      {
        page: 1,
        pageSize: 25,
        sort: { column: "updated_at", direction: "asc" },
        search: "",
        filters: { city: "Cape Coast, Central" },
      },
    ];
    for (const q of states)
      expect(read(writeListQuery(listings, q).toString())).toEqual({ query: q, issues: [] });
  });
});

describe("defineListQuery checks the definition", () => {
  it("refuses a filter named like a reserved parameter, a stray page size or an unsortable default", () => {
    expect(() =>
      defineListQuery({
        sortable: [],
        defaultSort: null,
        pageSizes: [10],
        defaultPageSize: 10,
        filters: { page: filter.one(z.string()) },
      }),
    ).toThrow(/reserved/);
    expect(() =>
      defineListQuery({ sortable: [], defaultSort: null, pageSizes: [10], defaultPageSize: 20, filters: {} }),
    ).toThrow(/pageSizes/);
    expect(() =>
      defineListQuery({
        sortable: ["a"],
        defaultSort: { column: "b" as "a", direction: "asc" },
        pageSizes: [10],
        defaultPageSize: 10,
        filters: {},
      }),
    ).toThrow(/sortable/);
  });
});

describe("paging helpers", () => {
  it("rowRange gives PostgREST's inclusive range", () => {
    expect(rowRange({ page: 1, pageSize: 25 })).toEqual({ from: 0, to: 24 });
    expect(rowRange({ page: 3, pageSize: 50 })).toEqual({ from: 100, to: 149 });
  });
  it("pageCount is at least 1", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
  it("isFiltered: a search or any filter narrows the list; sort and page do not", () => {
    expect(isFiltered(defaultListQuery(listings))).toBe(false);
    expect(isFiltered({ search: " ", filters: { status: [] } })).toBe(false);
    expect(isFiltered({ search: "x", filters: {} })).toBe(true);
    expect(isFiltered({ search: "", filters: { published: false } })).toBe(true);
  });
  it("activeFilterCount counts filters holding a value, not the search", () => {
    expect(activeFilterCount(defaultListQuery(listings).filters)).toBe(0);
    expect(activeFilterCount({ status: [], city: undefined })).toBe(0);
    expect(activeFilterCount({ status: ["sold"], published: false, city: undefined })).toBe(2);
  });
});
