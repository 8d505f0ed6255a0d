/**
 * The state of a back-office list — page, page size, sort, search and filters — as it lives in
 * the URL, so a filtered view can be bookmarked, shared, reloaded and walked back with the
 * browser's Back button. A pure codec: `readListQuery` parses URLSearchParams with the module's
 * zod schemas (bad values are dropped and reported, never thrown), `writeListQuery` writes the
 * canonical form (defaults omitted, keys in a fixed order), so read(write(q)) = q.
 *
 * URL shape: `?page=2&size=50&sort=-price&q=east+legon&status=draft&status=available&city=Tema`
 * (`-` before the sort column = descending; a multi-valued filter repeats its key).
 */
import { z } from "zod";

export type SortDirection = "asc" | "desc";
export interface SortState<Column extends string = string> {
  column: Column;
  direction: SortDirection;
}

/** How one filter parses from (and writes to) the URL. */
export interface FilterDef<T = unknown, Multiple extends boolean = boolean> {
  /** Parses one URL value (a string) into the filter's value. */
  schema: z.ZodType<T>;
  multiple: Multiple;
}

/** Filter definitions: `filter.one(schema)` for a single value, `filter.many(schema)` for a set. */
export const filter = {
  one: <T>(schema: z.ZodType<T>): FilterDef<T, false> => ({ schema, multiple: false }),
  many: <T>(schema: z.ZodType<T>): FilterDef<T, true> => ({ schema, multiple: true }),
};

/** A boolean in the URL as `true`/`false` (z.coerce.boolean would read "false" as true). */
export const booleanParam = z
  .enum(["true", "false"], { error: "Use true or false" })
  .transform((v) => v === "true");

type FilterValue<D> = D extends FilterDef<infer T, infer M> ? (M extends true ? T[] : T) : never;
export type FilterDefs = Record<string, FilterDef>;
/** The parsed filters of a definition: every key optional (absent = not filtered). */
export type FiltersOf<Defs extends FilterDefs> = { [K in keyof Defs]?: FilterValue<Defs[K]> };

export interface ListQuery<Column extends string = string, Filters = Record<string, unknown>> {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: SortState<Column> | null;
  /** Free-text search; "" when none. */
  search: string;
  filters: Filters;
}

export interface ListQueryDef<Column extends string = string, Defs extends FilterDefs = FilterDefs> {
  sortable: readonly Column[];
  defaultSort: SortState<Column> | null;
  pageSizes: readonly number[];
  defaultPageSize: number;
  filters: Defs;
}

export type ListQueryOf<D> =
  D extends ListQueryDef<infer C, infer Defs> ? ListQuery<C, FiltersOf<Defs>> : never;

export interface ListQueryIssue {
  /** The URL parameter that was ignored. */
  param: string;
  message: string;
}

/** URL parameter names the codec itself uses; filters may not take them. */
export const LIST_PARAMS = { page: "page", pageSize: "size", sort: "sort", search: "q" } as const;
const RESERVED = new Set<string>(Object.values(LIST_PARAMS));

export const SEARCH_MAX_LENGTH = 200;
/** More values than this for one filter is not a person clicking: the rest are ignored. */
export const MAX_FILTER_VALUES = 50;
export const MAX_PAGE = 100_000;

/** Checks a definition once, where the module declares it (a mistake fails at load, not later). */
export function defineListQuery<Column extends string, Defs extends FilterDefs>(
  def: ListQueryDef<Column, Defs>,
): ListQueryDef<Column, Defs> {
  for (const key of Object.keys(def.filters)) {
    if (RESERVED.has(key)) throw new Error(`list filter "${key}" collides with a reserved URL parameter`);
  }
  if (!def.pageSizes.includes(def.defaultPageSize))
    throw new Error(`defaultPageSize ${def.defaultPageSize} is not one of pageSizes`);
  if (def.defaultSort && !def.sortable.includes(def.defaultSort.column))
    throw new Error(`defaultSort column "${def.defaultSort.column}" is not sortable`);
  return def;
}

export function defaultListQuery<Column extends string, Defs extends FilterDefs>(
  def: ListQueryDef<Column, Defs>,
): ListQuery<Column, FiltersOf<Defs>> {
  return { page: 1, pageSize: def.defaultPageSize, sort: def.defaultSort, search: "", filters: {} };
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid value";
}

