import { Link, useSearchParams } from "react-router";
import { allTags, listPosts, POSTS_PAGE_SIZE } from "../api/blog.ts";
import { PostCard } from "../components/post-card.tsx";
import { EmptyState, ErrorState, PageHero, PageLoading } from "../components/states.tsx";
import { usePageMeta } from "../lib/meta.ts";
import { useAsync } from "../lib/use-async.ts";

export default function BlogListPage() {
  const [params] = useSearchParams();
  const tag = params.get("tag") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const posts = useAsync(() => listPosts({ tag: tag || undefined, page }), [tag, page]);
  const tags = useAsync(allTags, []);
  usePageMeta(
    tag ? `Blog: ${tag}` : "Blog",
    "Guides and market news on buying, renting, land and investing in Ghana's property market.",
  );
  const pages = posts.status === "ready" ? Math.max(1, Math.ceil(posts.data.count / POSTS_PAGE_SIZE)) : 1;
  const href = (t: string, pg = 1) => {
    const q = new URLSearchParams();
    if (t) q.set("tag", t);
    if (pg > 1) q.set("page", String(pg));
    const s = q.toString();
    return `/blog${s ? `?${s}` : ""}`;
  };
  const chip = "rounded-full border px-3 py-1.5 text-sm font-medium";

  return (
    <>
      <PageHero eyebrow="Insights" title="The Ghana property blog">
        Practical guides on buying, renting, land titles and investing, from our team on the ground.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        {tags.status === "ready" && tags.data.length > 0 && (
          <nav aria-label="Tags" className="mb-8">
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  to={href("")}
                  aria-current={!tag ? "page" : undefined}
                  className={`${chip} ${!tag ? "border-emerald-800 bg-emerald-800 text-white" : "border-stone-300 bg-white text-stone-800"}`}
                >
                  All posts
                </Link>
              </li>
              {tags.data.map((t) => (
                <li key={t}>
                  <Link
                    to={href(t)}
                    aria-current={t === tag ? "page" : undefined}
                    className={`${chip} ${t === tag ? "border-emerald-800 bg-emerald-800 text-white" : "border-stone-300 bg-white text-stone-800"}`}
                  >
                    {t}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {posts.status === "loading" ? (
          <PageLoading label="Loading posts…" />
        ) : posts.status === "error" ? (
          <ErrorState title="We could not load the blog" onRetry={posts.retry}>
            {posts.error.message}
          </ErrorState>
        ) : posts.data.rows.length === 0 ? (
          <EmptyState title="No posts here yet">
            {tag ? (
              <Link to="/blog" className="text-emerald-800 underline">
                See all posts
              </Link>
            ) : (
              "Check back soon."
            )}
          </EmptyState>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.data.rows.map((p) => (
              <li key={p.id}>
                <PostCard post={p} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-3 text-sm">
            {page > 1 ? (
              <Link
                className="rounded-full border border-stone-300 bg-white px-4 py-2 font-medium"
                to={href(tag, page - 1)}
              >
                Previous
              </Link>
            ) : (
              <span className="px-4 py-2 text-stone-500">Previous</span>
            )}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link
                className="rounded-full border border-stone-300 bg-white px-4 py-2 font-medium"
                to={href(tag, page + 1)}
              >
                Next
              </Link>
            ) : (
              <span className="px-4 py-2 text-stone-500">Next</span>
            )}
          </nav>
        )}
      </div>
    </>
  );
}
