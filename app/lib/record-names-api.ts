/**
 * The names of records other records point at (a deal's stage, an invoice's client contact), for
 * screens that hold only ids — the record history above all. One request per table, through the
 * user's RLS: a record the user may not read comes back without a name, and the screen says so
 * without describing it.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { RECORD_NAME_TABLES, type RecordNameTable } from "#core/records/record-links.ts";
import { supabase } from "./supabase.ts";

const named = z.object({ id: z.string(), name: z.string().nullable() });

/** `${table}:${id}` → name, for every id the user may read. */
export async function recordNames(
  refs: ReadonlyMap<RecordNameTable, ReadonlySet<string>>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    [...refs].map(async ([table, ids]) => {
      if (ids.size === 0) return;
      const { column } = RECORD_NAME_TABLES[table];
      // The table is one of RECORD_NAME_TABLES' keys, chosen in code, never typed by a user.
      const { data, error } = await (supabase as unknown as SupabaseClient)
        .from(table)
        .select(`id, name:${column}`)
        .in("id", [...ids]);
      if (error) throw error;
      for (const row of z.array(named).parse(data)) if (row.name) out.set(`${table}:${row.id}`, row.name);
    }),
  );
  return out;
}
