/**
 * Registry entry of action plans (follow-up automation): the plans (admins' shared ones and each
 * member's own) with their triggers and steps, each plan's page with its runs, counts and reply
 * rate. The runs on one contact or deal show on those pages (app/components/action-plans/).
 */
import { WorkflowIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "action-plans",
  path: "/action-plans",
  icon: WorkflowIcon,
  group: "sales",
});
