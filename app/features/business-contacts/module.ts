/**
 * Registry entry of business contacts (docs/modules/business-contacts.md): the contacts table, a contact's page
 * (timeline, details, privacy, history), the CSV import; the command palette's contact search
 * (name, phone, e-mail); the staff dashboard's "My leads"; contacts' pages refreshed live when a
 * WhatsApp reply arrives.
 */
import { ContactRoundIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "business-contacts",
  path: "/business-contacts",
  icon: ContactRoundIcon,
  group: "sales",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.ContactsRealtime }))),
});
