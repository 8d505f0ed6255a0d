/** The dashboard widgets of properties-admin (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "listings-by-status",
    title: "Listings by status",
    roles: ["admin"],
    load: () => import("./widgets/listings-by-status-widget.tsx"),
  },
]);
