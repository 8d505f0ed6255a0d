/**
 * /admin/blog: the posts — status, author, tags, published or scheduled time — filtered, sorted
 * and paged by the server under the user's record-level access, with the list state in the URL,
 * saved views, CSV export of every matching post, and the ways to a new post and to the content
 * calendar. The frame is the record kit's list screen.
 */
import { CalendarDaysIcon } from "lucide-react";
import { useCallback, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { BLOG_STATUSES } from "#core/content-model.ts";
import { postListQuery } from "#core/blog/post-list.ts";
import type { PostListRow } from "#core/blog/post-schema.ts";
import { POST_STATUS_LABELS } from "#core/blog/post-workflow.ts";
import { displayName } from "#core/schemas/profile.ts";
import { useListSavedViews } from "#app/components/records/hooks/use-list-saved-views.ts";
import { FilterMultiSelect, FilterSelect } from "#app/components/records/list-filters.tsx";
import {
  defineListScreen,
  EmptyAction,
  ListScreen,
  useListScreen,
} from "#app/components/records/list-screen.tsx";
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

const POSTS = defineListScreen({
  title: "Blog",
  query: postListQuery,
  noun: "posts",
  filterLabels: { status: "Status", tag: "Tag", author: "Author" },
  table: {
    id: "blog-posts",
    label: "Posts",
    defaultHidden: DEFAULT_HIDDEN_POST_COLUMNS,
    searchLabel: "Search posts",
    rowId: (r: PostListRow) => r.id,
    rowLabel: (r) => r.title,
  },
  savedViews: { listKey: "blog-posts" },
});

export default function BlogPostsPage() {
  const screen = useListScreen(POSTS);
  const { list } = screen;
  const result = usePosts(list.query);
  const team = useTeamMembers();
  const tags = useTags();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const authorName = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const columns = useMemo(() => postColumns(authorName, fmt), [authorName, fmt]);
  const views = useListSavedViews(POSTS, columns);
  const f = list.query.filters;

  return (
    <ListScreen
      definition={POSTS}
      screen={screen}
      columns={columns}
      result={result}
      savedViews={views}
      onOpenRow={(r) => void navigate(editorPath(r.id))}
      exportCsv={{
        fileName: "blog-posts",
        columns: postCsvColumns(authorName),
        fetchPage: (range) => listPosts(list.query, range),
      }}
      headerActions={
        <Button asChild variant="outline">
          <Link to="/admin/blog/strategy">
            <CalendarDaysIcon aria-hidden="true" />
            Content calendar
          </Link>
        </Button>
      }
      primary={{ label: "New post", to: "/admin/blog/new" }}
      filters={
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
      }
      empty={{
        title: "No posts yet",
        description: "Write the first post to see it here.",
        action: <EmptyAction to="/admin/blog/new">New post</EmptyAction>,
      }}
    />
  );
}
