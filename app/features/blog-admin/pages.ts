/** The pages of blog-admin (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const editor = lazy(() => import("./post-editor-page.tsx"));

export default defineModulePages(module, {
  page: lazy(() => import("./blog-posts-page.tsx")),
  routes: { "/admin/blog/new": editor, "/admin/blog/edit/:postId": editor },
});
