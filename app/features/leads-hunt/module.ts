/**
 * Registry entry of the leads hunt (docs/modules/leads-hunt.md): a full-screen prospecting workspace (no
 * dashboard layout, a clear way back): a prioritised call list, one lead at a time, one-key
 * outcomes into the contact's timeline through an outbox that survives a dropped network.
 */
import { PhoneCallIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "leads-hunt",
  path: "/leads-hunt",
  icon: PhoneCallIcon,
  group: "sales",
});
