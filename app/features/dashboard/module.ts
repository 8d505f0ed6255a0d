/** Registry entry of the dashboard (docs/modules/dashboard.md): the back-office home, per role. */
import { LayoutDashboardIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "dashboard",
  path: "/dashboard",
  icon: LayoutDashboardIcon,
  group: "home",
  page: lazy(() => import("./dashboard-page.tsx")),
  widgets: [{ slot: "team-online", component: lazy(() => import("./widgets/team-online-widget.tsx")) }],
});
