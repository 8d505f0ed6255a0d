/**
 * The page of a signed-in screen outside the back-office frame, from the field screens' entries
 * (app/field-modules.ts): the leads hunt on a phone loads neither the frame nor the registry.
 */
import NotBuiltPage from "./not-built-page.tsx";
import { fieldPageFor } from "#app/field-modules.ts";
import { useRouteTitle } from "#app/lib/use-route-title.ts";

export default function FieldPage({ path }: { path: string }) {
  useRouteTitle();
  const Page = fieldPageFor(path);
  return Page ? <Page /> : <NotBuiltPage />;
}
