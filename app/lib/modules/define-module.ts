/**
 * What a back-office module tells the platform about itself (app/features/<module>/module.ts).
 * The shell's navigation and command palette, the router and the dashboard read these entries
 * from one registry (app/modules.ts); a module never imports the shell and the shell never
 * imports a module. Everything heavy is lazy: a module.ts costs an icon and a few strings.
 * Paths, titles and guards come from core's route table, so the edge and the SPA agree.
 */
import type { LucideIcon } from "lucide-react";
import type { ComponentType, LazyExoticComponent } from "react";
import { findRoute, requiredAccess, ROUTES, type Access, type RouteDef } from "#core/routes.ts";

export type LazyPage = LazyExoticComponent<ComponentType>;

/** Navigation groups, in sidebar order. */
export const NAV_GROUPS = [
  { id: "home", label: "Overview" },
  { id: "sales", label: "Sales" },
  { id: "inbox", label: "Inboxes & bookings" },
  { id: "work", label: "Work" },
  { id: "money", label: "Money" },
  { id: "content", label: "Content & marketing" },
  { id: "admin", label: "Admin" },
] as const;
export type NavGroupId = (typeof NAV_GROUPS)[number]["id"];

/**
 * Record pages that other modules may add a panel to (an extension point, so a module never
 * edits another's page): a listing's page shows the property requests it matches (inbox).
 */
export const RECORD_PANEL_SLOTS = {
  property: "A listing's page in properties admin (recordId: the listing's id)",
} as const;
export type RecordPanelSlot = keyof typeof RECORD_PANEL_SLOTS;

export interface RecordPanel {
  slot: RecordPanelSlot;
  title: string;
  /** Loaded when the record page shows it. */
  component: LazyExoticComponent<ComponentType<{ recordId: string }>>;
}

/**
 * A module's registry entry (module.ts): what the frame needs of it — the navigation (path,
 * icon, group), its always-mounted chrome and badge, and the panels it adds to record pages.
 * Its pages are in pages.ts, loaded per route, so the frame never carries every module's page
 * loaders and their preload lists.
 */
export interface ModuleDefinition {
  /** Folder name, e.g. "properties-admin". */
  id: string;
  /** The module's main path; must be a route of core/routes.ts. */
  path: string;
  icon: LucideIcon;
  group: NavGroupId;
  /** Listed in the sidebar (default true). */
  nav?: boolean;
  /** Panels on other modules' record pages (RECORD_PANEL_SLOTS). */
  panels?: RecordPanel[];
  /** Mounted inside the back-office frame while the user may open the module (toasts, live wiring). */
  chrome?: LazyPage;
  /**
   * A count beside the module's name in the sidebar (e.g. overdue tasks), loaded after the
   * navigation renders; it renders nothing when there is nothing to count, and names itself for
   * screen readers ("3 overdue").
   */
  badge?: LazyPage;
}

export interface BackOfficeModule extends Omit<ModuleDefinition, "nav"> {
  route: RouteDef;
  title: string;
  /** What the user's role must allow (core's requiredAccess). */
  access: Access;
  nav: boolean;
}

/** A module's pages (pages.ts), loaded when one of its routes opens. */
export interface ModulePagesDefinition {
  /** The page at the module's path. */
  page: LazyPage;
  /** Further pages (detail, new, edit…), each a path of core/routes.ts under the module's path. */
  routes?: Record<string, LazyPage>;
}

export interface ModulePages {
  page: LazyPage;
  routes: Array<{ route: RouteDef; page: LazyPage }>;
}

function routeOf(path: string, id: string): RouteDef {
  const route = ROUTES.find((r) => r.path === path) ?? findRoute(path)?.route;
  if (!route || route.path !== path)
    throw new Error(`module ${id}: ${path} is not a route of core/routes.ts`);
  if (route.layout === "public") throw new Error(`module ${id}: ${path} is a public route`);
  return route;
}

/** Checks the definition against the route table and fills in title and access. */
export function defineModule(def: ModuleDefinition): BackOfficeModule {
  const route = routeOf(def.path, def.id);
  return {
    ...def,
    route,
    title: route.title,
    access: requiredAccess(route),
    nav: def.nav ?? route.nav !== false,
  };
}

/**
 * Checks a module's pages against the route table: every further route lies under the module's
 * path, which is how the router finds the module of a path without loading every module's pages.
 */
export function defineModulePages(module: BackOfficeModule, def: ModulePagesDefinition): ModulePages {
  const routes = Object.entries(def.routes ?? {}).map(([path, page]) => {
    if (!path.startsWith(`${module.route.path}/`))
      throw new Error(`module ${module.id}: ${path} is not under ${module.route.path}`);
    return { route: routeOf(path, module.id), page };
  });
  return { page: def.page, routes };
}
