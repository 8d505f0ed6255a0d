/**
 * Share links: `/share/property/{slug}` and `/share/blog/{slug}` answer a small HTML page with
 * the full social tags of the target, the text 'Preparing your link...' and a redirect (meta
 * refresh + a nonce'd script) to the canonical page. Without a slug: /properties or /blog.
 */
import { TEXT } from "#core/constants.ts";
import { escapeHtml, jsonForScript, renderMetaTags, type PageMeta } from "#core/seo/meta.ts";

export function sharePage(meta: PageMeta, opts: { nonce: string; feedUrl: string }): string {
  const target = meta.canonical;
  const a = escapeHtml;
  return `<!doctype html>
<html lang="en-GH">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${a(meta.title)}</title>
${renderMetaTags({ ...meta, robots: "noindex, follow" }, { feedUrl: opts.feedUrl, nonce: opts.nonce })}
<meta http-equiv="refresh" content="0;url=${a(target)}">
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937}</style>
</head>
<body>
<main>
<p role="status">${a(TEXT.preparingLink)}</p>
<p><a href="${a(target)}">${a(meta.title)}</a></p>
</main>
<script nonce="${a(opts.nonce)}">location.replace(${jsonForScript(target)});</script>
</body>
</html>
`;
}
