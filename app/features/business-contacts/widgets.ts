/** The dashboard widgets of business-contacts (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "my-leads",
    title: "My leads",
    roles: ["staff"],
    load: () => import("./widgets/my-leads-widget.tsx"),
  },
]);
