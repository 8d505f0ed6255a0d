/**
 * The RLS matrix (tests/rls) runs in this project too, against an emulator whose database is the
 * private PostgreSQL server: this checks that its files really talk to that emulator (they read
 * the address from the environment global-setup.ts set) and that it serves the real server's data.
 */
import pg from "pg";
import { expect, inject, it } from "vitest";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { serviceClient } from "#tests/support/supabase.ts";

it("the RLS files of this project call the emulator that runs on the real PostgreSQL", async () => {
  expect(SUPABASE_URL).toBe(inject("rlsEmulatorUrl"));
  const db = new pg.Client({ connectionString: inject("hammerUrl").replace(/\/hammer$/, "/rls") });
  await db.connect();
  try {
    // An exchange rate dated in 1999, written on the server directly, is what the emulator answers.
    const source = `real PostgreSQL ${(await db.query<{ v: string }>("show server_version")).rows[0]!.v}`;
    await db.query(
      "insert into public.exchange_rates (effective_on, rate, source) values ('1999-01-01', 1.2345, $1)",
      [source],
    );
    const { data, error } = await serviceClient()
      .from("exchange_rates")
      .select("source")
      .eq("effective_on", "1999-01-01");
    expect(error).toBeNull();
    expect(data).toEqual([{ source }]);
    await db.query("delete from public.exchange_rates where effective_on = '1999-01-01'");
  } finally {
    await db.end();
  }
});
