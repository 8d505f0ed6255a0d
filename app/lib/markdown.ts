/**
 * Markdown → HTML for blog posts (the public post page and the blog editor's live preview, so the
 * preview shows exactly what visitors will get) and the back-office's announcements: one renderer,
 * so all sanitise alike. Safe by construction: raw HTML in the source is escaped (shown as text,
 * never parsed), and links/images keep only http(s), mailto, tel and same-site URLs as a browser
 * would read them (core/safe-url.ts), so neither a post nor a notice can ever run script.
 */
import { Marked } from "marked";
import { safeLinkUrl as safeUrl } from "#core/safe-url.ts";

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      if (!url) return inner;
      const external = /^https?:/i.test(url);
      return `<a href="${escapeHtml(url)}"${title ? ` title="${escapeHtml(title)}"` : ""}${external ? ' rel="noopener nofollow" target="_blank"' : ""}>${inner}</a>`;
    },
    image({ href, title, text }) {
      const url = safeUrl(href);
      if (!url) return escapeHtml(text);
      return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ""} loading="lazy" decoding="async">`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
