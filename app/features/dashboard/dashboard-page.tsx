/**
 * The back-office home, per role: admins see the agency's figures (listings,
 * leads, today's schedule, pipeline, money, overdue invoices, who is online), staff their own
 * work (tasks, leads, viewings). Each widget comes from the module that owns the data (its
 * widgets.ts) and loads on its own, so the page loads only the widgets the role sees.
 * Widgets keep themselves live (their module's realtime wiring invalidates their queries).
 */
import { Suspense } from "react";
import { Link } from "react-router";
import { displayName } from "#core/schemas/profile.ts";
import { DEFAULT_TIMEZONE } from "#core/constants.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useSession } from "#app/lib/session.tsx";
import { widgetsFor, type ModuleWidget } from "#app/dashboard-widgets.ts";
import { modulesFor } from "#app/modules.ts";

/**
 * "Saturday 28 November 2026" in the agency's time zone: the browser's Intl rather than a date
 * library, which would be most of this page's own code.
 */
const todayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: DEFAULT_TIMEZONE,
});

const widgetLoading = (
  <div className="h-16 animate-pulse rounded-md bg-muted" role="status" aria-label="Loading" />
);

function Slot({ widget: { id, title, component: Widget } }: { widget: ModuleWidget }) {
  return (
    <Card data-slot-id={id} className="flex min-w-0 flex-col">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <Suspense fallback={widgetLoading}>
          <Widget />
        </Suspense>
      </CardContent>
    </Card>
  );
}

export default function DashboardPage() {
  const { user, profile, role } = useSession();
  const today = todayFormat.format(Date.now()).replace(",", "");
  const widgets = widgetsFor(role);
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
      {widgets.length > 0 && (
        <section aria-label="Figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {widgets.map((w) => (
            <Slot key={w.id} widget={w} />
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
