/**
 * The registry entries of signed-in screens outside the back-office frame (the leads hunt: a
 * phone in the field on mobile data). Their page reads these, never the whole registry
 * (app/modules.ts) with every module's icon and page loaders, which only the frame's navigation
 * needs. app/modules.test.ts checks that every path outside the frame is listed here.
 */
import leadsHunt from "./features/leads-hunt/module.ts";
import type { BackOfficeModule, LazyPage } from "./lib/modules/define-module.ts";

export const FIELD_MODULES: readonly BackOfficeModule[] = [leadsHunt];

/** The page of a field screen's path, or null (not built). */
export function fieldPageFor(path: string): LazyPage | null {
  return FIELD_MODULES.find((m) => m.route.path === path)?.page ?? null;
}
