/** An honest placeholder for a back-office module a later issue builds. */
import { ConstructionIcon } from "lucide-react";
import { useLocation } from "react-router";
import { findRoute } from "#core/routes.ts";

export default function NotBuiltPage() {
  const { pathname } = useLocation();
  const title = findRoute(pathname)?.route.title ?? "This module";
  return (
    <section aria-labelledby="not-built-title" className="mx-auto max-w-xl py-12 text-center">
      <ConstructionIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <h1 id="not-built-title" className="mt-4 text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-3 text-muted-foreground">
        This module is not built yet. Nothing here stores or shows data for now; it will appear in a coming
        release.
      </p>
    </section>
  );
}
