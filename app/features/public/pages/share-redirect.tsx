/**
 * /share/property/:slug and /share/blog/:slug: show 'Preparing your link...' and go on
 * to the page itself, whose HTML the edge serves with the social preview tags. Without a slug:
 * the listing or the blog.
 */
import { useEffect } from "react";
import { Navigate, useParams } from "react-router";
import { TEXT } from "#core/constants.ts";

export function ShareRedirect({ kind }: { kind: "property" | "blog" }) {
  const { slug } = useParams();
  useEffect(() => {
    if (slug)
      window.location.replace(
        kind === "property" ? `/property/${encodeURIComponent(slug)}` : `/blog/${encodeURIComponent(slug)}`,
      );
  }, [kind, slug]);
  if (!slug) return <Navigate to={kind === "property" ? "/properties" : "/blog"} replace />;
  return (
    <div
      role="status"
      className="mx-auto flex max-w-7xl items-center justify-center px-4 py-24 text-lg text-stone-700"
    >
      <span
        aria-hidden="true"
        className="mr-3 inline-block size-5 animate-spin rounded-full border-2 border-emerald-700 border-t-transparent"
      />
      {TEXT.preparingLink}
    </div>
  );
}
