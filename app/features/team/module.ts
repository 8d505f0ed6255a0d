/**
 * Registry entry of the team screen (admins): members with role, branch, status, two-factor and
 * open records; invitations; role and branch changes, deactivation with hand-over, forced
 * sign-out; the branches. Every change goes through the edge (`/api/team/...`).
 */
import { UsersIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "team",
  path: "/settings/team",
  icon: UsersIcon,
  group: "admin",
});
