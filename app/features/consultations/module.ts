/**
 * Registry entry of consultations (docs/modules/inboxes.md): the consultation inbox on the shared inbox screen
 * (confirm, decline, reschedule, reply, notes, history). Its chrome keeps all four inboxes live.
 */
import { MessagesSquareIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "consultations",
  path: "/consultations",
  icon: MessagesSquareIcon,
  group: "inbox",
  chrome: lazy(() => import("#app/domains/inbox/realtime.ts").then((m) => ({ default: m.InboxRealtime }))),
});
