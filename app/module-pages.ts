/**
 * The back-office modules' pages (every app/features/<module>/pages.ts), each file loaded on
 * demand: the router loads the pages of the module a path belongs to, the dashboard those of the
 * modules whose widgets it shows. The frame never loads them (scripts/size.ts measures it).
 */
import { use } from "react";
import type { DashboardSlot, DashboardWidget, LazyPage, ModulePages } from "./lib/modules/define-module.ts";
import { DASHBOARD_SLOTS } from "./lib/modules/define-module.ts";
import { moduleForPath, modulesFor } from "./modules.ts";

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

const byRole = new Map<string | null, Promise<ModulePages[]>>();

/** The pages of every module the role may open (for their dashboard widgets); one promise per role. */
export function loadPagesFor(role: string | null): Promise<ModulePages[]> {
  let all = byRole.get(role);
  if (!all) {
    all = Promise.all(modulesFor(role).map((m) => loadModulePages(m.id)));
    byRole.set(role, all);
  }
  return all;
}

/** The widget filling a dashboard slot for this role (if the slot is the role's and a module the role may open provides one). */
export function widgetIn(
  all: readonly ModulePages[],
  slot: DashboardSlot,
  role: string | null,
): DashboardWidget | null {
  if (!role || !(DASHBOARD_SLOTS[slot].roles as readonly string[]).includes(role)) return null;
  for (const pages of all) {
    const w = pages.widgets.find((x) => x.slot === slot);
    if (w) return w;
  }
  return null;
}
