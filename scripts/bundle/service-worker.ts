/**
 * A build plugin that turns app/sw/service-worker.ts into the client build's /sw.js, with the
 * build's id (a hash of every emitted file's name, which are content-hashed: any change of code
 * makes a new worker, and so the "update available" prompt) and its precache list: the entry, the
 * back-office frame, and the pages that must open offline (leads hunt, tasks, contacts, partner
 * portal) with every chunk they import, statically or on demand — but not other modules' pages.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { transformWithOxc, type Plugin, type Rollup } from "vite";

const SOURCE = "app/sw/service-worker.ts";
/** The pages cached at install, and the frames around them (the partner portal is in the site's layout). */
export const OFFLINE_ROOTS = [
  /app\/features\/shell\//,
  /app\/features\/(leads-hunt|tasks|business-contacts|partner-portal)\//,
  /app\/features\/public\/public-layout\.tsx$/,
];
/** Code that is a page of some module: followed only into the roots above. */
const MODULE_PAGE = /app\/features\//;

/** The files to precache: the roots' chunks and what they load, their CSS; never another page. */
export function precacheList(bundle: Rollup.OutputBundle, root: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const rel = (id: string | null) => (id ? path.relative(root, id).replaceAll("\\", "/") : "");
  const isRoot = (c: Rollup.OutputChunk) =>
    c.isEntry || OFFLINE_ROOTS.some((r) => r.test(rel(c.facadeModuleId)));
  const wanted = (c: Rollup.OutputChunk) => isRoot(c) || !MODULE_PAGE.test(rel(c.facadeModuleId));
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk || seen.has(file) || !wanted(chunk)) return;
    seen.add(file);
    for (const f of [...chunk.imports, ...chunk.dynamicImports]) visit(f);
  };
  for (const c of chunks) if (isRoot(c)) visit(c.fileName);
  const files = new Set<string>();
  for (const file of seen) {
    files.add(file);
    const css = (byFile.get(file) as Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } })
      .viteMetadata;
    for (const f of css?.importedCss ?? []) files.add(f);
  }
  return [...files].sort().map((f) => `/${f}`);
}

export function serviceWorker(): Plugin {
  let root = "";
  return {
    name: "ghana-realty:service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const precache = precacheList(bundle, root);
      const build = crypto
        .createHash("sha256")
        .update(Object.keys(bundle).sort().join("\n"))
        .digest("hex")
        .slice(0, 16);
      const source = fs.readFileSync(path.join(root, SOURCE), "utf8");
      const { code } = await transformWithOxc(source, SOURCE, { lang: "ts" });
      const body = code.replace(/^export \{\s*\};?\s*$/m, "");
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: `const __SW_BUILD__ = ${JSON.stringify(build)};\nconst __SW_PRECACHE__ = ${JSON.stringify(precache)};\n${body}`,
      });
    },
  };
}
