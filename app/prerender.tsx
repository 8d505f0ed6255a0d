/**
 * Build-time rendering of the public pages (see core/prerender.ts), run in Node by the build's
 * prerender step (scripts/prerender.ts) through Vite's module runner. Renders the same route
 * objects and providers as the browser entry, with a static router at the page's URL; lazy pages
 * are awaited, data-driven parts render their loading state.
 */
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProviders } from "./app-providers.tsx";
import { AppRoutes } from "./router.tsx";

export { prerenderTargets } from "#core/prerender-targets.ts";

/**
 * The markup of `#root` for one path of the main host. Rendered twice: the first pass loads the
 * page's lazy modules; the second, with nothing left to wait for, is plain in-order HTML (no
 * streaming scripts for boundaries that resolved late).
 */
export async function renderPage(path: string): Promise<string> {
  await renderOnce(path);
  const html = await renderOnce(path);
  if (html.includes("<script"))
    throw new Error(`prerender ${path}: a part of the page is still loading after the first pass`);
  return html;
}

async function renderOnce(path: string): Promise<string> {
  // An error inside a Suspense boundary would otherwise leave that part to the client silently.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <AppProviders>
      <StaticRouter location={path}>
        <AppRoutes kind="main" />
      </StaticRouter>
    </AppProviders>,
    // One in-order document: no boundary is split out to be revealed by a script.
    { onError: (err) => void errors.push(err), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length) throw new AggregateError(errors, `prerender ${path}: ${errors.map(String).join("; ")}`);
  return new Response(prelude).text();
}
