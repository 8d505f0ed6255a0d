/**
 * The posts table of the blog admin (/admin/blog): what can be sorted and filtered, as the URL
 * carries it (core/records/list-query.ts). The module's API turns the parsed query into
 * PostgREST filters; the same definition drives the filter controls.
 */
import { z } from "zod";
import { BLOG_STATUSES } from "../content-model.ts";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";

export const postListQuery = defineListQuery({
  sortable: ["updated_at", "created_at", "title", "status", "published_at"],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    status: filter.many(z.enum(BLOG_STATUSES, { error: "Use draft, scheduled or published" })),
    tag: filter.one(
      z.string().trim().toLowerCase().min(1, "Enter a tag").max(40, "A tag has at most 40 characters"),
    ),
    author: filter.one(z.uuid("Not an author")),
  },
});
export type PostListQuery = ListQueryOf<typeof postListQuery>;
