/** /booking-management/:id: one viewing booking on its own record page. */
import { InboxRecordPage } from "#app/domains/inbox/components/inbox-record-page.tsx";
import { BOOKINGS } from "./bookings-screen.tsx";

export default function BookingPage() {
  return <InboxRecordPage screen={BOOKINGS} />;
}
