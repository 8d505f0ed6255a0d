/**
 * The page of a back-office path, from the module registry (app/modules.ts); a route of the
 * table that no module has built yet shows the honest "not built" page. Lazy: the public site
 * never loads the registry.
 */
import NotBuiltPage from "./not-built-page.tsx";
import { pageForPath } from "#app/modules.ts";
import { useRouteTitle } from "#app/lib/use-route-title.ts";

export default function BackOfficePage({ path }: { path: string }) {
  useRouteTitle();
  const found = pageForPath(path);
  if (!found) return <NotBuiltPage />;
  const Page = found.page;
  return <Page />;
}
