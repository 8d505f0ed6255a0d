/** Registry entry of todos (issue 12 item 4): the signed-in user's own quick checklist. */
import { ListChecksIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "todos",
  path: "/todos",
  icon: ListChecksIcon,
  group: "work",
  page: lazy(() => import("./todos-page.tsx")),
});
