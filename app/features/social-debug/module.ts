/**
 * Registry entry of social debug (docs/modules/seo-admin.md): enter an address of the site and see the
 * card Facebook, X, LinkedIn and WhatsApp build from what the edge serves their crawlers, with
 * warnings for missing or oversized tags and images; purge the edge cache for that page.
 */
import { Share2Icon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "social-debug",
  path: "/social-debug",
  icon: Share2Icon,
  group: "admin",
});
