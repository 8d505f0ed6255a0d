/** Registry entry of todos (docs/modules/todos.md): the signed-in user's own quick checklist. */
import { ListChecksIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "todos",
  path: "/todos",
  icon: ListChecksIcon,
  group: "work",
});
