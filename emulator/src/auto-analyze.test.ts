import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAutoAnalyze, type AutoAnalyze } from "./auto-analyze.ts";
import { Database } from "./db.ts";

describe("auto-analyze (autovacuum's analyze, emulated)", () => {
  let db: Database;
  let auto: AutoAnalyze;
  beforeAll(async () => {
    db = await Database.open(null);
    await db.admin((tx) => tx.exec("create table aa_probe (id int primary key, body text)"));
    auto = await startAutoAnalyze(db, 3_600_000); // driven by tick() here, not the timer
  });
  afterAll(async () => {
    auto.stop();
    await db.close();
  });

  const reltuples = async () =>
    Number(
      (
        await db.admin((tx) =>
          tx.query<{ n: number }>("select reltuples::int n from pg_class where relname = 'aa_probe'"),
        )
      ).rows[0]!.n,
    );

  it("analyzes after writes: the planner learns the table's size", async () => {
    await auto.tick(); // the create table above
    await db.admin((tx) =>
      tx.exec("insert into aa_probe select g, 'row ' || g from generate_series(1, 5000) g"),
    );
    expect(await reltuples()).not.toBe(5000);
    expect(await auto.tick()).toBe(true);
    expect(await reltuples()).toBe(5000);
  });

  it("leaves a database nobody wrote to alone (reads do not trigger it)", async () => {
    const before = auto.runs;
    await db.admin((tx) => tx.query("select count(*) from aa_probe"));
    expect(await auto.tick()).toBe(false);
    expect(auto.runs).toBe(before);
  });
});
