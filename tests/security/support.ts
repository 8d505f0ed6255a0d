/**
 * Helpers of the security regression suite: raw HTTP to the edge and the emulator that never
 * follows redirects (the tests assert where a redirect would go, they never go there), requests
 * from a chosen loopback address (the socket address is what rate limits key on), the mail
 * outbox, and fresh users.
 */
import { raw, type RawRequest, type RawResponse } from "../support/http.ts";
import { SITE_PORT, SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";

export const SITE_ORIGIN = `http://localhost:${SITE_PORT}`;

export { raw, type RawRequest, type RawResponse } from "../support/http.ts";

/** A request to the edge worker (path on the main host unless `url` is absolute). */
export function edge(pathOrUrl: string, opts: RawRequest = {}): Promise<RawResponse> {
  return raw(new URL(pathOrUrl, SITE_ORIGIN).toString(), opts);
}

/** Headers the public API needs (publishable key), plus any given. */
export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { apikey: SUPABASE_PUBLISHABLE_KEY, ...extra };
}

export interface Mail {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string | null;
}

/** The newest mails to `to` in the emulator's outbox. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const res = await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`outbox: ${res.status}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** Waits for `check` to hold (polling), or fails with `what`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A loopback source address of its own for a test (so per-address limits start fresh). */
let nextHost = 10 + Math.floor(Math.random() * 200);
export function freshLoopback(): string {
  nextHost = (nextHost % 250) + 1;
  return `127.0.${1 + Math.floor(Math.random() * 250)}.${nextHost}`;
}
