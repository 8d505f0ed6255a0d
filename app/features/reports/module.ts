/**
 * Registry entry of reports: money, sales and agents, leads, stock and the Act 1047 / Act 843
 * compliance pack, every figure computed by the database under the caller's access; the
 * dashboard's trend charts.
 */
import { ChartColumnIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "reports",
  path: "/reports",
  icon: ChartColumnIcon,
  group: "home",
});
