/** Registry entry of team chat (/admin/team, admin-only): the page, and the chat toasts mounted in the frame. */
import { MessagesSquareIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "team-chat",
  path: "/admin/team",
  icon: MessagesSquareIcon,
  group: "work",
  chrome: lazy(() => import("./chat-notifications.tsx")),
});
