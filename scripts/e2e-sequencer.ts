/**
 * The order test files start in. vitest starts the files it knows to be slow first, from its cache
 * of the last run (node_modules/.vite) — a fresh clone, as CI runs, has none, and then vitest
 * starts the largest files first, which left the longest browser walks to start last and set the
 * suite's tail. The e2e files start instead longest first by tests/e2e/durations.json (seconds
 * per file from a whole run, committed), then by the cache; a file in neither counts as a
 * middling one. After `npm test -- e2e`, `npx tsx scripts/e2e-sequencer.ts` refreshes the list
 * from that run's test-results/file-times/e2e.json.
 */
import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import type { FileTime } from "./test-budget.ts";

const DURATIONS = path.join(import.meta.dirname, "../tests/e2e/durations.json");
/** Seconds assumed for a file not timed yet (a new walk): started among the middling files. */
const UNKNOWN_SECONDS = 30;

export function readDurations(file = DURATIONS): Record<string, number> {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, number>) : {};
}

/** The committed list from one whole run's file times, longest first, in whole seconds. */
export function durationsFrom(times: readonly FileTime[]): Record<string, number> {
  const e2e = times.filter((t) => t.project === "e2e");
  return Object.fromEntries(longestFirst(e2e, (t) => t.seconds).map((t) => [t.file, Math.round(t.seconds)]));
}

/** Files by expected seconds, longest first; ties keep their order (stable sort). */
export function longestFirst<T>(files: readonly T[], seconds: (f: T) => number | undefined): T[] {
  return [...files].sort((a, b) => (seconds(b) ?? UNKNOWN_SECONDS) - (seconds(a) ?? UNKNOWN_SECONDS));
}

export default class E2eSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = sorted.filter((s) => s.project.name === "e2e");
    if (e2e.length < 2) return sorted;
    const committed = readDurations();
    const root = this.ctx.config.root;
    const seconds = (s: TestSpecification) => {
      const known = committed[path.relative(root, s.moduleId).split(path.sep).join("/")];
      if (known !== undefined) return known;
      const cached = this.ctx.cache.getTestSpecificationResult(s)?.duration;
      return cached === undefined ? undefined : cached / 1000;
    };
    const ordered = longestFirst(e2e, seconds);
    // Projects run one after another: the e2e files keep their place among the others.
    let i = 0;
    return sorted.map((s) => (s.project.name === "e2e" ? ordered[i++]! : s));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const times = path.join(import.meta.dirname, "../test-results/file-times/e2e.json");
  const list = durationsFrom(JSON.parse(fs.readFileSync(times, "utf8")) as FileTime[]);
  fs.writeFileSync(DURATIONS, `${JSON.stringify(list, null, 2)}\n`);
  console.log(`${DURATIONS}: ${Object.keys(list).length} files`);
}
