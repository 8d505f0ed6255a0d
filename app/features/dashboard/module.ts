/** Registry entry of the dashboard (docs/modules/dashboard.md): the back-office home, per role. */
import { LayoutDashboardIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "dashboard",
  path: "/dashboard",
  icon: LayoutDashboardIcon,
  group: "home",
});
