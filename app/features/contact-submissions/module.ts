/** Registry entry of contact submissions (docs/modules/inboxes.md): the contact form's inbox; the dashboard's "new leads". */
import { InboxIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "contact-submissions",
  path: "/contact-submissions",
  icon: InboxIcon,
  group: "inbox",
  page: lazy(() => import("./contact-submissions-page.tsx")),
  routes: { "/contact-submissions/:id": lazy(() => import("./contact-submission-page.tsx")) },
  widgets: [{ slot: "new-leads", component: lazy(() => import("./widgets/new-leads-widget.tsx")) }],
});
