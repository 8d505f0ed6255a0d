/**
 * /booking-management: viewings on the shared inbox list, the staff calendar (`?view=calendar`)
 * and availability settings (`?view=availability`) as the list's other views.
 */
import { CalendarDaysIcon, InboxIcon, SlidersHorizontalIcon } from "lucide-react";
import { lazy } from "react";
import { InboxPage } from "#app/domains/inbox/components/inbox-page.tsx";
import { BOOKINGS } from "./bookings-screen.tsx";

const StaffCalendar = lazy(() => import("./components/staff-calendar.tsx"));
const AvailabilitySettings = lazy(() => import("./components/availability-settings.tsx"));

const VIEWS = [
  { id: "table", label: "Viewings", icon: InboxIcon },
  { id: "calendar", label: "Calendar", icon: CalendarDaysIcon },
  { id: "availability", label: "Availability", icon: SlidersHorizontalIcon },
] as const;

// Neither view waits for the list's query nor uses its search and filters.
const BODIES = {
  calendar: { body: <StaffCalendar />, toolbar: false, status: null },
  availability: { body: <AvailabilitySettings />, toolbar: false, status: null },
} as const;

export default function BookingManagementPage() {
  return <InboxPage screen={BOOKINGS} views={VIEWS} viewBodies={BODIES} />;
}
