/**
 * The public site's frame: skip link, header with navigation, main content, footer with the
 * company's contact details and REAC licence, WhatsApp click-to-chat.
 */
import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { PageLoading } from "./components/states.tsx";
import { WhatsAppButton } from "./components/whatsapp-button.tsx";

export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-emerald-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-[100svh] flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
      <SiteFooter />
      <WhatsAppButton />
    </div>
  );
}
