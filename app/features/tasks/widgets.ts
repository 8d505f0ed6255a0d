/** The dashboard widgets of tasks (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "my-tasks",
    title: "My tasks due",
    roles: ["staff"],
    load: () => import("./widgets/my-tasks-widget.tsx"),
  },
]);
