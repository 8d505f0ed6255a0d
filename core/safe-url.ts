/**
 * The one check for URLs that user-written content (blog markdown) may link to or show:
 * http(s), mailto, tel, or a path on this site. It reads the URL as a browser will: browsers drop
 * tabs and newlines anywhere and controls or spaces around it (so `java\tscript:` is
 * `javascript:`) and read a backslash as a slash (so `/\evil` is `//evil`). Anything containing
 * such a character is refused outright rather than cleaned up, then the parsed scheme is
 * allow-listed and a scheme-less URL must stay on the page's own site.
 */

const ALLOWED_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);
/** Control characters, every kind of space but the plain one, and the backslash. */
const REFUSED_CHARS =
  /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
const PROBE = "https://site.invalid";

/** The URL to write into href/src, or null when it must not be linked. */
export function safeLinkUrl(raw: string): string | null {
  const href = raw.trim().replace(/ /g, "%20");
  if (!href || REFUSED_CHARS.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, `${PROBE}/page`);
  } catch {
    return null;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return ALLOWED_SCHEMES.has(url.protocol) ? href : null;
  return url.origin === PROBE ? href : null;
}
