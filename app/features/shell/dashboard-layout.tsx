/**
 * The back-office frame (spec §2): a sidebar with every module the role may open, a top bar with
 * the user's name and avatar, the realtime status and sign-out. Lazy: never part of the public
 * bundle.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { LogOutIcon, MenuIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { displayName } from "#core/schemas/profile.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { PageSpinner } from "#app/components/ui/spinner.tsx";
import { queryClient } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { cn } from "#app/lib/utils.ts";
import { navItemsFor } from "./nav-items.ts";
import { ChatNotifications } from "../team-chat/chat-notifications.tsx";
import { RealtimeStatusBadge } from "./realtime-status.tsx";
import { UserAvatar } from "./user-avatar.tsx";

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { role } = useSession();
  return (
    <nav aria-label="Back-office modules" className="flex flex-col gap-0.5 p-3">
      {navItemsFor(role).map(({ path, title, icon: Icon }) => (
        <NavLink
          key={path}
          to={path}
          end={path === "/admin/blog"}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60",
              isActive ? "bg-accent font-semibold text-accent-foreground" : "text-sidebar-foreground",
            )
          }
        >
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {title}
        </NavLink>
      ))}
    </nav>
  );
}

export default function DashboardLayout() {
  const { user, profile, signOut } = useSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const name = displayName(profile, user?.email);

  const onSignOut = async () => {
    await signOut();
    navigate("/auth", { replace: true });
  };

  return (
    <QueryClientProvider client={queryClient}>
    <div className="flex min-h-dvh bg-muted/30">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 border-r bg-sidebar lg:block">
        <div className="sticky top-0 flex max-h-dvh flex-col overflow-y-auto">
          <NavLink to="/dashboard" className="flex h-16 items-center border-b px-6 font-bold">
            {COMPANY.name} <span className="ml-1 font-normal text-muted-foreground">Back Office</span>
          </NavLink>
          <SidebarNav />
        </div>
      </aside>

      <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
        <DialogContent className="left-0 top-0 h-dvh max-w-72 translate-x-0 translate-y-0 overflow-y-auto rounded-none p-0">
          <div className="border-b px-6 py-4">
            <DialogTitle>{COMPANY.name}</DialogTitle>
            <DialogDescription>Back-office modules</DialogDescription>
          </div>
          <SidebarNav onNavigate={() => setMenuOpen(false)} />
        </DialogContent>
      </Dialog>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-3 border-b bg-background px-4 sm:px-6">
          <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open the module menu" onClick={() => setMenuOpen(true)}>
            <MenuIcon />
          </Button>
          <div className="flex-1" />
          <RealtimeStatusBadge />
          <div className="flex items-center gap-2">
            <UserAvatar profile={profile} email={user?.email} />
            <span className="hidden max-w-48 truncate text-sm font-medium sm:inline" data-testid="user-name">
              {name}
            </span>
          </div>
          <Button variant="outline" size="sm" onClick={() => void onSignOut()}>
            <LogOutIcon aria-hidden="true" />
            <span className="hidden sm:inline">Sign out</span>
            <span className="sr-only sm:hidden">Sign out</span>
          </Button>
        </header>
        <main id="content" className="min-w-0 flex-1 p-4 sm:p-6">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
          <ChatNotifications />
        </main>
      </div>
    </div>
    </QueryClientProvider>
  );
}
