/**
 * `npm run size -- --why <route>`: what a route's initial JavaScript is made of — each chunk
 * (gzip, largest first) with the source modules that fill it, from the build's module stats
 * (module-stats.ts). Read it to decide what to load later or share.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { MODULE_STATS_FILE, type ModuleStats } from "./module-stats.ts";

const kb = (n: number) => (n / 1024).toFixed(1);

export function whyReport(dist: string, r: { route: string; chunks: string[]; gzipBytes: number }): string {
  const statsFile = path.join(dist, MODULE_STATS_FILE);
  const stats: ModuleStats = fs.existsSync(statsFile) ? JSON.parse(fs.readFileSync(statsFile, "utf8")) : {};
  const rows = r.chunks
    .map((file) => ({
      file,
      gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
      modules: Object.entries(stats[file] ?? {}).sort((a, b) => b[1] - a[1]),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  const lines = [`${r.route}: ${kb(r.gzipBytes)} KB gzip in ${r.chunks.length} files`];
  for (const row of rows) {
    lines.push(`${kb(row.gzip).padStart(7)} KB  ${row.file}`);
    const total = row.modules.reduce((sum, [, n]) => sum + n, 0) || 1;
    for (const [id, bytes] of row.modules.slice(0, 6))
      lines.push(`            ${((100 * bytes) / total).toFixed(0).padStart(3)} %  ${id}`);
    if (row.modules.length > 6) lines.push(`            …and ${row.modules.length - 6} more modules`);
  }
  if (!Object.keys(stats).length) lines.push(`(no ${MODULE_STATS_FILE}: rebuild to see the modules)`);
  return lines.join("\n");
}
