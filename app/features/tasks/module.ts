/**
 * Registry entry of tasks (docs/modules/tasks.md): the list, board and calendar of tasks; the overdue
 * count beside "Tasks" in the navigation; the dashboard's "My tasks due"; colleagues' changes live.
 */
import { ClipboardCheckIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "tasks",
  path: "/tasks",
  icon: ClipboardCheckIcon,
  group: "work",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.TasksRealtime }))),
  badge: lazy(() => import("./overdue-badge.tsx")),
});
