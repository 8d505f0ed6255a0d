/**
 * Registry entry of events (docs/modules/events.md): the company calendar (month, week, agenda), event
 * details with attendees' answers and an .ics download, the private calendar feed; colleagues'
 * changes live.
 */
import { CalendarDaysIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "events",
  path: "/events",
  icon: CalendarDaysIcon,
  group: "inbox",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.EventsRealtime }))),
});
