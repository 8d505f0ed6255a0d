/** The dashboard widgets of booking-management (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "schedule-today",
    title: "Today's viewings and consultations",
    roles: ["admin"],
    load: () => import("./widgets/schedule-today-widget.tsx"),
  },
  {
    id: "my-viewings",
    title: "My viewings",
    roles: ["staff"],
    load: () => import("./widgets/my-viewings-widget.tsx"),
  },
]);
