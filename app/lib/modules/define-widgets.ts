/**
 * Dashboard widgets (app/features/<module>/widgets.ts): what the dashboard needs to lay a widget
 * out — its id, title and the roles it is for — and a loader for its component, so the dashboard
 * loads the code of the widgets it shows and nothing else (no module's pages.ts, no widget the
 * role does not see). app/dashboard-widgets.ts gathers them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export type WidgetRole = "admin" | "staff";

export interface WidgetDefinition {
  /** Unique across modules; the dashboard's layout lists it (app/dashboard-widgets.ts). */
  id: string;
  title: string;
  roles: readonly WidgetRole[];
  load: () => Promise<{ default: ComponentType }>;
}

export interface DashboardWidget {
  id: string;
  title: string;
  roles: readonly WidgetRole[];
  /** Loaded when it first renders. */
  component: LazyExoticComponent<ComponentType>;
}

export function defineWidgets(defs: WidgetDefinition[]): DashboardWidget[] {
  return defs.map(({ load, ...w }) => ({ ...w, component: lazy(load) }));
}
