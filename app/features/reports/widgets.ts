/** The dashboard widgets of reports (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "trends",
    title: "Trends: leads, revenue, pipeline",
    roles: ["admin"],
    load: () => import("./widgets/trends-widget.tsx"),
  },
]);
