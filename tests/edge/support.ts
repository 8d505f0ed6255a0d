/**
 * Talking to the running edge worker from Node. Node's resolver does not resolve `*.localhost`,
 * so every request goes to 127.0.0.1:<SITE_PORT> with the Host header of the host kind wanted,
 * and redirects are not followed (tests assert them).
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { JOBS_KICK_PATH } from "#core/jobs.ts";
import { SITE_PORT } from "#scripts/local-env.ts";

export const SITE_HOST = `localhost:${SITE_PORT}`;
export const SITE_ORIGIN = `http://${SITE_HOST}`;

export const CRAWLERS = {
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  x: "Twitterbot/1.0",
  linkedin: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  whatsapp: "WhatsApp/2.23.20.0 A",
  slack: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
} as const;

export interface EdgeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** GET/POST against the local edge; `url` may be absolute (any *.localhost host) or a path. */
export function edge(
  url: string,
  opts: {
    method?: string;
    host?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
  } = {},
): Promise<EdgeResponse> {
  const target = new URL(url, SITE_ORIGIN);
  const host = opts.host ?? target.host;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: Number(target.port || SITE_PORT),
        path: `${target.pathname}${target.search}`,
        method: opts.method ?? "GET",
        headers: { host, ...opts.headers },
        // Per-address limits key on the socket's address (any 127.0.0.0/8 address is loopback).
        localAddress: opts.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") });
        });
      },
    );
    req.on("error", reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/** Fetches an absolute URL of another origin (e.g. a Supabase storage image). */
export async function fetchAbsolute(url: string): Promise<Response> {
  return fetch(url.replace("//localhost:", "//127.0.0.1:"));
}

/** The team's sitemap XSDs (../shared/schemas beside the repo, as in CI). */
const schemas = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/schemas");
if (!existsSync(path.join(schemas, "sitemap.xsd")))
  throw new Error(`sitemap schemas not found at ${schemas}: clone the repo next to shared/`);

/** Validates XML with `xmllint --schema`; returns xmllint's output on failure, null when valid. */
export async function xmllintErrors(
  xml: string,
  schema: "siteindex.xsd" | "sitemap-with-images.xsd" | "sitemap.xsd",
): Promise<string | null> {
  const dir = await mkdtemp(path.join(tmpdir(), "sitemap-"));
  const file = path.join(dir, "doc.xml");
  await writeFile(file, xml);
  try {
    await promisify(execFile)("xmllint", [
      "--noout",
      "--nonet",
      "--schema",
      path.join(schemas, schema),
      file,
    ]);
    return null;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    return e.stderr || e.message;
  }
}

/** Asks the edge to run its background jobs now, as the holder of `token` (staff or admin). */
export function kickJobs(token: string): Promise<EdgeResponse> {
  return edge(JOBS_KICK_PATH, {
    method: "POST",
    host: `crm.localhost:${SITE_PORT}`,
    // Another address per kick: the kick's per-address limit is not what a test is about.
    headers: {
      "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}`,
      authorization: `Bearer ${token}`,
    },
  });
}

/**
 * Polls `probe` until it gives a value (every 250 ms, at most `ms`); with `kick`, calls it now and
 * then so the background jobs that make the value run at once rather than at their next turn.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 30_000,
  kick?: () => Promise<unknown>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (let i = 0; ; i++) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    if (kick && i % 10 === 0) await kick();
    await new Promise((r) => setTimeout(r, 250));
  }
}
