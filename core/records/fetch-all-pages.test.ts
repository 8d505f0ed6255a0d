import { describe, expect, it } from "vitest";
import { fetchAllPages, TooManyRowsError, type RowsPage } from "./fetch-all-pages.ts";

/** A table of `n` rows served in ranges, as PostgREST would, recording the ranges asked for. */
function table(n: number, { withTotal = true, cap = Infinity }: { withTotal?: boolean; cap?: number } = {}) {
  const all = Array.from({ length: n }, (_, i) => i);
  const asked: Array<[number, number]> = [];
  const fetchPage = async ({ from, to }: { from: number; to: number }): Promise<RowsPage<number>> => {
    asked.push([from, to]);
    return { rows: all.slice(from, Math.min(to + 1, from + cap)), total: withTotal ? n : null };
  };
  return { fetchPage, asked };
}

describe("fetchAllPages", () => {
  it("asks for consecutive ranges until the total is reached", async () => {
    const t = table(2500);
    const rows = await fetchAllPages(t.fetchPage, { pageSize: 1000 });
    expect(rows).toHaveLength(2500);
    expect(rows[2499]).toBe(2499);
    expect(t.asked).toEqual([
      [0, 999],
      [1000, 1999],
      [2000, 2999],
    ]);
  });

  it("without a total, stops at the first short page (and after an exact multiple, at the empty one)", async () => {
    const t = table(2000, { withTotal: false });
    expect(await fetchAllPages(t.fetchPage, { pageSize: 1000 })).toHaveLength(2000);
    expect(t.asked).toHaveLength(3);
  });

  it("with a total, does not ask for the empty page after an exact multiple", async () => {
    const t = table(2000);
    await fetchAllPages(t.fetchPage, { pageSize: 1000 });
    expect(t.asked).toHaveLength(2);
  });

  it("an empty result is one request", async () => {
    const t = table(0);
    expect(await fetchAllPages(t.fetchPage)).toEqual([]);
    expect(t.asked).toHaveLength(1);
  });

  it("refuses more than maxRows after the first page, naming the limit", async () => {
    const t = table(120, { withTotal: true });
    const err = await fetchAllPages(t.fetchPage, { pageSize: 50, maxRows: 100 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRowsError);
    expect((err as Error).message).toBe("120 rows match: narrow the filter to 100 or fewer to export");
    expect(t.asked).toHaveLength(1);
  });

  it("refuses more than maxRows when no total is known, too", async () => {
    const t = table(300, { withTotal: false });
    await expect(fetchAllPages(t.fetchPage, { pageSize: 100, maxRows: 150 })).rejects.toBeInstanceOf(
      TooManyRowsError,
    );
  });

  it("reports progress and stops when aborted", async () => {
    const t = table(300);
    const seen: Array<[number, number | null]> = [];
    const controller = new AbortController();
    const run = fetchAllPages(t.fetchPage, {
      pageSize: 100,
      signal: controller.signal,
      onProgress: (done, total) => {
        seen.push([done, total]);
        if (done === 200) controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(seen).toEqual([
      [100, 300],
      [200, 300],
    ]);
    expect(t.asked).toHaveLength(2);
  });
});
