/** The dashboard widgets of invoices-receipts (app/dashboard-widgets.ts): each loads only where it shows. */
import { defineWidgets } from "#app/lib/modules/define-widgets.ts";

export default defineWidgets([
  {
    id: "overdue-invoices",
    title: "Overdue invoices",
    roles: ["admin"],
    load: () => import("./widgets/overdue-invoices-widget.tsx"),
  },
]);
