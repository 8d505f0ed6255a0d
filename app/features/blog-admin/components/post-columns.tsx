/** The columns of the posts table and of its CSV export; the title links to the editor. */
import { formatDistanceToNow } from "date-fns";
import { Link } from "react-router";
import { originOf } from "#core/hosts.ts";
import type { CsvColumn } from "#core/records/csv.ts";
import type { PostListRow } from "#core/blog/post-schema.ts";
import { POST_STATUS_LABELS } from "#core/blog/post-workflow.ts";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import type { Formatters } from "#app/lib/format.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { PostStatusBadge } from "./post-status-badge.tsx";

export const editorPath = (id: string) => `/admin/blog/edit/${id}`;
export const publicPostUrl = (slug: string) => `${originOf("main", siteConfig.hosts)}/blog/${slug}`;

export const DEFAULT_HIDDEN_POST_COLUMNS = ["created_at"];

export function postColumns(
  authorName: (id: string | null) => string,
  fmt: Formatters,
): DataTableColumn<PostListRow>[] {
  return [
    {
      id: "title",
      header: "Post",
      enableHiding: false,
      cell: ({ row }) => (
        <div className="flex max-w-96 flex-col">
          <Link to={editorPath(row.original.id)} className="truncate font-medium hover:underline">
            {row.original.title}
          </Link>
          <span className="truncate text-xs text-muted-foreground">/blog/{row.original.slug}</span>
        </div>
      ),
    },
    { id: "status", header: "Status", cell: ({ row }) => <PostStatusBadge status={row.original.status} /> },
    {
      id: "author",
      header: "Author",
      cell: ({ row }) => row.original.author_name ?? authorName(row.original.author_id),
    },
    {
      id: "tags",
      header: "Tags",
      cell: ({ row }) =>
        row.original.tags.length ? (
          <span className="text-sm">{row.original.tags.join(", ")}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "published_at",
      header: "Published / scheduled",
      cell: ({ row }) =>
        row.original.published_at ? (
          <time
            dateTime={row.original.published_at}
          >{`${row.original.status === "scheduled" ? "For " : ""}${fmt.dateTime(row.original.published_at)}`}</time>
        ) : (
          <span className="text-muted-foreground">Not published</span>
        ),
    },
    { id: "created_at", header: "Created", cell: ({ row }) => fmt.date(row.original.created_at) },
    {
      id: "updated_at",
      header: "Updated",
      cell: ({ row }) => (
        <time dateTime={row.original.updated_at} title={fmt.dateTime(row.original.updated_at)}>
          {formatDistanceToNow(new Date(row.original.updated_at), { addSuffix: true })}
        </time>
      ),
    },
  ];
}

export function postCsvColumns(authorName: (id: string | null) => string): CsvColumn<PostListRow>[] {
  return [
    { header: "Title", value: (r) => r.title },
    { header: "Public page", value: (r) => publicPostUrl(r.slug) },
    { header: "Status", value: (r) => POST_STATUS_LABELS[r.status] },
    { header: "Author", value: (r) => r.author_name ?? authorName(r.author_id) },
    { header: "Tags", value: (r) => r.tags.join(", ") },
    { header: "Published / scheduled", value: (r) => r.published_at ?? "" },
    { header: "Excerpt", value: (r) => r.excerpt ?? "" },
    { header: "Updated", value: (r) => r.updated_at },
  ];
}
