/**
 * What wraps the router on every page: session, realtime and the (lazy) toaster. Shared by the
 * browser entry (main.tsx) and the build's prerender (prerender.tsx), so the HTML the edge serves
 * and the tree the browser hydrates are the same.
 */
import { lazy, StrictMode, Suspense, type ReactNode } from "react";
import { RealtimeProvider } from "./lib/realtime/realtime-provider.tsx";
import { SessionProvider } from "./lib/session.tsx";

// Loaded after the first render: kept out of the entry chunk.
const Toaster = lazy(() => import("./components/ui/sonner.tsx"));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider>
        <RealtimeProvider>
          {children}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </RealtimeProvider>
      </SessionProvider>
    </StrictMode>
  );
}
