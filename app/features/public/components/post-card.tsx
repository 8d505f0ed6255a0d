import { Link } from "react-router";
import type { PostCard as Card } from "../api/blog.ts";
import { formatDate } from "../lib/format.ts";
import { propertyImageUrl } from "../lib/images.ts";

export function PostCard({ post, headingLevel = 3 }: { post: Card; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-emerald-700">
      {post.cover_image_url && (
        <img
          src={propertyImageUrl(post.cover_image_url)}
          alt={post.cover_image_alt ?? ""}
          width={800}
          height={450}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {post.tags.length > 0 && (
          <p className="text-xs font-semibold tracking-wide text-emerald-800 uppercase">
            {post.tags.slice(0, 2).join(" · ")}
          </p>
        )}
        <H className="text-lg leading-snug font-semibold">
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 focus:outline-none">
            {post.title}
          </Link>
        </H>
        {post.excerpt && <p className="line-clamp-3 text-sm text-stone-700">{post.excerpt}</p>}
        <p className="mt-auto pt-2 text-xs text-stone-600">
          {post.published_at && <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>}
          {post.author_name && <> · {post.author_name}</>}
        </p>
      </div>
    </article>
  );
}
