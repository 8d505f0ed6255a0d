import { describe, expect, it } from "vitest";
import { StaleRecordError } from "./db-errors.ts";
import { NOT_FOUND_ERROR, updateUnlessStale } from "./update-unless-stale.ts";

/**
 * A one-row "table" with the conditional update's semantics, so the tests show the race the
 * check exists for: two people load version 1, the first save wins, the second is refused.
 */
function store() {
  let row: { id: string; title: string; updated_at: string } | null = {
    id: "p1",
    title: "Villa",
    updated_at: "v1",
  };
  let n = 1;
  return {
    save(title: string, expected: string) {
      return updateUnlessStale(
        Promise.resolve(
          row && row.updated_at === expected
            ? { data: (row = { ...row, title, updated_at: `v${++n}` }), error: null }
            : { data: null, error: null },
        ),
        () => Promise.resolve({ data: row ? { updated_at: row.updated_at } : null, error: null }),
      );
    },
    remove() {
      row = null;
    },
  };
}

describe("updateUnlessStale", () => {
  it("saves when nobody saved in between, and returns the new version", async () => {
    const s = store();
    await expect(s.save("Villa with pool", "v1")).resolves.toEqual({
      id: "p1",
      title: "Villa with pool",
      updated_at: "v2",
    });
  });

  it("refuses the second of two edits of the same version, naming the current version", async () => {
    const s = store();
    await s.save("Ama's title", "v1");
    const err = await s.save("Kofi's title", "v1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StaleRecordError);
    expect((err as StaleRecordError).currentUpdatedAt).toBe("v2");
  });

  it("a row that is gone (or hidden by RLS) is 'not found', not a conflict", async () => {
    const s = store();
    s.remove();
    await expect(s.save("x", "v1")).rejects.toBe(NOT_FOUND_ERROR);
  });

  it("passes database errors through untouched", async () => {
    const dbError = { code: "42501", message: "permission denied" };
    await expect(
      updateUnlessStale(Promise.resolve({ data: null, error: dbError }), () =>
        Promise.resolve({ data: null, error: null }),
      ),
    ).rejects.toBe(dbError);
  });
});
