/**
 * Registry entry of the blog strategy (docs/modules/blog.md): the content calendar — a month of
 * planned topics with target keywords, audiences, status (linked to the post) and owner.
 */
import { CalendarRangeIcon } from "lucide-react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "blog-strategy",
  path: "/admin/blog/strategy",
  icon: CalendarRangeIcon,
  group: "content",
});
