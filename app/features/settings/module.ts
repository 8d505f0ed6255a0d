/** Registry entry of /settings: profile, preferences, password, two-factor; the organisation's access modes for admins. */
import { SettingsIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "settings",
  path: "/settings",
  icon: SettingsIcon,
  group: "admin",
});
