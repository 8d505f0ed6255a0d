/** Registry entry of contact submissions (docs/modules/inboxes.md): the contact form's inbox; the dashboard's "new leads". */
import { InboxIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "contact-submissions",
  path: "/contact-submissions",
  icon: InboxIcon,
  group: "inbox",
});
