/**
 * Registry entry of deals (docs/modules/deals.md): the pipelines as a board, a table and a weighted
 * forecast; a deal's page (stage, details, people, commission splits, history); colleagues'
 * moves live through the hub (`deal_update`).
 */
import { HandshakeIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "deals",
  path: "/deals",
  icon: HandshakeIcon,
  group: "sales",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.DealsRealtime }))),
});
