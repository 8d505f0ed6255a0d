import "#app/lib/markdown-prose.css";
import { Link, useParams } from "react-router";
import { getPost, readingMinutes, relatedPosts, type Post } from "../api/blog.ts";
import { PostCard } from "../components/post-card.tsx";
import { ShareButtons } from "../components/share-buttons.tsx";
import { DetailLoading } from "../components/detail-loading.tsx";
import { ErrorState, NotFoundState } from "../components/states.tsx";
import { formatDate } from "../lib/format.ts";
import { propertyImageUrl } from "../lib/images.ts";
import { hostLink, mainUrl } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";
import { useAsync } from "../lib/use-async.ts";

export default function BlogPostPage() {
  const { slug = "" } = useParams();
  // The markdown renderer (~15 KB gzip) loads beside the post, not before the page can show.
  const state = useAsync(
    () =>
      Promise.all([getPost(slug), import("#app/lib/markdown.ts")]).then(([found, { renderMarkdown }]) =>
        found ? { post: found, html: renderMarkdown(found.content) } : null,
      ),
    [slug],
  );
  const post = state.status === "ready" ? (state.data?.post ?? null) : null;
  usePageMeta(
    post?.title ?? (state.status === "ready" ? "Page Not Found" : "Blog"),
    post?.excerpt ?? undefined,
  );
  if (state.status === "loading")
    return (
      <DetailLoading
        layout="post"
        label="Loading post…"
        imageClassName="mb-8 aspect-video w-full rounded-2xl"
      />
    );
  if (state.status === "error")
    return (
      <div className="px-4 py-16">
        <ErrorState title="We could not load this post" onRetry={state.retry}>
          {state.error.message}
        </ErrorState>
      </div>
    );
  if (!post || state.status !== "ready" || !state.data) return <NotFoundState />;
  return <Article post={post} html={state.data.html} />;
}

function Article({ post, html }: { post: Post; html: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-600">
        <Link to="/blog" className="hover:underline">
          ← All posts
        </Link>
      </nav>
      <header className="mb-8">
        {post.tags.length > 0 && (
          <ul className="mb-3 flex flex-wrap gap-2">
            {post.tags.map((t) => (
              <li key={t}>
                <Link
                  to={`/blog?tag=${encodeURIComponent(t)}`}
                  className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-900"
                >
                  {t}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">
          {post.title}
        </h1>
        <p className="mt-3 text-sm text-stone-600">
          {post.author_name && (
            <>
              By <span className="font-medium text-stone-800">{post.author_name}</span> ·{" "}
            </>
          )}
          {post.published_at && <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>} ·{" "}
          {readingMinutes(post.content)} min read
        </p>
      </header>
      {post.cover_image_url && (
        <img
          src={propertyImageUrl(post.cover_image_url)}
          alt={post.cover_image_alt ?? ""}
          width={1200}
          height={675}
          fetchPriority="high"
          className="mb-8 aspect-video w-full rounded-2xl object-cover"
        />
      )}
      <div className="prose-public" data-testid="post-body" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="mt-10 border-t border-stone-200 pt-6">
        <ShareButtons url={mainUrl(`/share/blog/${post.slug}`)} title={post.title} />
      </div>
      <aside className="mt-10 rounded-2xl bg-emerald-900 p-6 text-white">
        <h2 className="text-xl font-semibold">Talk to an expert</h2>
        <p className="mt-1 text-emerald-100">Book a free 30-minute consultation with our team.</p>
        <a
          href={hostLink("consult")}
          className="mt-4 inline-block rounded-full bg-amber-300 px-5 py-2 font-semibold text-stone-900 hover:bg-amber-200"
        >
          Book a consultation
        </a>
      </aside>
      <Related post={post} />
    </article>
  );
}

function Related({ post }: { post: Post }) {
  const state = useAsync(() => relatedPosts(post), [post.id]);
  if (state.status !== "ready" || state.data.length === 0) return null;
  return (
    <section aria-labelledby="related-h" className="mt-12">
      <h2 id="related-h" className="mb-4 text-2xl font-semibold">
        Related posts
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2">
        {state.data.map((p) => (
          <li key={p.id}>
            <PostCard post={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
