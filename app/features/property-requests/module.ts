/**
 * Registry entry of property requests (docs/modules/inboxes.md): the request form's inbox with each request's
 * best matching listings (score and reasons, one-click e-mail to the visitor), and — on a
 * listing's page in properties admin, through the record-panel slot — the requests it matches.
 */
import { SearchCheckIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "property-requests",
  path: "/property-requests",
  icon: SearchCheckIcon,
  group: "inbox",
  panels: [
    {
      slot: "property",
      title: "Matching property requests",
      component: lazy(() => import("./panels/listing-requests-panel.tsx")),
    },
  ],
});
