/**
 * The social debug screen's edge endpoints, admin token:
 *   GET  /api/social-debug?url=<an address of this site>
 *        fetches the page as Facebook's, X's, LinkedIn's and WhatsApp's crawlers would — with each
 *        one's User-Agent, THROUGH THIS WORKER ITSELF (the request is handed to the edge app in
 *        process, not to the network: no other site can be asked, no SSRF), following redirects
 *        like a crawler — reads the head (core/seo/social-preview.ts), fetches og:image the same
 *        way (or from our Supabase storage) for its pixel size and weight, and answers each
 *        network's card with its warnings.
 *   POST /api/social-debug/purge {url}
 *        forgets what the edge caches for that page (its listing/post lookups) and its og:image's
 *        renditions, so the next crawler gets fresh data (the networks' own caches are theirs).
 * 400 for an address that is not this site's; 401/403 like every admin endpoint.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  imageInfo,
  networkPreview,
  NETWORK_RULES,
  NETWORKS,
  readHead,
  SOCIAL_DEBUG_PATH,
  SOCIAL_DEBUG_PURGE_PATH,
  type CheckedImage,
  type Network,
  type NetworkPreview,
} from "#core/seo/social-preview.ts";
import { bearerToken, type AdminCheck } from "./admin-auth.ts";
import { forget } from "./edge-cache.ts";
import type { EdgeContext, EdgeEnv } from "./env.ts";
import { allImageCacheKeys } from "./images.ts";
import { lookupKeysFor } from "./page-meta.ts";

export const SOCIAL_DEBUG_ROLES = ["admin"] as const;
const MAX_REDIRECTS = 5;
/** Enough for any card image (Facebook takes up to 8 MB); more is read but not kept. */
const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

type DebugEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext; nonce: string } };

export interface SocialDebugDeps {
  verifyAdmin: (ctx: EdgeContext, token: string | null, roles: readonly string[]) => Promise<AdminCheck>;
  /** The edge app itself: a request answered in process, as a crawler's would be. */
  selfFetch: (req: Request, c: Context<DebugEnv>) => Promise<Response>;
}

const urlSchema = z
  .string()
  .trim()
  .min(1, "Enter an address of this site")
  .max(2048, "The address is too long");

/** The site's own hosts (main, back-office, form hosts): the only ones we debug. */
function siteHosts(ctx: EdgeContext): Set<string> {
  const h = ctx.hosts;
  return new Set(
    [h.main, h.crm, h.consult, h.bookings, h.request, h.collab].filter(Boolean).map((x) => x.toLowerCase()),
  );
}

/** An absolute URL of this site (a path is taken as the main site's), or why not. */
export function siteUrl(ctx: EdgeContext, raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw, ctx.mainOrigin);
  } catch {
    return "Not an address";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "Only http and https addresses";
  if (!siteHosts(ctx).has(url.hostname.toLowerCase()))
    return `Only addresses of this site (${ctx.hosts.main})`;
  url.hash = "";
  return url;
}

async function readCapped(res: Response, cap: number): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size <= cap) parts.push(value);
  }
  const out = new Uint8Array(Math.min(size, cap));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return Object.assign(out, { fullSize: size });
}

