/** The dashboard widgets of dashboard (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "team-online",
    title: "Who is online",
    roles: ["admin"],
    load: () => import("./widgets/team-online-widget.tsx"),
  },
]);
