/**
 * A vitest reporter that writes each test file's whole time — import, setup, hooks and tests —
 * to test-results/file-times/<project>.json, for `npm test`'s budget report (scripts/test-budget.ts).
 * vitest's json reporter measures only from a file's first test to its last, so a file whose
 * beforeAll launches a browser or migrates a database would look fast there.
 */
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import type { FileTime } from "./test-budget.ts";

export default class TestTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const root = process.cwd();
    const byProject = new Map<string, FileTime[]>();
    for (const m of modules) {
      const d = m.diagnostic();
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      const project = m.project.name || "default";
      const list = byProject.get(project) ?? [];
      list.push({ project, file: path.relative(root, m.moduleId), seconds: ms / 1000, ok: m.ok() });
      byProject.set(project, list);
    }
    const dir = path.join(root, "test-results", "file-times");
    fs.mkdirSync(dir, { recursive: true });
    for (const [project, files] of byProject)
      fs.writeFileSync(path.join(dir, `${project}.json`), `${JSON.stringify(files, null, 1)}\n`);
  }
}
