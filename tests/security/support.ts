/**
 * Helpers of the security regression suite: raw HTTP to the edge and the emulator that never
 * follows redirects (the tests assert where a redirect would go, they never go there), requests
 * from a chosen loopback address (the socket address is what rate limits key on), the mail
 * outbox, and fresh users.
 */
import http from "node:http";
import { SITE_PORT, SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";

export const SITE_ORIGIN = `http://localhost:${SITE_PORT}`;

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address of the connection, e.g. "127.0.0.23" (any 127.0.0.0/8 address is loopback). */
  localAddress?: string;
}

/** One HTTP request to `url` (absolute); redirects are returned, not followed. */
export function raw(url: string, opts: RawRequest = {}): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname.endsWith("localhost") ? "127.0.0.1" : target.hostname,
        port: Number(target.port || 80),
        path: `${target.pathname}${target.search}`,
        method: opts.method ?? "GET",
        headers: { host: target.host, ...opts.headers },
        localAddress: opts.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

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
