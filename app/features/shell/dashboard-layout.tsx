/**
 * The back-office frame: a sidebar of the modules the role may open (grouped,
 * collapsible), a top bar with the command palette (Ctrl/⌘-K), the notification bell, the
 * realtime status, the user and sign-out, and each module's chrome (toasts, live wiring) from
 * the registry. Lazy: never part of the public bundle.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { LogOutIcon, MenuIcon, SearchIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { displayName } from "#core/profile-names.ts";
import { Button } from "#app/components/ui/button.tsx";
import { PageSpinner } from "#app/components/ui/spinner.tsx";
import { UserAvatar } from "#app/components/user-avatar.tsx";
import { queryClient } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { modulesFor } from "#app/modules.ts";
import { RealtimeStatusBadge } from "./realtime-status.tsx";
import { SidebarNav } from "./sidebar-nav.tsx";

// What the frame shows only on demand, or after its first paint, loads then: the palette (cmdk)
// on Ctrl-K, the phone menu (a dialog) on its button, the bell (a popover, dates) after the bar.
const CommandPalette = lazy(() =>
  import("./command-palette.tsx").then((m) => ({ default: m.CommandPalette })),
);
const NotificationBell = lazy(() =>
  import("./notification-bell.tsx").then((m) => ({ default: m.NotificationBell })),
);
const MobileMenu = lazy(() => import("./mobile-menu.tsx"));
// After the frame's first paint (and precached by the service worker, so it loads offline too).
const OfflineNotice = lazy(() => import("./offline-notice.tsx").then((m) => ({ default: m.OfflineNotice })));

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** Each module's always-mounted piece, for the modules this role may open. */
function ModuleChrome() {
  const { role } = useSession();
  // One boundary each: a module's wiring starts as soon as its own code has loaded.
  return modulesFor(role).map((m) => {
    const Chrome = m.chrome;
    return Chrome ? (
      <Suspense key={m.id} fallback={null}>
        <Chrome />
      </Suspense>
    ) : null;
  });
}

export default function DashboardLayout() {
  const { user, profile, role, signOut } = useSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Mounted from the first open on, so closing animates and reopening is instant.
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const name = displayName(profile, user?.email);
  const backOffice = role === "admin" || role === "staff";

  // Registered before the first paint, so a Ctrl-K pressed as soon as the page shows is heard;
  // it opens (never closes) the palette, so pressing it again cannot undo an open the user did
  // not see yet. Escape closes it.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setPaletteUsed(true);
        setPaletteOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // The service worker (offline mode, updates): loaded after the frame, never on the public site.
  useEffect(() => {
    void import("#app/lib/offline/pwa.ts").then((m) => m.startOfflineSupport());
  }, []);
  // The data of the screens that open offline is kept on the device for this user.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("#app/lib/offline/query-persist.ts").then((m) => {
      if (!cancelled) stop = m.persistQueries(queryClient, userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);

  const onSignOut = async () => {
    const { confirmSignOut } = await import("#app/lib/offline/sign-out.ts");
    if (!(await confirmSignOut(user?.id))) return;
    await signOut();
    navigate("/auth", { replace: true });
  };

  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-dvh bg-muted/30">
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <aside className="hidden w-64 shrink-0 border-r bg-sidebar lg:block">
          {/* The brand stays put; only the module list scrolls (it used to clip the header). */}
          <div className="sticky top-0 flex h-dvh flex-col">
            <NavLink
              to="/dashboard"
              className="flex h-16 shrink-0 items-center border-b px-6 font-bold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {COMPANY.name} <span className="ml-1 font-normal text-muted-foreground">Back Office</span>
            </NavLink>
            <div className="min-h-0 flex-1 overflow-y-auto">
              <SidebarNav />
            </div>
          </div>
        </aside>

        {menuUsed && (
          <Suspense fallback={null}>
            <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
          </Suspense>
        )}

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-background px-4 sm:gap-3 sm:px-6">
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label="Open the module menu"
              onClick={() => {
                setMenuUsed(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </Button>
            {backOffice && (
              // On a phone the search is an icon: with its label the bar pushed Sign out off screen.
              <Button
                variant="outline"
                className="justify-start text-muted-foreground sm:w-full sm:max-w-xs"
                onClick={() => {
                  setPaletteUsed(true);
                  setPaletteOpen(true);
                }}
                aria-keyshortcuts={isMac ? "Meta+K" : "Control+K"}
              >
                <SearchIcon aria-hidden="true" />
                <span className="hidden flex-1 truncate text-left sm:inline">Search or jump to…</span>
                <span className="sr-only sm:hidden">Search or jump to…</span>
                <kbd className="hidden rounded border bg-muted px-1.5 text-[10px] font-medium sm:inline">
                  {isMac ? "⌘K" : "Ctrl K"}
                </kbd>
              </Button>
            )}
            <div className="flex-1" />
            <RealtimeStatusBadge />
            {backOffice && (
              <Suspense fallback={<span className="size-9" aria-hidden="true" />}>
                <NotificationBell />
              </Suspense>
            )}
            <div className="flex items-center gap-2">
              <UserAvatar profile={profile} email={user?.email} />
              <span
                className="hidden max-w-48 truncate text-sm font-medium sm:inline"
                data-testid="user-name"
              >
                {name}
              </span>
            </div>
            <Button variant="outline" size="sm" onClick={() => void onSignOut()}>
              <LogOutIcon aria-hidden="true" />
              <span className="hidden sm:inline">Sign out</span>
              <span className="sr-only sm:hidden">Sign out</span>
            </Button>
          </header>
          <Suspense fallback={null}>
            <OfflineNotice />
          </Suspense>
          <main id="content" className="min-w-0 flex-1 p-4 sm:p-6">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        {backOffice && paletteUsed && (
          <Suspense fallback={null}>
            <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
          </Suspense>
        )}
        <ModuleChrome />
      </div>
    </QueryClientProvider>
  );
}
