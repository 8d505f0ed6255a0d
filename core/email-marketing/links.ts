/**
 * Click tracking's link rules, the same as the database's that render the mails
 * (private.email_message_links, email_link_placeholders, email_link_anchors / email_link_text):
 * which links of a campaign's message are tracked, the click redirect's address, and how the
 * plain-text part's links are rewritten to it. The screen lists the tracked links in the preview;
 * the tests check the database's mails against these.
 */
import { EMAIL_CLICK_PATH } from "./sending.ts";

/** At most this many links of a message are tracked (the first ones); later ones go out as written. */
export const MAX_TRACKED_LINKS = 50;
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation after a URL is the sentence's, not the link's. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** The http(s) URLs of a message, each once, in order of first appearance, at most MAX_TRACKED_LINKS. */
export function messageLinks(body: string): string[] {
  const seen = new Set<string>();
  for (const m of body.matchAll(URL_IN_TEXT)) {
    const url = m[0].replace(TRAILING_PUNCTUATION, "");
    if (/^https?:\/\/[^\s<>"]+$/.test(url) && url.length <= 2000) seen.add(url);
  }
  return [...seen].slice(0, MAX_TRACKED_LINKS);
}

/** A link's address in a recipient's mail: the edge's redirect, with the link's id and the recipient's signed click token. */
export function clickHref(siteOrigin: string, linkId: string, clickToken: string): string {
  return `${siteOrigin}${EMAIL_CLICK_PATH}?l=${linkId}&t=${clickToken}`;
}

/**
 * The plain-text part with each tracked link replaced by its click address. Longest URL first, so
 * a URL that starts another is not cut out of it; a replaced address is never replaced again.
 */
export function trackTextLinks(
  text: string,
  links: ReadonlyArray<{ id: string; url: string }>,
  href: (linkId: string) => string,
): string {
  const ordered = [...links].sort((a, b) => b.url.length - a.url.length);
  let out = text;
  ordered.forEach((l, i) => {
    out = out.split(l.url).join(`\u0000${i}\u0000`);
  });
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => href(ordered[Number(i)]!.id));
}
