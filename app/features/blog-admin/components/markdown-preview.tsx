/**
 * The live preview of a post: the markdown rendered by the public page's own renderer
 * (app/lib/markdown.ts: raw HTML escaped, only safe link schemes), so what staff see is what
 * visitors will get — a script or an event handler typed into a post shows as text here and
 * there. Images stored with the post (`/images/blog/…`) are not public while the post is a
 * draft: the preview shows them through signed URLs.
 */
import { useDeferredValue, useMemo } from "react";
import "#app/lib/markdown-prose.css";
import { storagePathOfSrc } from "#core/blog/post-media.ts";
import { renderMarkdown } from "#app/lib/markdown.ts";
import { useSignedImages } from "../hooks/post-queries.ts";

const IMG_SRC = /<img src="([^"]+)"/g;
const unescapeAttr = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

export function MarkdownPreview({ markdown, title }: { markdown: string; title: string }) {
  const deferred = useDeferredValue(markdown);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  const paths = useMemo(() => {
    const found = new Set<string>();
    for (const m of html.matchAll(IMG_SRC)) {
      const path = storagePathOfSrc(unescapeAttr(m[1]!));
      if (path) found.add(path);
    }
    return [...found].sort();
  }, [html]);
  const signed = useSignedImages(paths);
  const shown = useMemo(
    () =>
      html.replace(IMG_SRC, (all, src: string) => {
        const path = storagePathOfSrc(unescapeAttr(src));
        const url = path ? signed.data?.get(path) : undefined;
        return url ? `<img src="${escapeAttr(url)}"` : all;
      }),
    [html, signed.data],
  );
  return (
    <article aria-label="Preview" className="prose-public max-w-none">
      <h1 className="mb-4 text-3xl font-bold tracking-tight text-balance">{title || "Untitled post"}</h1>
      <div data-testid="post-preview-body" dangerouslySetInnerHTML={{ __html: shown }} />
    </article>
  );
}
