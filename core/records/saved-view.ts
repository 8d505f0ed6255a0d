/**
 * Saved views of a back-office list: a view is the list's URL state (filters, sort, search, page
 * size and the layout parameter such as `view=board`) plus the columns shown, stored as
 * `saved_views.state`. Lists change over time, so a view is read against the list as it is now:
 * a filter, sort, column or layout that no longer exists is left out with a note, never an error.
 */
import { z } from "zod";
import {
  LIST_PARAMS,
  readListQuery,
  writeListQuery,
  type FilterDefs,
  type ListQueryDef,
} from "./list-query.ts";

export const SAVED_VIEW_NAME_MAX = 60;
export const LIST_KEY_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;

export const savedViewStateSchema = z.object({
  /** The list's URL parameters, without the page (`stage=lead&sort=-updated_at`). */
  params: z.string().max(4000, "A view's filters are limited to 4,000 characters"),
  /** Column id → shown; columns not named keep the table's default. */
  columns: z.record(z.string().max(60), z.boolean()).optional(),
});
export type SavedViewState = z.output<typeof savedViewStateSchema>;

export const savedViewNameSchema = z
  .string()
  .trim()
  .min(1, "Name the view")
  .max(SAVED_VIEW_NAME_MAX, `A view's name has at most ${SAVED_VIEW_NAME_MAX} characters`);

export const savedViewRowSchema = z.object({
  id: z.uuid(),
  owner_id: z.uuid(),
  list_key: z.string(),
  name: z.string(),
  state: z.unknown(),
  shared: z.boolean(),
  updated_at: z.string(),
});
export type SavedViewRow = z.output<typeof savedViewRowSchema>;

/** What a list offers besides its query: its columns and its layout parameters with their values. */
export interface ViewShape {
  columns: readonly string[];
  /** Extra URL parameters a view keeps, e.g. `{ view: ["list", "board"] }`. */
  layouts?: Readonly<Record<string, readonly string[]>>;
  /** Human names of filters and columns for the notes ("Stage" rather than "stage"). */
  labels?: Readonly<Record<string, string>>;
}

export interface ResolvedView {
  params: URLSearchParams;
  columns: Record<string, boolean>;
  /** One sentence per part that was left out. */
  notes: string[];
}

/**
 * The parts of a list's URL a view keeps: its own query (without the page) and its layout
 * parameters; anything else (an open record, a "new" flag) is not part of a view.
 */
export function captureViewParams<C extends string, D extends FilterDefs>(
  def: ListQueryDef<C, D>,
  params: URLSearchParams,
  shape: Pick<ViewShape, "layouts">,
): string {
  const { query } = readListQuery(def, params);
  const layouts = new URLSearchParams();
  for (const key of Object.keys(shape.layouts ?? {})) {
    const v = params.get(key);
    if (v !== null) layouts.set(key, v);
  }
  return writeListQuery(def, { ...query, page: 1 }, layouts).toString();
}

/** Whether the URL carries any list state (then a default view is not applied over it). */
export function hasListState<C extends string, D extends FilterDefs>(
  def: ListQueryDef<C, D>,
  params: URLSearchParams,
  shape: Pick<ViewShape, "layouts">,
): boolean {
  const own = new Set<string>([
    ...Object.values(LIST_PARAMS),
    ...Object.keys(def.filters),
    ...Object.keys(shape.layouts ?? {}),
  ]);
  return [...params.keys()].some((k) => own.has(k));
}

/**
 * A stored view read against the list as it is now. State that does not parse at all gives the
 * plain list and a note; unknown filters, sorts, values, layouts and columns are left out, each
 * with a note naming it.
 */
export function resolveSavedView<C extends string, D extends FilterDefs>(
  def: ListQueryDef<C, D>,
  state: unknown,
  shape: ViewShape,
): ResolvedView {
  const parsed = savedViewStateSchema.safeParse(state);
  if (!parsed.success)
    return {
      params: new URLSearchParams(),
      columns: {},
      notes: ["This view could not be read and was left out"],
    };
  const label = (key: string) => shape.labels?.[key] ?? key;
  const notes: string[] = [];
  const raw = new URLSearchParams(parsed.data.params);
  const known = new Set<string>([...Object.values(LIST_PARAMS), ...Object.keys(def.filters)]);

  const layouts = new URLSearchParams();
  const reported = new Set<string>();
  for (const [key, value] of raw) {
    if (key === LIST_PARAMS.page || known.has(key)) continue;
    const allowed = shape.layouts?.[key];
    if (allowed?.includes(value)) layouts.set(key, value);
    else if (allowed) notes.push(`This view's layout "${value}" no longer exists and was left out`);
    else if (!reported.has(key)) {
      reported.add(key);
      notes.push(`This view's filter ${label(key)} no longer exists and was left out`);
    }
  }

  const { query, issues } = readListQuery(def, raw);
  for (const issue of issues) {
    if (issue.param === LIST_PARAMS.page) continue;
    if (issue.param === LIST_PARAMS.sort)
      notes.push(
        `This view's sort by ${label(raw.get(LIST_PARAMS.sort)!.replace(/^-/, ""))} no longer exists and was left out`,
      );
    else
      notes.push(
        `This view's filter ${label(issue.param)} has a value that no longer exists (${issue.message}) and it was left out`,
      );
  }
  const params = writeListQuery(def, { ...query, page: 1 }, layouts);

  const columns: Record<string, boolean> = {};
  for (const [id, shown] of Object.entries(parsed.data.columns ?? {})) {
    if (shape.columns.includes(id)) columns[id] = shown;
    else notes.push(`This view's column ${label(id)} no longer exists and was left out`);
  }
  return { params, columns, notes };
}
