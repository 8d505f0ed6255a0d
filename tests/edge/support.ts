/**
 * Talking to the running edge worker from Node. Node's resolver does not resolve `*.localhost`,
 * so every request goes to 127.0.0.1:<SITE_PORT> with the Host header of the host kind wanted,
 * and redirects are not followed (tests assert them).
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { JOBS_KICK_PATH, JOBS_STATUS_PATH } from "#core/jobs.ts";
import { SITE_PORT } from "#scripts/local-env.ts";
import { raw, type RawResponse } from "../support/http.ts";
import { waitUntil } from "../support/wait.ts";

export const SITE_HOST = `localhost:${SITE_PORT}`;
export const SITE_ORIGIN = `http://${SITE_HOST}`;

export const CRAWLERS = {
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  x: "Twitterbot/1.0",
  linkedin: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  whatsapp: "WhatsApp/2.23.20.0 A",
  slack: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
} as const;

export type EdgeResponse = RawResponse;

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
  const { host, headers, ...rest } = opts;
  return raw(new URL(url, SITE_ORIGIN).toString(), {
    ...rest,
    headers: host ? { host, ...headers } : headers,
  });
}

/**
 * POST /api/jobs/kick on the CRM host as `token`'s user (null: without a token). Each call comes
 * from another documentation address, clear of the per-address kick limit.
 */
export function kickJobs(token: string | null): Promise<EdgeResponse> {
  return edge(JOBS_KICK_PATH, {
    method: "POST",
    host: `crm.localhost:${SITE_PORT}`,
    headers: {
      "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

/**
 * Kicks the jobs and waits until `job` has run since (its last run in GET /api/jobs/status, read
 * with an admin's token): a check that a run changed nothing needs that run to have happened,
 * not a guess of how long one takes.
 */
export async function kickAndAwaitRun(
  token: string,
  adminToken: string,
  job = "deliver-emails",
): Promise<void> {
  const kicked = await kickJobs(token);
  if (kicked.status !== 202) throw new Error(`kick refused: ${kicked.status} ${kicked.text}`);
  const runAt = Date.parse((JSON.parse(kicked.text) as { runAt: string }).runAt);
  await waitUntil(`a run of ${job} after the kick`, async () => {
    const res = await edge(JOBS_STATUS_PATH, {
      host: `crm.localhost:${SITE_PORT}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (res.status !== 200) throw new Error(`jobs status: ${res.status} ${res.text}`);
    const { jobs } = JSON.parse(res.text) as {
      jobs: { name: string; lastRun: { startedAt: string } | null }[];
    };
    const last = jobs.find((j) => j.name === job)?.lastRun;
    return !!last && Date.parse(last.startedAt) >= runAt;
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
