/**
 * A snapshot of the auth tokens a link (password recovery, invite) put into the URL, taken at
 * start-up before supabase-js consumes and removes them (docs/product.md#session: the stale-URL session warning).
 */
import { readUrlSession, type UrlSessionInfo } from "#core/url-session.ts";

export type { UrlSessionInfo };

export const urlSessionAtLoad: UrlSessionInfo | null =
  typeof location === "undefined" ? null : readUrlSession(location.href, Math.round(Date.now() / 1000));
