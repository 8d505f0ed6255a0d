/**
 * The registry entries of signed-in screens outside the back-office frame (the leads hunt: a
 * phone in the field on mobile data). Their page reads these, never the whole registry
 * (app/modules.ts) with every module's icon and page loaders, which only the frame's navigation
 * needs. app/modules.test.ts checks that every path outside the frame is listed here.
 */
import leadsHunt from "./features/leads-hunt/module.ts";
import leadsHuntPages from "./features/leads-hunt/pages.ts";
import type { BackOfficeModule, LazyPage, ModulePages } from "./lib/modules/define-module.ts";

export const FIELD_MODULES: ReadonlyArray<{ module: BackOfficeModule; pages: ModulePages }> = [
  { module: leadsHunt, pages: leadsHuntPages },
];

/** The page of a field screen's path, or null (not built). */
export function fieldPageFor(path: string): LazyPage | null {
  return FIELD_MODULES.find((m) => m.module.route.path === path)?.pages.page ?? null;
}
