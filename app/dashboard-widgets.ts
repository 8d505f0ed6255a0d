/**
 * The dashboard's widgets: every app/features/<module>/widgets.ts (ids, titles, roles and lazy
 * components — a few strings each), imported by the dashboard page only. A widget's code loads
 * when the dashboard shows it, i.e. for a role it is for who may open its module.
 */
import type { DashboardWidget } from "./lib/modules/define-widgets.ts";
import { modulesFor } from "./modules.ts";

/** The dashboard's layout: widget ids in the order it shows them (app/modules.test.ts checks both ways). */
export const DASHBOARD_LAYOUT = [
  "trends",
  "listings-by-status",
  "new-leads",
  "schedule-today",
  "pipeline",
  "income-expenses",
  "overdue-invoices",
  "team-online",
  "announcements",
  "my-tasks",
  "my-leads",
  "my-viewings",
];

export interface ModuleWidget extends DashboardWidget {
  /** The module that provides it (its folder). */
  module: string;
}

const found = import.meta.glob<{ default: DashboardWidget[] }>("./features/*/widgets.ts", { eager: true });

/** Every widget, in layout order (a widget the layout does not list goes last). */
export const WIDGETS: readonly ModuleWidget[] = Object.entries(found)
  .flatMap(([file, m]) => m.default.map((w) => ({ ...w, module: file.split("/")[2]! })))
  .sort((a, b) => position(a.id) - position(b.id));

function position(id: string): number {
  const i = DASHBOARD_LAYOUT.indexOf(id);
  return i < 0 ? DASHBOARD_LAYOUT.length : i;
}

/** The widgets the dashboard shows a role: those for the role, from modules the role may open. */
export function widgetsFor(role: string | null): ModuleWidget[] {
  if (!role) return [];
  const open = new Set(modulesFor(role).map((m) => m.id));
  return WIDGETS.filter((w) => (w.roles as readonly string[]).includes(role) && open.has(w.module));
}
