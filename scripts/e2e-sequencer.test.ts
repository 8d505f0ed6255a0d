import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { durationsFrom, longestFirst, readDurations } from "./e2e-sequencer.ts";

describe("the e2e files' start order", () => {
  it("starts the longest known files first and an untimed one among the middling ones", () => {
    const seconds: Record<string, number> = { short: 5, long: 100, mid: 40 };
    expect(longestFirst(["short", "new", "long", "mid"], (f) => seconds[f])).toEqual([
      "long",
      "mid",
      "new",
      "short",
    ]);
  });

  it("refreshes the list from a run's file times: e2e files only, longest first, whole seconds", () => {
    const list = durationsFrom([
      { project: "e2e", file: "tests/e2e/a/short.test.ts", seconds: 4.4, ok: true },
      { project: "rls", file: "tests/rls/x.test.ts", seconds: 90, ok: true },
      { project: "e2e", file: "tests/e2e/a/long.test.ts", seconds: 61.6, ok: false },
    ]);
    expect(Object.entries(list)).toEqual([
      ["tests/e2e/a/long.test.ts", 62],
      ["tests/e2e/a/short.test.ts", 4],
    ]);
  });

  it("times only e2e files that exist (a renamed walk would lose its place)", () => {
    const root = path.join(import.meta.dirname, "..");
    const listed = Object.keys(readDurations());
    expect(listed.length).toBeGreaterThan(10);
    for (const file of listed) {
      expect(file).toMatch(/^tests\/e2e\/.+\.test\.ts$/);
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    }
  });
});
