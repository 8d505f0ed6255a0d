/**
 * Registry entry of business contacts (docs/modules/business-contacts.md): the contacts table, a contact's page
 * (timeline, details, privacy, history), the CSV import; the command palette's contact search
 * (name, phone, e-mail); the staff dashboard's "My leads"; contacts' pages refreshed live when a
 * WhatsApp reply arrives.
 */
import { ContactRoundIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

const contactPage = lazy(() => import("./contact-page.tsx"));

export default defineModule({
  id: "business-contacts",
  path: "/business-contacts",
  icon: ContactRoundIcon,
  group: "sales",
  page: lazy(() => import("./contacts-page.tsx")),
  routes: {
    "/business-contacts/new": contactPage,
    "/business-contacts/import": lazy(() => import("./import-page.tsx")),
    "/business-contacts/:id": contactPage,
  },
  widgets: [{ slot: "my-leads", component: lazy(() => import("./widgets/my-leads-widget.tsx")) }],
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.ContactsRealtime }))),
});
