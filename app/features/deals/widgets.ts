/** The dashboard widgets of deals (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "pipeline",
    title: "Pipeline value by stage",
    roles: ["admin"],
    load: () => import("./widgets/pipeline-widget.tsx"),
  },
]);
