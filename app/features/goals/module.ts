/**
 * Registry entry of goals (docs/modules/goals.md): targets per person or for the team for a month,
 * quarter or year, with progress computed by the database from deals, listings, viewings and the
 * contacts' timeline, and a chart of it over the period.
 */
import { TargetIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "goals",
  path: "/goals",
  icon: TargetIcon,
  group: "work",
});