/** Parses a list's state from the URL; values that do not parse are left out and reported. */
export function readListQuery<Column extends string, Defs extends FilterDefs>(
  def: ListQueryDef<Column, Defs>,
  params: URLSearchParams,
): { query: ListQuery<Column, FiltersOf<Defs>>; issues: ListQueryIssue[] } {
  const query = defaultListQuery(def);
  const issues: ListQueryIssue[] = [];

  const page = params.get(LIST_PARAMS.page);
  if (page !== null && page !== "") {
    const n = Number(page);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_PAGE) query.page = n;
    else
      issues.push({ param: LIST_PARAMS.page, message: `Page must be a whole number from 1 to ${MAX_PAGE}` });
  }

  const size = params.get(LIST_PARAMS.pageSize);
  if (size !== null && size !== "") {
    const n = Number(size);
    if (def.pageSizes.includes(n)) query.pageSize = n;
    else
      issues.push({
        param: LIST_PARAMS.pageSize,
        message: `Rows per page must be one of ${def.pageSizes.join(", ")}`,
      });
  }

  const sort = params.get(LIST_PARAMS.sort);
  if (sort === "") query.sort = null;
  else if (sort !== null) {
    const desc = sort.startsWith("-");
    const column = (desc ? sort.slice(1) : sort) as Column;
    if (def.sortable.includes(column)) query.sort = { column, direction: desc ? "desc" : "asc" };
    else issues.push({ param: LIST_PARAMS.sort, message: `Cannot sort by "${column}"` });
  }

  const search = params.get(LIST_PARAMS.search)?.trim() ?? "";
  if (search.length > SEARCH_MAX_LENGTH)
    issues.push({
      param: LIST_PARAMS.search,
      message: `Search is limited to ${SEARCH_MAX_LENGTH} characters`,
    });
  query.search = search.slice(0, SEARCH_MAX_LENGTH);

  const filters: Record<string, unknown> = {};
  for (const [key, fd] of Object.entries(def.filters)) {
    const raw = params.getAll(key).filter((v) => v.trim() !== "");
    if (raw.length === 0) continue;
    if (fd.multiple) {
      const values: unknown[] = [];
      const seen = new Set<string>();
      for (const v of raw.slice(0, MAX_FILTER_VALUES)) {
        const parsed = fd.schema.safeParse(v);
        if (!parsed.success) {
          issues.push({ param: key, message: `${v}: ${firstMessage(parsed.error)}` });
          continue;
        }
        const id = JSON.stringify(parsed.data);
        if (!seen.has(id)) {
          seen.add(id);
          values.push(parsed.data);
        }
      }
      if (raw.length > MAX_FILTER_VALUES)
        issues.push({ param: key, message: `At most ${MAX_FILTER_VALUES} values` });
      if (values.length) filters[key] = values;
    } else {
      const parsed = fd.schema.safeParse(raw[0]);
      if (parsed.success) filters[key] = parsed.data;
      else issues.push({ param: key, message: firstMessage(parsed.error) });
    }
  }
  query.filters = filters as FiltersOf<Defs>;
  return { query, issues };
}

function paramValue(v: unknown): string {
  return v instanceof Date ? v.toISOString() : String(v);
}

/**
 * Writes a list's state into URL parameters: its own keys replaced, other parameters of `base`
 * (a view switch, an open record) kept. Defaults are omitted, so the plain list has a plain URL.
 */
export function writeListQuery<Column extends string, Defs extends FilterDefs>(
  def: ListQueryDef<Column, Defs>,
  query: ListQuery<Column, FiltersOf<Defs>>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of base) if (!RESERVED.has(k) && !(k in def.filters)) out.append(k, v);

  if (query.page > 1) out.set(LIST_PARAMS.page, String(query.page));
  if (query.pageSize !== def.defaultPageSize) out.set(LIST_PARAMS.pageSize, String(query.pageSize));
  const sortDiffers =
    (query.sort?.column ?? null) !== (def.defaultSort?.column ?? null) ||
    (query.sort?.direction ?? null) !== (def.defaultSort?.direction ?? null);
  // "No sort" when the definition has a default is written as an empty sort parameter.
  if (sortDiffers)
    out.set(
      LIST_PARAMS.sort,
      query.sort ? `${query.sort.direction === "desc" ? "-" : ""}${query.sort.column}` : "",
    );
  const search = query.search.trim();
  if (search) out.set(LIST_PARAMS.search, search);

  const filters = query.filters as Record<string, unknown>;
  for (const key of Object.keys(def.filters)) {
    const value = filters[key];
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const v of value) out.append(key, paramValue(v));
    else out.set(key, paramValue(value));
  }
  return out;
}

/** The rows of the query's page for PostgREST's inclusive `.range(from, to)`. */
export function rowRange(query: Pick<ListQuery, "page" | "pageSize">): { from: number; to: number } {
  const from = (query.page - 1) * query.pageSize;
  return { from, to: from + query.pageSize - 1 };
}

/** How many pages `total` rows fill (at least 1, so "page 1 of 1" shows for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Whether the list is narrowed by a search or any filter (the empty state then offers to clear them). */
export function isFiltered(query: Pick<ListQuery, "search" | "filters">): boolean {
  return query.search.trim() !== "" || activeFilterCount(query.filters) > 0;
}

/** How many filters (the search aside) hold a value: an empty choice of several is none. */
export function activeFilterCount(filters: unknown): number {
  return Object.values(filters as Record<string, unknown>).filter(
    (v) => v !== undefined && !(Array.isArray(v) && v.length === 0),
  ).length;
}
