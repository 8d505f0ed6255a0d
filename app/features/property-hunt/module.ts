/**
 * Registry entry of the property hunt (docs/modules/property-hunt.md, admins only): the pipeline as a board, a
 * table or a map; a hunt's page (details, inspections with photos, title due diligence, history,
 * acquisition into a draft listing); the board live for every
 * admin (hub property_hunt_update).
 */
import { BinocularsIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "property-hunt",
  path: "/property-hunt",
  icon: BinocularsIcon,
  group: "sales",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.HuntsRealtime }))),
});
