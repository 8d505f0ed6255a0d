/**
 * Registry entry of email marketing (docs/modules/email-marketing.md): lists and segments of consenting
 * contacts, templates with merge fields, campaigns sent in the background with one-click
 * unsubscribe, the suppression list, and each campaign's figures.
 */
import { MailIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "email-marketing",
  path: "/email-marketing",
  icon: MailIcon,
  group: "content",
});
