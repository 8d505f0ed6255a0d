import { describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { loadedBefore, trimPreloadList } from "./preload-lists.ts";

/** A bundle of chunks: file → static imports, dynamic imports, entry or not. */
function bundleOf(
  chunks: Record<string, { imports?: string[]; dynamic?: string[]; entry?: boolean }>,
): Rollup.OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, c]) => [
      fileName,
      {
        type: "chunk",
        fileName,
        imports: c.imports ?? [],
        dynamicImports: c.dynamic ?? [],
        isEntry: c.entry ?? false,
      },
    ]),
  ) as unknown as Rollup.OutputBundle;
}

describe("preload lists", () => {
  // entry → (lazy) layout, which imports react-query and the registry; the registry lazy-loads
  // a page needing react-query and a table; a public page (lazy from the entry) needs the table.
  const bundle = bundleOf({
    "entry.js": { entry: true, imports: ["react.js"], dynamic: ["layout.js", "public.js"] },
    "react.js": {},
    "layout.js": { imports: ["query.js", "registry.js"] },
    "query.js": {},
    "registry.js": { imports: ["icons.js"], dynamic: ["page.js"] },
    "icons.js": {},
    "page.js": { imports: ["query.js", "table.js", "react.js"] },
    "table.js": {},
    "public.js": { imports: ["table.js"] },
  });

  it("knows what every way of reaching a chunk has loaded before it runs", () => {
    const loaded = loadedBefore(bundle);
    expect([...loaded.get("registry.js")!].sort()).toEqual(
      ["entry.js", "icons.js", "layout.js", "query.js", "react.js", "registry.js"].sort(),
    );
    // Reached from the entry alone: only the entry's closure and its own.
    expect([...loaded.get("public.js")!].sort()).toEqual(["entry.js", "public.js", "react.js", "table.js"]);
  });

  it("keeps the imported chunk and what is not loaded yet, drops what is", () => {
    const loaded = loadedBefore(bundle);
    const deps = ["page.js", "query.js", "table.js", "react.js"];
    expect(trimPreloadList(loaded.get("registry.js")!, "page.js", deps)).toEqual(["page.js", "table.js"]);
    // Nothing left but the chunk itself: no list (the import fetches it).
    expect(trimPreloadList(loaded.get("registry.js")!, "page.js", ["page.js", "query.js"])).toEqual([]);
  });

  it("drops nothing for a chunk also reached another way that has not loaded it", () => {
    // table.js is reached from the public page and from the page: neither loads query.js first.
    const loaded = loadedBefore(bundle);
    expect(loaded.get("table.js")!.has("query.js")).toBe(false);
    expect(loaded.get("table.js")!.has("react.js")).toBe(true);
  });
});
