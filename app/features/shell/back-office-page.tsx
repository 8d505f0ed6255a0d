/**
 * The page of a back-office path: the pages of the module the path belongs to (its pages.ts,
 * loaded now — the frame carries only the registry's navigation); a route of the table that no
 * module has built yet shows the honest "not built" page. Lazy: the public site never loads it.
 */
import NotBuiltPage from "./not-built-page.tsx";
import { usePageForPath } from "#app/module-pages.ts";
import { useRouteTitle } from "#app/lib/use-route-title.ts";

export default function BackOfficePage({ path }: { path: string }) {
  useRouteTitle();
  const Page = usePageForPath(path);
  return Page ? <Page /> : <NotBuiltPage />;
}
