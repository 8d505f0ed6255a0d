/**
 * The effect probes an RLS matrix letter answers with: an actor's client tries a read or a write,
 * and the secret key reads back whether it happened (true: allowed). A refused write either
 * errors or touches no row, so the probes look at the rows, never at the error alone.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { serviceClient } from "../support/supabase.ts";
import { must } from "./support.ts";

const service = serviceClient();
type Row = Record<string, unknown>;

async function countWhere(client: SupabaseClient, table: string, column: string, value: unknown) {
  return ((await client.from(table).select(column).eq(column, value)).data ?? []).length;
}

/** `client` reads the row of `table` whose `column` (id unless named) is `value`. */
export async function reads(client: SupabaseClient, table: string, value: unknown, column = "id") {
  return (await countWhere(client, table, column, value)) === 1;
}

/** `client` inserts `row`; true when one row with its `key` value exists afterwards. */
export async function inserts(client: SupabaseClient, table: string, row: Row, key: string) {
  await client.from(table).insert(row);
  return (await countWhere(service, table, key, row[key])) === 1;
}

/** `client` sets `patch` on the row `id`; true when every field of it is stored. */
export async function updates(client: SupabaseClient, table: string, id: string, patch: Row) {
  await client.from(table).update(patch).eq("id", id);
  const stored = (await must(
    service.from(table).select(Object.keys(patch).join(", ")).eq("id", id).single(),
    `read ${table}`,
  )) as Row;
  return Object.entries(patch).every(([k, v]) => stored[k] === v);
}

/** A row of `table` made from `row` with the secret key; its id. */
export async function seed(table: string, row: Row): Promise<string> {
  return (
    (await must(service.from(table).insert(row).select("id").single(), `seed ${table}`)) as { id: string }
  ).id;
}

/** `client` deletes a row of `table` made from `row` with the secret key; true when it is gone. */
export async function deletes(client: SupabaseClient, table: string, row: Row) {
  const id = await seed(table, row);
  await client.from(table).delete().eq("id", id);
  return (await countWhere(service, table, "id", id)) === 0;
}