export function socialDebugRoutes(deps: SocialDebugDeps): Hono<DebugEnv> {
  const app = new Hono<DebugEnv>();

  async function refuse(c: Context<DebugEnv>): Promise<Response | null> {
    const check = await deps.verifyAdmin(
      c.var.edge,
      bearerToken(c.req.header("authorization")),
      SOCIAL_DEBUG_ROLES,
    );
    if (check.ok) return null;
    if (check.status === 401) c.header("WWW-Authenticate", 'Bearer realm="social-debug"');
    return c.json({ error: check.code, message: check.message }, check.status);
  }

  /** A GET through this worker as `userAgent`, following redirects within the site. */
  async function crawl(c: Context<DebugEnv>, start: URL, userAgent: string, accept: string) {
    const redirects: string[] = [];
    let url = start;
    for (let hop = 0; ; hop++) {
      const res = await deps.selfFetch(
        new Request(url, { headers: { "user-agent": userAgent, accept, host: url.host } }),
        c,
      );
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location && hop < MAX_REDIRECTS) {
        await res.body?.cancel();
        const next = siteUrl(c.var.edge, new URL(location, url).toString());
        if (typeof next === "string")
          return { res: null, url, redirects: [...redirects, location], offsite: true };
        redirects.push(next.toString());
        url = next;
        continue;
      }
      return { res, url, redirects, offsite: false };
    }
  }

  async function checkImage(
    c: Context<DebugEnv>,
    raw: string | undefined,
    declared: { w?: string; h?: string },
    userAgent: string,
  ): Promise<CheckedImage | null> {
    if (!raw) return null;
    const base: CheckedImage = {
      url: raw,
      status: null,
      bytes: null,
      width: null,
      height: null,
      type: null,
      declaredWidth: declared.w ? Number(declared.w) : null,
      declaredHeight: declared.h ? Number(declared.h) : null,
    };
    let target: URL;
    try {
      target = new URL(raw);
    } catch {
      return base;
    }
    // Our own images through this worker; our storage's directly; no other site is ever fetched.
    const own = siteUrl(c.var.edge, target.toString());
    let res: Response | null;
    if (typeof own !== "string") res = (await crawl(c, own, userAgent, "image/*")).res;
    else if (target.origin === new URL(c.var.edge.supabaseUrl).origin)
      res = await fetch(target, { headers: { "user-agent": userAgent } });
    else return base;
    if (!res) return base;
    const bytes = (await readCapped(res, MAX_IMAGE_BYTES)) as Uint8Array & { fullSize?: number };
    const info = res.ok ? imageInfo(bytes) : null;
    return {
      ...base,
      status: res.status,
      bytes: bytes.fullSize ?? bytes.length,
      width: info?.width ?? null,
      height: info?.height ?? null,
      type: info?.type ?? res.headers.get("content-type") ?? null,
    };
  }

  app.get(SOCIAL_DEBUG_PATH, async (c) => {
    const refused = await refuse(c);
    if (refused) return refused;
    const raw = urlSchema.safeParse(c.req.query("url") ?? "");
    if (!raw.success)
      return c.json(
        { error: "bad_request", message: raw.error.issues[0]?.message ?? "Enter an address" },
        400,
      );
    const start = siteUrl(c.var.edge, raw.data);
    if (typeof start === "string") return c.json({ error: "bad_request", message: start }, 400);

    const networks: NetworkPreview[] = await Promise.all(
      NETWORKS.map(async (network: Network) => {
        const ua = NETWORK_RULES[network].userAgent;
        const page = await crawl(c, start, ua, "text/html,application/xhtml+xml");
        if (!page.res) {
          return networkPreview(
            network,
            { status: 0, finalUrl: page.url.toString(), redirects: page.redirects, head: readHead("") },
            null,
          );
        }
        const html = new TextDecoder().decode(await readCapped(page.res, 2 * 1024 * 1024));
        const head = readHead(html);
        const imageUrl =
          network === "x" ? (head.meta["twitter:image"] ?? head.meta["og:image"]) : head.meta["og:image"];
        const image = await checkImage(
          c,
          imageUrl,
          { w: head.meta["og:image:width"], h: head.meta["og:image:height"] },
          ua,
        );
        return networkPreview(
          network,
          {
            status: page.res.status,
            finalUrl: page.url.toString(),
            redirects: page.redirects,
            head,
            jsonLdErrors: head.jsonLdErrors,
          },
          image,
        );
      }),
    );
    return c.json({ url: start.toString(), checkedAt: new Date().toISOString(), networks }, 200, {
      "cache-control": "no-store",
    });
  });

  app.post(SOCIAL_DEBUG_PURGE_PATH, async (c) => {
    const refused = await refuse(c);
    if (refused) return refused;
    const body = z.object({ url: urlSchema }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: "bad_request", message: 'Send {"url": "…"}' }, 400);
    const target = siteUrl(c.var.edge, body.data.url);
    if (typeof target === "string") return c.json({ error: "bad_request", message: target }, 400);
    const purged = await forget(lookupKeysFor(target.pathname));
    // The page's share image (one crawl as Facebook finds it).
    const page = await crawl(c, target, NETWORK_RULES.facebook.userAgent, "text/html");
    if (page.res) {
      const image = readHead(new TextDecoder().decode(await readCapped(page.res, 2 * 1024 * 1024))).meta[
        "og:image"
      ];
      const own = image ? siteUrl(c.var.edge, image) : null;
      const cache = (globalThis as { caches?: { default?: Cache } }).caches?.default ?? null;
      if (own && typeof own !== "string" && cache) {
        for (const key of allImageCacheKeys(own.pathname)) if (await cache.delete(key)) purged.push(key);
      }
    }
    return c.json({ url: target.toString(), purged }, 200, { "cache-control": "no-store" });
  });

  return app;
}
