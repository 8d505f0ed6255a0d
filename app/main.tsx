/**
 * SPA entry: session, realtime and the router. Kept small on purpose — the public site's initial
 * JavaScript is budgeted (scripts/size.ts): back-office providers (TanStack Query) live in the
 * lazy dashboard layout, and the toaster loads after the first render.
 *
 * When the edge served a prerendered page (core/prerender.ts), the markup is already on screen:
 * React hydrates it (in a transition, so the work yields to input) instead of mounting anew.
 */
import "./lib/zod-config.ts";
import { startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { PRERENDER_ATTR } from "#core/prerender.ts";
import { AppProviders } from "./app-providers.tsx";
import { regenerateSitemapsOnStart } from "./lib/startup.ts";
import { AppRouter } from "./router.tsx";
import "./styles.css";

declare global {
  interface Window {
    __appRoot?: Root;
  }
}

regenerateSitemapsOnStart();

const app = (
  <AppProviders>
    <AppRouter />
  </AppProviders>
);

// One React root per page even if this module runs twice (a dev server re-importing the entry
// under a new URL would otherwise mount a second app into the same container).
const container = document.getElementById("root")!;
if (!window.__appRoot) {
  if (container.hasAttribute(PRERENDER_ATTR)) {
    startTransition(() => {
      window.__appRoot = hydrateRoot(container, app, {
        // A mismatch (e.g. a shell built in another year than today's footer) is repaired by
        // rendering on the client; say which page so it can be rebuilt, without alarming output.
        onRecoverableError: (err) =>
          console.warn(
            `prerendered ${container.getAttribute(PRERENDER_ATTR)}: re-rendered on the client`,
            err,
          ),
      });
    });
  } else {
    window.__appRoot = createRoot(container);
    window.__appRoot.render(app);
  }
}
