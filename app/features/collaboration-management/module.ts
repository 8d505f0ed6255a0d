/**
 * Registry entry of collaboration management (docs/modules/collaboration.md, admins only): partner agencies and
 * independent agents, their people (invited to the portal by e-mail), the listings shared with
 * each and on what split, and what partners submitted — buyers and co-broke deals.
 */
import { HandshakeIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "collaboration-management",
  path: "/collaboration-management",
  icon: HandshakeIcon,
  group: "sales",
});
