/** The dashboard widgets of contact-submissions (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "new-leads",
    title: "New leads and requests this week",
    roles: ["admin"],
    load: () => import("./widgets/new-leads-widget.tsx"),
  },
]);
