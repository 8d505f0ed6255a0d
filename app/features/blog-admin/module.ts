/**
 * Registry entry of the blog admin (docs/modules/blog.md): the posts table and the editor (markdown
 * with the public page's renderer as live preview, cover and share card, SEO fields, schedule and
 * publish, autosave of drafts, a warning when a colleague has the post open); colleagues'
 * changes live.
 */
import { NewspaperIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "blog-admin",
  path: "/admin/blog",
  icon: NewspaperIcon,
  group: "content",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.BlogRealtime }))),
});
