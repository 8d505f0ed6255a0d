/**
 * The back-office modules' pages (every app/features/<module>/pages.ts), each file loaded on
 * demand: the router loads the pages of the module a path belongs to. The frame never loads them
 * (scripts/size.ts measures it), nor does the dashboard (its widgets: app/dashboard-widgets.ts).
 */
import { use } from "react";
import type { LazyPage, ModulePages } from "./lib/modules/define-module.ts";
import { moduleForPath } from "./modules.ts";

const files = import.meta.glob<{ default: ModulePages }>("./features/*/pages.ts");
const loaded = new Map<string, Promise<ModulePages>>();

/** A module's pages; one promise per module, so React's `use` sees the same one on every render. */
export function loadModulePages(id: string): Promise<ModulePages> {
  let pages = loaded.get(id);
  if (!pages) {
    const file = files[`./features/${id}/pages.ts`];
    if (!file) throw new Error(`module ${id} has no pages.ts`);
    pages = file().then((m) => m.default);
    loaded.set(id, pages);
  }
  return pages;
}

/** The page of a route path among a module's pages, or null (a route nobody has built yet). */
export function pageIn(pages: ModulePages, path: string, mainPath: string): LazyPage | null {
  if (path === mainPath) return pages.page;
  return pages.routes.find((r) => r.route.path === path)?.page ?? null;
}

/** The page of a back-office route path (suspends while its module's pages load), or null. */
export function usePageForPath(path: string): LazyPage | null {
  const module = moduleForPath(path);
  const pages = module ? use(loadModulePages(module.id)) : null;
  return module && pages ? pageIn(pages, path, module.route.path) : null;
}
