/** The dashboard widgets of finances (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "income-expenses",
    title: "Income vs expenses this month",
    roles: ["admin"],
    load: () => import("./widgets/income-expenses-widget.tsx"),
  },
]);
