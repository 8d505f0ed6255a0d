/**
 * SPA entry: session, realtime and the router. Kept small on purpose — the public site's initial
 * JavaScript is budgeted (scripts/size.ts): back-office providers (TanStack Query) live in the
 * lazy dashboard layout, and the toaster loads after the first render.
 */
import "./lib/zod-config.ts";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot, type Root } from "react-dom/client";
import { RouterProvider } from "react-router";
import { RealtimeProvider } from "./lib/realtime/realtime-provider.tsx";
import { SessionProvider } from "./lib/session.tsx";
import { regenerateSitemapsOnStart } from "./lib/startup.ts";
import { createAppRouter } from "./router.tsx";
import "./styles.css";

const Toaster = lazy(() => import("./components/ui/sonner.tsx"));

declare global {
  interface Window {
    __appRoot?: Root;
  }
}

const router = createAppRouter();
regenerateSitemapsOnStart();

// One React root per page even if this module runs twice (a dev server re-importing the entry
// under a new URL would otherwise mount a second app into the same container).
const root = (window.__appRoot ??= createRoot(document.getElementById("root")!));
root.render(
  <StrictMode>
    <SessionProvider>
      <RealtimeProvider>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </RealtimeProvider>
    </SessionProvider>
  </StrictMode>,
);
