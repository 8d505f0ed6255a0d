/** The test run's budgets: a part over 1.5 × its budget fails, naming its slowest files. */
import { describe, expect, it } from "vitest";
import {
  BUDGET_SECONDS,
  type FileTime,
  OVER_BUDGET_FACTOR,
  overBudget,
  slowestFiles,
  slowestReport,
  TOTAL_BUDGET_SECONDS,
  E2E_BUDGET_CEILING_SECONDS,
  ON_REQUEST_ONLY,
  RUNS_BESIDE,
} from "./test-budget.ts";

const file = (project: string, name: string, seconds: number): FileTime => ({
  project,
  file: `tests/${project}/${name}.test.ts`,
  seconds,
  ok: true,
});
const files = [
  file("e2e", "a", 12),
  file("e2e", "b", 95.25),
  file("rls", "c", 300),
  file("e2e", "c", 40),
  file("e2e", "d", 3),
];

describe("test budgets", () => {
  it("add up to at most the whole run's ceiling, the browser suite's within its own", () => {
    const sum = Object.entries(BUDGET_SECONDS)
      .filter(([name]) => !ON_REQUEST_ONLY.has(name) && !RUNS_BESIDE.has(name))
      .reduce((a, [, b]) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(TOTAL_BUDGET_SECONDS);
    expect(BUDGET_SECONDS.e2e).toBeLessThanOrEqual(E2E_BUDGET_CEILING_SECONDS);
  });

  it("let a part run up to 1.5 × its budget", () => {
    expect(OVER_BUDGET_FACTOR).toBe(1.5);
    expect(overBudget("e2e", 150, files, { e2e: 100 })).toBeNull();
    expect(overBudget("e2e", 20, files, {})).toBeNull();
  });

  it("fail a part beyond that with a message naming its own slowest files, slowest first", () => {
    const msg = overBudget("e2e", 151, files, { e2e: 100 });
    expect(msg).toMatch(/^e2e took 151 s: more than 1.5 × its budget of 100 s\./);
    expect(msg).toContain(
      "Its slowest files: tests/e2e/b.test.ts (95.3 s), tests/e2e/c.test.ts (40.0 s), tests/e2e/a.test.ts (12.0 s), tests/e2e/d.test.ts (3.0 s).",
    );
    expect(msg).not.toContain("tests/rls/");
  });

  it("report the ten slowest files of the run across parts", () => {
    const many = Array.from({ length: 12 }, (_, i) => file("core", `f${i}`, i));
    expect(slowestFiles(many).map((f) => f.seconds)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(slowestReport(files)).toEqual([
      "slowest 5 test files (import, hooks and tests):",
      "   300.0 s  rls  tests/rls/c.test.ts",
      "    95.3 s  e2e  tests/e2e/b.test.ts",
      "    40.0 s  e2e  tests/e2e/c.test.ts",
      "    12.0 s  e2e  tests/e2e/a.test.ts",
      "     3.0 s  e2e  tests/e2e/d.test.ts",
    ]);
    expect(slowestReport([])).toEqual([]);
  });
});
