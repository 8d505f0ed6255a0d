/**
 * Comments cite docs/ rather than issues or spec sections; hand-written files stay short; tests
 * wait for conditions, not for the clock.
 */
import { describe, expect, it } from "vitest";
import {
  citationScope,
  citations,
  FILE_LINE_LIMIT,
  fixedSleeps,
  isHandWritten,
  lineCount,
  OVER_LIMIT_ALLOWED,
  readText,
  repositoryFiles,
  SLEEP_SCOPE,
} from "./source-hygiene.ts";

const files = repositoryFiles();

describe("the rules themselves", () => {
  it("find citations of issues and spec sections, not RFC sections or 'issued'", () => {
    const text = [
      "/** Deals live (issue 12 item 2): ... */",
      " * Issue 17, item 4: photos",
      "// Spec §4: a close with code 1000 is final",
      "the spec's PGRST116 case (§8)",
      "a code is accepted once (RFC 6238 §5.2)",
      "drafts have no number until issued 2 days later",
      "issue_invoice() gives it",
    ].join("\n");
    expect(citations("x.ts", text).map((f) => f.line)).toEqual([1, 2, 3, 4]);
  });

  it("count lines as wc -l does and leave generated and data files out", () => {
    expect([lineCount(""), lineCount("a\n"), lineCount("a\nb"), lineCount("a\nb\n")]).toEqual([0, 1, 2, 2]);
    expect(isHandWritten("supabase/migrations/20260101000000_x.sql")).toBe(false);
    expect(isHandWritten("core/database.types.ts")).toBe(false);
    expect(isHandWritten("supabase/schema.sql")).toBe(false);
    expect(isHandWritten("app/features/deals/deal-page.tsx")).toBe(true);
    expect(citationScope("supabase/migrations/20260101000000_x.sql")).toBe(false);
    expect(citationScope("supabase/seeds/70-business-contacts.sql")).toBe(true);
  });

  it("find a browser paused for a fixed time, not a wait for a condition", () => {
    const text = [
      "await page.waitForTimeout(2_000);",
      "await page.waitForFunction(() => ready);",
      "await expect.poll(() => count()).toBe(1);",
    ].join("\n");
    expect(fixedSleeps("x.ts", text).map((f) => f.line)).toEqual([1]);
    expect(SLEEP_SCOPE.test("tests/e2e/invoices-receipts/public-pay.test.ts")).toBe(true);
    expect(SLEEP_SCOPE.test("scripts/lighthouse.ts")).toBe(false);
  });
});

describe("the repository", () => {
  it("cites no issue number or spec section in source files (migrations excepted)", () => {
    const found = files.filter(citationScope).flatMap((f) => citations(f, readText(f)));
    const report = found.map((f) => `  ${f.file}:${f.line}: ${f.text}`).join("\n");
    expect(
      found,
      `Comments and test names cite an issue or a spec section, which a reader cannot open.\n` +
        `Describe the behaviour in a few words, or point to the doc that holds it ` +
        `(docs/product.md#…, docs/modules/<module>.md, docs/decisions/00NN-….md):\n${report}`,
    ).toEqual([]);
  });

  it("has no test that sleeps for a fixed time", () => {
    const found = files.filter((f) => SLEEP_SCOPE.test(f)).flatMap((f) => fixedSleeps(f, readText(f)));
    expect(
      found.map((f) => `  ${f.file}:${f.line}: ${f.text}`),
      "A fixed sleep is too short on a busy machine and wasted on a quiet one: wait for the " +
        "condition (a locator, expect.poll, waitUntil of tests/support/wait.ts).",
    ).toEqual([]);
  });

  it(`has no hand-written file over ${FILE_LINE_LIMIT} lines beyond the allow-list, which only shrinks`, () => {
    const over = files
      .filter(isHandWritten)
      .map((file) => ({ file, lines: lineCount(readText(file)) }))
      .filter((f) => f.lines > FILE_LINE_LIMIT);
    const unexpected = over.filter((f) => !OVER_LIMIT_ALLOWED.includes(f.file));
    expect(
      unexpected.map((f) => `${f.file} (${f.lines} lines)`),
      `Files over ${FILE_LINE_LIMIT} lines: split them by concern (a test file by flow).`,
    ).toEqual([]);
    const stale = OVER_LIMIT_ALLOWED.filter((file) => !over.some((f) => f.file === file));
    expect(
      stale,
      `These files are no longer over ${FILE_LINE_LIMIT} lines (or are gone): remove them from ` +
        `OVER_LIMIT_ALLOWED in scripts/source-hygiene.ts.`,
    ).toEqual([]);
  });
});
