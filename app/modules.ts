/**
 * The registry of back-office modules: every app/features/<module>/module.ts, found by Vite at
 * build time, so adding a module is adding its folder. Read by the shell (navigation, command
 * palette, chrome), record pages (panels) and tests — never by the public site (it is only
 * imported from lazy back-office chunks; scripts/size.ts checks). The modules' pages and widgets
 * are in their pages.ts, loaded per route (app/module-pages.ts).
 */
import { canAccess, ROUTES, type RouteDef } from "#core/routes.ts";
import {
  NAV_GROUPS,
  type BackOfficeModule,
  type RecordPanel,
  type RecordPanelSlot,
} from "./lib/modules/define-module.ts";

const found = import.meta.glob<{ default: BackOfficeModule }>("./features/*/module.ts", { eager: true });

const groupOrder = new Map(NAV_GROUPS.map((g, i) => [g.id as string, i]));

/** Every module, in navigation order (group, then the route table's order). */
export const MODULES: readonly BackOfficeModule[] = Object.entries(found)
  .map(([file, m]) => {
    if (!m.default?.route) throw new Error(`${file} must export default defineModule({...})`);
    return m.default;
  })
  .sort((a, b) => (groupOrder.get(a.group) ?? 99) - (groupOrder.get(b.group) ?? 99));

/** Modules the role may open. */
export function modulesFor(role: string | null): BackOfficeModule[] {
  return MODULES.filter((m) => canAccess(m.access, true, role));
}

/**
 * The module a back-office path belongs to: the one whose main path it is or, for a further
 * route, the one with the longest main path above it (pages.ts keeps further routes there).
 */
export function moduleForPath(path: string): BackOfficeModule | null {
  let best: BackOfficeModule | null = null;
  for (const m of MODULES) {
    const main = m.route.path;
    if (main === path) return m;
    if (path.startsWith(`${main}/`) && (!best || main.length > best.route.path.length)) best = m;
  }
  return best;
}

/** A module's further routes (detail, new…): the route table's back-office routes it owns by path. */
export function furtherRoutes(m: BackOfficeModule): RouteDef[] {
  return ROUTES.filter(
    (r) => r.layout !== "public" && r.path !== m.route.path && moduleForPath(r.path) === m,
  );
}

/** The panels modules the role may open add to a record page's slot (e.g. a listing's matching requests). */
export function panelsFor(slot: RecordPanelSlot, role: string | null): RecordPanel[] {
  return modulesFor(role).flatMap((m) => (m.panels ?? []).filter((p) => p.slot === slot));
}
