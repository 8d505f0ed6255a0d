/**
 * Registry entry of announcements (docs/modules/announcements.md): internal notices (admins write, audiences
 * read), the dashboard's unread notices, and new notices reaching open tabs live.
 */
import { MegaphoneIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "announcements",
  path: "/announcements",
  icon: MegaphoneIcon,
  group: "work",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.AnnouncementsRealtime }))),
});
