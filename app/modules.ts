/**
 * The registry of back-office modules: every app/features/<module>/module.ts, found by Vite at
 * build time, so adding a module is adding its folder. Read by the shell (navigation, command
 * palette, the page for a path), the dashboard (widgets) and tests — never by the public site
 * (it is only imported from lazy back-office chunks; scripts/size.ts checks).
 */
import { canAccess } from "#core/routes.ts";
import {
  DASHBOARD_SLOTS,
  NAV_GROUPS,
  type BackOfficeModule,
  type DashboardSlot,
  type DashboardWidget,
  type LazyPage,
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

/** The page of a back-office route path (main or further route of a module), or null (not built). */
export function pageForPath(path: string): { module: BackOfficeModule; page: LazyPage } | null {
  for (const m of MODULES) {
    if (m.route.path === path) return { module: m, page: m.page };
    const extra = m.routes.find((r) => r.route.path === path);
    if (extra) return { module: m, page: extra.page };
  }
  return null;
}

/** The widget filling a dashboard slot for this role (if the slot is the role's and a module the role may open provides one). */
export function widgetFor(slot: DashboardSlot, role: string | null): DashboardWidget | null {
  if (!role || !(DASHBOARD_SLOTS[slot].roles as readonly string[]).includes(role)) return null;
  for (const m of modulesFor(role)) {
    const w = m.widgets?.find((x) => x.slot === slot);
    if (w) return w;
  }
  return null;
}

/** The panels modules the role may open add to a record page's slot (e.g. a listing's matching requests). */
export function panelsFor(slot: RecordPanelSlot, role: string | null): RecordPanel[] {
  return modulesFor(role).flatMap((m) => (m.panels ?? []).filter((p) => p.slot === slot));
}
