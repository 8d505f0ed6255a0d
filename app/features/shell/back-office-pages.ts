/**
 * Back-office screens by route path (core/routes.ts). Every entry is lazy: the public site never
 * downloads this code. Modules that later issues build replace their `notBuilt` entry here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type Page = LazyExoticComponent<ComponentType>;

const notBuilt: Page = lazy(() => import("./not-built-page.tsx"));

export const backOfficePages: Record<string, Page> = {
  "/dashboard": lazy(() => import("../dashboard/dashboard-page.tsx")),
  "/settings": lazy(() => import("../settings/settings-page.tsx")),
  "/admin/team": lazy(() => import("../team-chat/team-chat-page.tsx")),
};

export function backOfficePage(path: string): Page {
  return backOfficePages[path] ?? notBuilt;
}

/** The dashboard frame (sidebar, top bar), itself lazy. */
export const DashboardLayout: Page = lazy(() => import("./dashboard-layout.tsx"));
