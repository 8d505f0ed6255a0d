/**
 * /admin/blog: the posts — status, author, tags, published or scheduled time — filtered, sorted
 * and paged by the server under the user's record-level access, with the list state in the URL,
 * CSV export of every matching post, and the ways to a new post and to the content calendar.
 */
import { CalendarDaysIcon, PlusIcon } from "lucide-react";
import { useCallback, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { BLOG_STATUSES } from "#core/content-model.ts";
import { postListQuery } from "#core/blog/post-list.ts";
import type { PostListRow } from "#core/blog/post-schema.ts";
import { POST_STATUS_LABELS } from "#core/blog/post-workflow.ts";
import { displayName } from "#core/schemas/profile.ts";
import { DataTable } from "#app/components/records/data-table.tsx";
import { FilterMultiSelect, FilterSelect, ListIssues } from "#app/components/records/list-filters.tsx";
import { useListQuery } from "#app/components/records/use-list-query.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { listPosts } from "./api/posts-api.ts";
import {
  DEFAULT_HIDDEN_POST_COLUMNS,
  editorPath,
  postColumns,
  postCsvColumns,
} from "./components/post-columns.tsx";
import { usePosts, useTags } from "./hooks/post-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

const FILTER_LABELS = {
  status: "Status",
  tag: "Tag",
  author: "Author",
  q: "Search",
  page: "Page",
  size: "Rows per page",
  sort: "Sort",
};

export default function BlogPostsPage() {
  const list = useListQuery(postListQuery);
  const result = usePosts(list.query);
  const team = useTeamMembers();
  const tags = useTags();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const authorName = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const columns = useMemo(() => postColumns(authorName, fmt), [authorName, fmt]);
  const f = list.query.filters;
  const filters = (
    <>
      <FilterMultiSelect
        label="Status"
        options={BLOG_STATUSES.map((s) => ({ value: s, label: POST_STATUS_LABELS[s] }))}
        value={f.status}
        onChange={(v) => list.setFilter("status", v)}
      />
      <FilterSelect
        label="Tag"
        options={(tags.data ?? []).map((t) => ({ value: t, label: t }))}
        value={f.tag}
        onChange={(v) => list.setFilter("tag", v)}
      />
      <FilterSelect
        label="Author"
        options={(team.data ?? []).map((m) => ({ value: m.user_id, label: displayName(m, m.email) }))}
        value={f.author}
        onChange={(v) => list.setFilter("author", v)}
      />
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Blog</h1>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/blog/strategy">
              <CalendarDaysIcon aria-hidden="true" />
              Content calendar
            </Link>
          </Button>
          <PrimaryAction to="/admin/blog/new" icon={<PlusIcon aria-hidden="true" />}>
            New post
          </PrimaryAction>
        </div>
      </header>
      <ListIssues issues={list.issues} labels={FILTER_LABELS} />
      <DataTable<PostListRow, (typeof postListQuery.sortable)[number], typeof postListQuery.filters>
        label="Posts"
        tableId="blog-posts"
        columns={columns}
        defaultHidden={DEFAULT_HIDDEN_POST_COLUMNS}
        list={list}
        result={result}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.title}
        onOpenRow={(r) => navigate(editorPath(r.id))}
        exportCsv={{
          fileName: "blog-posts",
          columns: postCsvColumns(authorName),
          fetchPage: (range) => listPosts(list.query, range),
        }}
        searchLabel="Search posts"
        filters={filters}
        empty={{
          title: "No posts yet",
          description: "Write the first post to see it here.",
          action: (
            <Link to="/admin/blog/new" className="text-sm font-medium underline">
              New post
            </Link>
          ),
        }}
      />
    </div>
  );
}
