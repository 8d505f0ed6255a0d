/**
 * A build plugin that records, for every chunk of the client build, the source modules it holds
 * and their rendered size: `<outDir>/.vite/modules.json`. The Vite manifest says which chunks a
 * route loads; this file says why a chunk weighs what it does (`npm run size -- --why <route>`).
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

export const MODULE_STATS_FILE = path.join(".vite", "modules.json");
/** Static imports between the client build's modules: why a route's closure holds a module. */
export const MODULE_GRAPH_FILE = path.join(".vite", "module-graph.json");

/** module id relative to the project → the ids it imports statically */
export type ModuleGraph = Record<string, string[]>;

/** chunk file → { module id relative to the project → rendered bytes (before minification's gzip) } */
export type ModuleStats = Record<string, Record<string, number>>;

export function moduleStats(): Plugin {
  let root = "";
  return {
    name: "ghana-realty:module-stats",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const rel = (id: string) => path.relative(root, id.replace(/^\0/, "")) || id;
      const graph: ModuleGraph = {};
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info) graph[rel(id)] = info.importedIds.map(rel);
      }
      fs.mkdirSync(path.join(options.dir ?? "", ".vite"), { recursive: true });
      fs.writeFileSync(path.join(options.dir ?? "", MODULE_GRAPH_FILE), JSON.stringify(graph));
      const stats: ModuleStats = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(chunk.modules))
          if (info.renderedLength)
            modules[path.relative(root, id.replace(/^\0/, "")) || id] = info.renderedLength;
        stats[chunk.fileName] = modules;
      }
      const file = path.join(options.dir ?? "", MODULE_STATS_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(stats));
    },
  };
}
