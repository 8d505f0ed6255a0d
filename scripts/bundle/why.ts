/**
 * `npm run size -- --why <route>`: what a route's initial JavaScript is made of — each chunk
 * (gzip, largest first) with the source modules that fill it, from the build's module stats
 * (module-stats.ts), and the chain of static imports that pulls the chunk in (from the entry or
 * one of the route's pages). Read it to decide what to load later or share.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { MODULE_GRAPH_FILE, MODULE_STATS_FILE, type ModuleGraph, type ModuleStats } from "./module-stats.ts";

const kb = (n: number) => (n / 1024).toFixed(1);

function readJson<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : null;
}

/** Each module reachable from the roots by static imports → the module that imported it first. */
function importedBy(graph: ModuleGraph, roots: string[]): Map<string, string | null> {
  const parent = new Map<string, string | null>(roots.map((r) => [r, null]));
  const queue = [...roots];
  for (let i = 0; i < queue.length; i++)
    for (const dep of graph[queue[i]!] ?? [])
      if (!parent.has(dep)) {
        parent.set(dep, queue[i]!);
        queue.push(dep);
      }
  return parent;
}

function chainTo(parent: Map<string, string | null>, id: string): string[] {
  const chain: string[] = [];
  for (let at: string | null | undefined = id; at; at = parent.get(at)) chain.unshift(at);
  return chain;
}

export function whyReport(
  dist: string,
  r: { route: string; chunks: string[]; gzipBytes: number },
  pages: string[] = [],
): string {
  const stats = readJson<ModuleStats>(path.join(dist, MODULE_STATS_FILE)) ?? {};
  const graph = readJson<ModuleGraph>(path.join(dist, MODULE_GRAPH_FILE));
  const parent = graph ? importedBy(graph, ["index.html", "app/main.tsx", ...pages]) : null;
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
    const reached = parent && row.modules.find(([id]) => parent.has(id));
    if (reached) lines.push(`            via ${chainTo(parent, reached[0]).join(" → ")}`);
  }
  if (!Object.keys(stats).length) lines.push(`(no ${MODULE_STATS_FILE}: rebuild to see the modules)`);
  return lines.join("\n");
}
