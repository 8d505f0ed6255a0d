/**
 * Registry entry of booking management (docs/modules/inboxes.md): viewings on the shared inbox screen, the
 * staff calendar of consultations and viewings (the events module's calendar is not built yet),
 * and availability — working hours, time off, event types, public holidays. Dashboard: today's
 * schedule (admins) and my viewings (staff).
 */
import { CalendarCheckIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "booking-management",
  path: "/booking-management",
  icon: CalendarCheckIcon,
  group: "inbox",
});
