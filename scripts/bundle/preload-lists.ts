/**
 * A build plugin that shortens Vite's preload lists. For every dynamic import, Vite writes into
 * the importing chunk the list of files the imported chunk needs (`__vite__mapDeps`), so they
 * download in parallel rather than one after the other. It lists every file, also those the
 * importing chunk itself imports statically — already loaded when its code runs, so preloading
 * them again does nothing but the list costs bytes: the registry's lists of every module's
 * pages were ~6 KB gzip of the back-office frame. This keeps only the files not certainly
 * loaded when the importer runs (its static imports, and what every way of reaching it loaded);
 * the imported chunk stays first, so it still downloads in parallel with its own deps.
 */
import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;

/** The chunk and every chunk it imports statically (what is loaded before it runs). */
function staticClosure(bundle: OutputBundle, file: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (seen.has(file) || !chunk || chunk.type !== "chunk") return seen;
  seen.add(file);
  for (const dep of chunk.imports) staticClosure(bundle, dep, seen);
  return seen;
}

/**
 * Per chunk, the files certainly loaded whenever its code runs: its own static closure, plus
 * what every way of reaching it has loaded (each chunk importing it, statically or with
 * `import()`); an entry is reached from nothing. A fixpoint from "everything", like dominators.
 */
export function loadedBefore(bundle: OutputBundle): Map<string, Set<string>> {
  const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
  const importers = new Map<string, string[]>(chunks.map((c) => [c.fileName, []]));
  for (const c of chunks)
    for (const dep of [...c.imports, ...c.dynamicImports]) importers.get(dep)?.push(c.fileName);
  const all = new Set(chunks.map((c) => c.fileName));
  const own = new Map(chunks.map((c) => [c.fileName, staticClosure(bundle, c.fileName)]));
  const before = new Map(chunks.map((c) => [c.fileName, c.isEntry ? own.get(c.fileName)! : all]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const c of chunks) {
      if (c.isEntry) continue;
      const from = importers.get(c.fileName)!;
      let common = null as Set<string> | null;
      for (const p of from) {
        const b = before.get(p)!;
        common = common ? new Set([...common].filter((f) => b.has(f))) : new Set(b);
      }
      const next = new Set([...own.get(c.fileName)!, ...(common ?? [])]);
      if (next.size !== before.get(c.fileName)!.size) {
        before.set(c.fileName, next);
        changed = true;
      }
    }
  }
  return before;
}

/** `deps` without the files loaded before the host runs; [] when only the imported chunk is left. */
export function trimPreloadList(loaded: Set<string>, imported: string, deps: string[]): string[] {
  const kept = deps.filter((d) => !loaded.has(d));
  return kept.length === 1 && kept[0] === imported ? [] : kept;
}

export function shortPreloadLists(): Plugin {
  let loaded: Map<string, Set<string>> | null = null;
  return {
    name: "ghana-realty:short-preload-lists",
    apply: "build",
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (filename, deps, { hostId, hostType }) =>
            loaded?.has(hostId) && hostType === "js"
              ? trimPreloadList(loaded.get(hostId)!, filename, deps)
              : deps,
        },
      },
    }),
    // Before Vite's own generateBundle writes the lists: the finished chunk graph they are read from.
    generateBundle: {
      order: "pre",
      handler(_options, output) {
        if (this.environment.name === "client") loaded = loadedBefore(output);
      },
    },
  };
}
