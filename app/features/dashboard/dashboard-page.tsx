/**
 * The back-office home, per role: admins see the agency's figures (listings,
 * leads, today's schedule, pipeline, money, overdue invoices, who is online), staff their own
 * work (tasks, leads, viewings). Each slot is filled by the module that owns the data (pages.ts
 * `widgets`); a slot whose module is not built yet says so instead of showing made-up numbers.
 * Widgets keep themselves live (their module's realtime wiring invalidates their queries).
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { Suspense, use } from "react";
import { Link } from "react-router";
import { displayName } from "#core/schemas/profile.ts";
import { DEFAULT_TIMEZONE } from "#core/constants.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { DASHBOARD_SLOTS, type DashboardSlot } from "#app/lib/modules/define-module.ts";
import { useSession } from "#app/lib/session.tsx";
import { loadPagesFor, widgetIn } from "#app/module-pages.ts";
import { modulesFor } from "#app/modules.ts";

const widgetLoading = (
  <div className="h-16 animate-pulse rounded-md bg-muted" role="status" aria-label="Loading" />
);

/** The slot's widget, once the pages of the role's modules have loaded; or why there is none. */
function SlotWidget({ slot, role }: { slot: DashboardSlot; role: string }) {
  const Widget = widgetIn(use(loadPagesFor(role)), slot, role)?.component;
  return Widget ? (
    <Suspense fallback={widgetLoading}>
      <Widget />
    </Suspense>
  ) : (
    <p className="text-sm text-muted-foreground" data-empty-slot>
      Arrives with {DASHBOARD_SLOTS[slot].waitsFor}: this module is not built yet, so there is nothing to
      count here.
    </p>
  );
}

function Slot({ slot, role }: { slot: DashboardSlot; role: string }) {
  return (
    <Card data-slot-id={slot} className="flex min-w-0 flex-col">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{DASHBOARD_SLOTS[slot].title}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <Suspense fallback={widgetLoading}>
          <SlotWidget slot={slot} role={role} />
        </Suspense>
      </CardContent>
    </Card>
  );
}

export default function DashboardPage() {
  const { user, profile, role } = useSession();
  const today = format(new TZDate(Date.now(), DEFAULT_TIMEZONE), "EEEE d MMMM yyyy");
  const slots = (Object.keys(DASHBOARD_SLOTS) as DashboardSlot[]).filter(
    (s) => role && (DASHBOARD_SLOTS[s].roles as readonly string[]).includes(role),
  );
  const modules = modulesFor(role).filter((m) => m.nav && m.id !== "dashboard");
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Welcome, {displayName(profile, user?.email)}</h1>
        <p className="mt-1 text-muted-foreground">
          {role ? (
            <>
              {today} · signed in as <strong>{role}</strong>
            </>
          ) : (
            <>Your account has no back-office role yet: ask an administrator for access.</>
          )}
        </p>
      </div>
      {role && (
        <section aria-label="Figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {slots.map((s) => (
            <Slot key={s} slot={s} role={role} />
          ))}
        </section>
      )}
      {modules.length > 0 && (
        <nav aria-label="Modules">
          <h2 className="mb-2 text-sm font-semibold text-muted-foreground">Your modules</h2>
          <ul className="flex flex-wrap gap-2">
            {modules.map(({ route, title, icon: Icon }) => (
              <li key={route.path}>
                <Link
                  to={route.path}
                  className="inline-flex items-center gap-2 rounded-md border bg-background px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <Icon className="size-4 text-primary" aria-hidden="true" />
                  {title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
