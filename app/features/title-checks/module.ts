/**
 * Registry entry of title due diligence (docs/modules/title-checks.md): every title file the user may see (admins:
 * hunts' and listings'; staff: the listings they may work on) with its progress, and a listing's
 * checklist (/title-checks/listing/:propertyId, opened from the listing's page in properties admin).
 */
import { ShieldCheckIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "title-checks",
  path: "/title-checks",
  icon: ShieldCheckIcon,
  group: "sales",
});
