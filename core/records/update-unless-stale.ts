/**
 * The stale-edit check of every record form: an update is sent only "if the row is still the
 * version I loaded" (`.eq("updated_at", loadedAt)`), so a colleague's save in between is never
 * overwritten silently. When the update matches nothing, a second read tells the two reasons
 * apart: the row is still there with a newer updated_at (→ StaleRecordError, the form offers a
 * reload) or it is gone / not visible (→ PostgREST's PGRST116, "not found").
 *
 *   updateUnlessStale(
 *     supabase.from("properties").update(patch).eq("id", id).eq("updated_at", loadedAt).select(COLUMNS).maybeSingle(),
 *     () => supabase.from("properties").select("updated_at").eq("id", id).maybeSingle(),
 *   )
 */
import { StaleRecordError } from "./db-errors.ts";

interface Result<T> {
  data: T | null;
  error: unknown;
}

export const NOT_FOUND_ERROR = {
  code: "PGRST116",
  message: "The record was not found",
  details: null,
  hint: null,
} as const;

export async function updateUnlessStale<Row>(
  update: PromiseLike<Result<Row>>,
  current: () => PromiseLike<Result<{ updated_at: string }>>,
): Promise<Row> {
  const saved = await update;
  if (saved.error) throw saved.error;
  if (saved.data) return saved.data;
  const now = await current();
  if (now.error) throw now.error;
  if (now.data) throw new StaleRecordError(now.data.updated_at);
  throw NOT_FOUND_ERROR;
}
