/**
 * Registry entry of properties admin (docs/modules/properties-admin.md): the listings as a table, cards or a board;
 * a listing's page (details, photos, documents, owner, publishing, activity, history); the
 * dashboard's "Listings by status"; colleagues' changes live.
 */
import { Building2Icon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "properties-admin",
  path: "/properties-admin",
  icon: Building2Icon,
  group: "sales",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.ListingsRealtime }))),
});
