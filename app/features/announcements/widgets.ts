/** The dashboard widgets of announcements (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "announcements",
    title: "Unread announcements",
    roles: ["admin", "staff"],
    load: () => import("./widgets/unread-announcements-widget.tsx"),
  },
]);
