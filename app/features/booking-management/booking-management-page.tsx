/**
 * /booking-management: viewings on the shared inbox screen, the staff calendar
 * (`?view=calendar`) and availability settings (`?view=availability`).
 */
import { CalendarDaysIcon, InboxIcon, SlidersHorizontalIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { InboxPage } from "#app/domains/inbox/components/inbox-page.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { cn } from "#app/lib/utils.ts";
import { BOOKINGS } from "./bookings-screen.tsx";

const StaffCalendar = lazy(() => import("./components/staff-calendar.tsx"));
const AvailabilitySettings = lazy(() => import("./components/availability-settings.tsx"));

const VIEWS = [
  { id: "inbox", label: "Viewings", icon: InboxIcon },
  { id: "calendar", label: "Calendar", icon: CalendarDaysIcon },
  { id: "availability", label: "Availability", icon: SlidersHorizontalIcon },
] as const;
type View = (typeof VIEWS)[number]["id"];

export default function BookingManagementPage() {
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v.id === params.get("view"))?.id ?? "inbox";
  const switcher = (
    <div role="group" aria-label="View" className="inline-flex rounded-md border bg-background p-0.5">
      {VIEWS.map(({ id, label, icon: Icon }) => (
        <Button
          key={id}
          variant="ghost"
          size="sm"
          aria-pressed={view === id}
          className={cn("h-8", view === id && "bg-accent font-semibold")}
          onClick={() => setParams(id === "inbox" ? {} : { view: id })}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );
  if (view !== "inbox") {
    return (
      <div className="flex flex-col gap-4">
        <header className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">Booking Management</h1>
          <div className="ml-auto">{switcher}</div>
        </header>
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          {view === "calendar" ? <StaffCalendar /> : <AvailabilitySettings />}
        </Suspense>
      </div>
    );
  }
  return <InboxPage {...BOOKINGS} headerEnd={switcher} />;
}
