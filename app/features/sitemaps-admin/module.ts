/**
 * Registry entry of the sitemaps admin (docs/modules/seo-admin.md): each sitemap with its URL count, last
 * generation, validation against the sitemaps.org rules, its URLs with lastmod; regenerate.
 */
import { MapIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "sitemaps-admin",
  path: "/admin/sitemaps",
  icon: MapIcon,
  group: "admin",
});
