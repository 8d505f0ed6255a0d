/**
 * Reads the auth session a link (password recovery, invite) puts into the URL fragment and says
 * whether it is stale: issued STALE_URL_SESSION_WARNING_SECONDS (120 s) or more before
 * the page loaded — the same rule supabase-js applies when it only logs a warning.
 */
import { STALE_URL_SESSION_WARNING_SECONDS } from "./constants.ts";

export interface UrlSessionInfo {
  type: string | null;
  issuedAt: number;
  /** Seconds between issue and page load. */
  ageSeconds: number;
  stale: boolean;
}

export function readUrlSession(href: string, nowSeconds: number): UrlSessionInfo | null {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.startsWith("#") ? url.hash.slice(1) : url.hash);
  if (!params.get("access_token")) return null;
  const expiresAt = Number(params.get("expires_at"));
  const expiresIn = Number(params.get("expires_in"));
  if (!Number.isFinite(expiresAt) || !Number.isFinite(expiresIn) || expiresAt <= 0) return null;
  const issuedAt = expiresAt - expiresIn;
  const ageSeconds = Math.max(0, nowSeconds - issuedAt);
  return {
    type: params.get("type"),
    issuedAt,
    ageSeconds,
    stale: ageSeconds >= STALE_URL_SESSION_WARNING_SECONDS,
  };
}
