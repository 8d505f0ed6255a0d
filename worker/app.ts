/**
 * The edge app (Hono). Wires the concerns, each in its own module:
 *   security-headers  nonce + CSP and transport headers on every response the worker makes
 *   host-routing      host-dependent root path and cross-host redirects
 *   page-meta         route → status + head (404 for unknown paths/slugs), spa-shell injects it
 *   share             /share/property|blog/{slug}
 *   sitemaps, feed    /sitemap*.xml, /robots.txt, /feed — live data, edge-cached
 *   forms             POST /api/forms/{kind} (consultations and viewings are booked at free times)
 *   appointments      GET /api/availability, the visitor's manage link (/api/appointments/*)
 *   inbox-live        new and changed inbox records to staff live (the hub's internal publish)
 *   admin-auth        POST /api/sitemaps/regenerate (staff or admin JWT via JWKS)
 *   jobs/routes       POST /api/jobs/kick, GET /api/jobs/status (the JobRunner Durable Object)
 *   calendar-feed     GET /api/calendar/<token>.ics (a user's private iCalendar feed)
 *   payments/routes   POST /api/payments/paystack/{initialize,verify,webhook} (pay a public invoice)
 *   whatsapp/routes   GET, POST /api/whatsapp/webhook (WhatsApp Cloud API: handshake, statuses, messages)
 *   money/routes      GET /api/invoices/{id}/pdf, /api/receipts/{id}/pdf
 *   money/live        POST /api/money/live (staff's money changes to admins' screens, via the hub)
 *   social-debug      GET /api/social-debug, POST /api/social-debug/purge (admin)
 *   unsubscribe       GET/POST /unsubscribe?token=… (marketing mail's one-click unsubscribe)
 *   partners          POST /api/partners/invite (an admin invites a partner's contact to the portal)
 * Dependencies that reach the database are injectable, so tests can run without one.
 */
import { Hono, type Context } from "hono";
import { todayInAccra } from "#core/form-fields.ts";
import { prerenderedShellFor } from "#core/prerender-targets.ts";
import { PUBLIC_IMAGE_PREFIX } from "#core/images.ts";
import { findRoute } from "#core/routes.ts";
import type { UsdGhsRate } from "#core/site-config.ts";
import type { ContentSource } from "./content.ts";
import { ContentUnavailableError, supabaseContentSource } from "./content.ts";
import { bearerToken, verifyAdmin as verifyAdminWithJwks, type AdminCheck } from "./admin-auth.ts";
import { cached, currentVersion, markStale } from "./edge-cache.ts";
import { edgeContext, siteConfigFor, type EdgeContext, type EdgeEnv } from "./env.ts";
import { FEED_PATH, feedXml } from "./feed.ts";
import { calendarFeedRoutes, type FeedLookup } from "./calendar-feed.ts";
import { appointmentRoutes, supabaseAppointmentStore, type AppointmentStore } from "./appointments.ts";
import { handleFormPost, supabaseFormStore, type FormStore } from "./forms.ts";
import { announceRecord } from "./inbox-live.ts";
import { refuseOversizedBody } from "./body-limit.ts";
import { hostRedirect } from "./host-routing.ts";
import { hubPathWithoutRoom, refuseBareHubPath } from "./hub-path.ts";
import { servePublicImage } from "./images.ts";
import { moneyDocumentRoutes } from "./money/routes.ts";
import { invitationRoutes } from "./team/invitations.ts";
import { memberRoutes } from "./team/members.ts";
import { policyRoutes } from "./team/policy.ts";
import { partnerAgreementRoutes } from "./partner-agreement-pdf.ts";
import { reportRoutes } from "./reports/annual-report.ts";
import { moneyLiveRoutes } from "./money/live.ts";
import { paymentRoutes, type PaymentRoutesDeps } from "./payments/routes.ts";
import { jobRoutes, jobRunner } from "./jobs/routes.ts";
import { partnerRoutes } from "./partners.ts";
import {
  cachedPost,
  cachedProperty,
  normalizePath,
  notFoundMeta,
  postMeta,
  propertyMeta,
  resolvePage,
  type ResolvedPage,
} from "./page-meta.ts";
import { API_CSP, applySecurityHeaders, createNonce, htmlCsp, isHtml } from "./security-headers.ts";
import { serviceWorkerScript } from "./service-worker-script.ts";
import { withAssetCaching } from "./asset-cache.ts";
import { sharePage } from "./share.ts";
import { socialDebugRoutes } from "./social-debug.ts";
import { unsubscribeRoutes } from "./unsubscribe.ts";
import { emailMarketingRoutes } from "./email-marketing.ts";
import { whatsappRoutes } from "./whatsapp/routes.ts";
import { parseSitemapPath, robotsTxt, sitemapCounts, sitemapIndexXml, sitemapXml } from "./sitemaps.ts";
import { fetchShell, renderShell, ShellUnavailableError } from "./spa-shell.ts";
import { DEFAULT_DESCRIPTION, SITE_NAME } from "#core/seo/meta.ts";
import {
  SITEMAP_INDEX_PATH,
  SITEMAP_REGENERATE_ALL_PATH,
  SITEMAP_REGENERATE_PATH,
  SITEMAP_STATUS_PATH,
} from "#core/seo/endpoints.ts";

/** Who may rebuild the sitemaps at once: admins, and staff, whose publishing must show up too. */
export const SITEMAP_REGENERATE_ROLES = ["admin", "staff"] as const;

export interface AppDeps {
  content?: (env: EdgeEnv) => ContentSource;
  forms?: (env: EdgeEnv) => FormStore;
  appointments?: (env: EdgeEnv) => AppointmentStore;
  /**
   * After the server created or changed an inbox record (a form, a visitor's manage link): tell
   * staff live and wake the mail jobs. Default: the hub's internal publish and a job kick.
   */
  afterInboxChange?: (
    env: EdgeEnv,
    table: string,
    id: string,
    action: "created" | "updated",
    since: Date,
  ) => Promise<void>;
  verifyAdmin?: (ctx: EdgeContext, token: string | null, roles: readonly string[]) => Promise<AdminCheck>;
  /** The calendar feed's database lookup (tests use an in-memory one). */
  calendarFeed?: FeedLookup;
  /** URLs per sitemap file (tests use a small number to exercise splitting). */
  sitemapPageSize?: number;
  /** Minimum time between two effective app-start regenerations. */
  regenerateDebounceMs?: number;
  now?: () => Date;
  /** Online payments: a provider stub and database for tests. */
  payments?: PaymentRoutesDeps;
}

export type AppEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext; nonce: string } };

export const REGENERATE_DEBOUNCE_MS = 10 * 60_000;
const XML = "application/xml; charset=utf-8";
const PUBLIC_CACHE = "public, max-age=300, stale-while-revalidate=600";
const RATE_CACHE = { memoryMs: 60_000, edgeSeconds: 600, nullMemoryMs: 60_000 };

/** One client per isolate and environment (env objects are stable within an isolate). */
function memoize<T>(factory: (env: EdgeEnv) => T): (env: EdgeEnv) => T {
  const byEnv = new WeakMap<object, T>();
  return (env) => {
    let v = byEnv.get(env);
    if (v === undefined) {
      v = factory(env);
      byEnv.set(env, v);
    }
    return v;
  };
}

/** The request's execution context, if it has one (an app.request() in a unit test has none). */
function executionContextOf(c: Context): Parameters<Hono["fetch"]>[2] {
  try {
    return c.executionCtx as Parameters<Hono["fetch"]>[2];
  } catch {
    return undefined;
  }
}

/** Paths answered by the asset store: files, and Vite's dev-server modules (/@vite/client, /@id/…). */
/** Work that must not delay the answer: the request's waitUntil (app.request() in tests has none). */
function inBackground(c: Context<AppEnv>, work: Promise<unknown>): void {
  const done = work.catch((err: unknown) => console.warn("[edge] background work failed", err));
  try {
    c.executionCtx.waitUntil(done);
  } catch {
    void done;
  }
}

/** The default after an inbox change: staff live, and the runner wakes to send visitor and notification mail. */
async function announceAndKick(
  env: EdgeEnv,
  table: string,
  id: string,
  action: "created" | "updated",
  since: Date,
): Promise<void> {
  if (!env.SUPABASE_SECRET_KEY) return;
  await Promise.all([
    announceRecord(env, table, id, action, since),
    jobRunner(env)
      .kick()
      .catch((err: unknown) => console.warn("[edge] kicking the job runner failed", err)),
  ]);
}

function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith("/@") || pathname.startsWith("/node_modules/")) return true;
  const last = pathname.split("/").pop() ?? "";
  return /\.[a-z0-9]{1,8}$/i.test(last) && !last.endsWith(".html");
}

export function createApp(deps: AppDeps = {}) {
  const content = memoize(deps.content ?? supabaseContentSource);
  const forms = memoize(deps.forms ?? supabaseFormStore);
  const appointments = memoize(deps.appointments ?? supabaseAppointmentStore);
  const afterInboxChange = deps.afterInboxChange ?? announceAndKick;
  const verifyAdmin =
    deps.verifyAdmin ??
    ((ctx: EdgeContext, token: string | null, roles: readonly string[]) =>
      verifyAdminWithJwks(ctx, token, roles));
  const now = deps.now ?? (() => new Date());
  const debounceMs = deps.regenerateDebounceMs ?? REGENERATE_DEBOUNCE_MS;
  const sitemapOpts = { pageSize: deps.sitemapPageSize };

  const app = new Hono<AppEnv>();

  // ── Per-request context and security headers ───────────────────────────────────────────────
  app.use("*", async (c, next) => {
    c.set("edge", edgeContext(c.env, c.req.raw));
    c.set("nonce", createNonce());
    await next();
    const res = c.res;
    if (res.status === 101 || res.webSocket) return; // hub sockets pass through untouched
    if (new URL(c.req.url).pathname.startsWith("/parties/")) return;
    const out = new Response(res.body, res);
    const origin = new URL(c.req.url).origin;
    // A handler's own policy (e.g. the images' sandbox) stays; HTML gets the page policy.
    applySecurityHeaders(
      out.headers,
      isHtml(out)
        ? htmlCsp(c.var.edge, c.var.nonce, origin)
        : (out.headers.get("Content-Security-Policy") ?? API_CSP),
    );
    c.res = undefined;
    c.res = out;
  });

  app.onError((err, c) => {
    console.error(`[edge] ${c.req.method} ${c.req.path}:`, err);
    if (err instanceof ContentUnavailableError)
      return c.json(
        { error: "content_unavailable", message: "The database is unreachable; try again shortly" },
        503,
        { "Retry-After": "30" },
      );
    return c.json({ error: "internal_error", message: "Something went wrong" }, 500);
  });

  // ── Health, hub, images ─────────────────────────────────────────────────────────────────────
  app.get("/api/health", (c) => c.json({ ok: true }));
  app.all("/parties/*", (c) =>
    hubPathWithoutRoom(new URL(c.req.url).pathname) ? refuseBareHubPath(c) : c.env.HUB.fetch(c.req.raw),
  );
  app.get(`${PUBLIC_IMAGE_PREFIX}*`, (c) => servePublicImage(c, c.var.edge));

  // ── Public form API ─────────────────────────────────────────────────────────────────────────
  // Every request with a body larger than the API takes is a 413 before any of it is read.
  app.use("/api/*", refuseOversizedBody);
  app.post("/api/forms/:kind", (c) =>
    handleFormPost(c, c.req.param("kind"), {
      store: forms(c.env),
      rateLimiter: c.env.FORM_RATE_LIMITER ?? null,
      host: c.var.edge.host,
      now,
      onStored: (table, id) =>
        inBackground(c, afterInboxChange(c.env, table, id, "created", new Date(now().getTime() - 5000))),
    }),
  );

  // ── Availability and the visitor's manage link ──────────────────────────────────────────────
  app.route(
    "/",
    appointmentRoutes({
      forms,
      appointments,
      now,
      onChanged: (env, inbox, id, since) => {
        const work = afterInboxChange(env, inbox, id, "updated", since);
        void work.catch((err: unknown) => console.warn("[edge] after a visitor's change", err));
      },
    }),
  );

  // ── Sitemap regeneration ────────────────────────────────────────────────────────────────────
  app.post(SITEMAP_REGENERATE_PATH, async (c) => {
    const check = await verifyAdmin(
      c.var.edge,
      bearerToken(c.req.header("authorization")),
      SITEMAP_REGENERATE_ROLES,
    );
    if (!check.ok) {
      if (check.status === 401) c.header("WWW-Authenticate", 'Bearer realm="sitemaps"');
      return c.json({ error: check.code, message: check.message }, check.status);
    }
    const record = await markStale(now());
    const src = content(c.env);
    let counts: Awaited<ReturnType<typeof sitemapCounts>> | null = null;
    try {
      await sitemapIndexXml(c.var.edge, src, sitemapOpts); // rebuild now so the admin sees fresh files
      counts = await sitemapCounts(src);
    } catch (err) {
      if (!(err instanceof ContentUnavailableError)) throw err;
    }
    const origin = c.var.edge.mainOrigin;
    return c.json({
      regenerated: true,
      version: record.version,
      regeneratedAt: record.staleSince,
      sitemap: `${origin}/sitemap.xml`,
      feed: `${origin}${FEED_PATH}`,
      urls: counts,
    });
  });

  /** The SPA's start-up call: cheap, debounced server-side, no auth. */
  app.post(SITEMAP_REGENERATE_ALL_PATH, async (c) => {
    const at = now();
    const { staleSince } = await currentVersion(at.getTime());
    const last = staleSince ? Date.parse(staleSince) : 0;
    if (at.getTime() - last < debounceMs) {
      return c.json(
        {
          regenerated: false,
          lastRegeneratedAt: staleSince,
          nextAllowedAt: new Date(last + debounceMs).toISOString(),
        },
        202,
      );
    }
    const record = await markStale(at);
    return c.json({ regenerated: true, lastRegeneratedAt: record.staleSince }, 202);
  });

  /** For the admin sitemaps screen: what is published and when the files were last marked stale. */
  app.get(SITEMAP_STATUS_PATH, async (c) => {
    const { staleSince } = await currentVersion();
    const origin = c.var.edge.mainOrigin;
    let urls: Awaited<ReturnType<typeof sitemapCounts>> | null = null;
    try {
      urls = await sitemapCounts(content(c.env));
    } catch (err) {
      if (!(err instanceof ContentUnavailableError)) throw err;
    }
    return c.json(
      {
        lastRegeneratedAt: staleSince,
        sitemap: `${origin}/sitemap.xml`,
        feed: `${origin}${FEED_PATH}`,
        robots: `${origin}/robots.txt`,
        urls,
      },
      200,
      { "cache-control": "no-store" },
    );
  });

  // ── Background jobs ─────────────────────────────────────────────────────────────────────────
  app.route("/", jobRoutes({ verifyAdmin }));
  app.route("/", partnerRoutes({ verifyAdmin }));
  app.route("/", memberRoutes({ verifyAdmin })); // team administration: admins only, at the edge
  app.route("/", policyRoutes({ verifyAdmin })); // the organisation's two-factor policy
  app.route("/", invitationRoutes({ verifyAdmin }));

  // ── Calendar feeds ──────────────────────────────────────────────────────────────────────────
  app.route("/", calendarFeedRoutes(deps.calendarFeed, now));
  // ── Money: paying public invoices, document PDFs ───────────────────────────────────────────
  app.route("/", paymentRoutes(deps.payments));
  app.route("/", moneyDocumentRoutes());
  app.route("/", moneyLiveRoutes({ verifyAdmin, now }));
  app.route("/", reportRoutes()); // the annual transaction report, CSV and PDF, under the caller's RLS
  app.route("/", partnerAgreementRoutes()); // a co-broking agreement as a PDF, under the caller's RLS
  // ── Social debug: the page as each network's crawler gets it, through this app itself ────────
  app.route(
    "/",
    socialDebugRoutes({
      verifyAdmin,
      selfFetch: async (req, c) => app.fetch(req, c.env, executionContextOf(c)),
    }),
  );

  app.route("/", emailMarketingRoutes(now)); // campaign link clicks, provider bounce/complaint webhook
  app.route("/", whatsappRoutes()); // the WhatsApp Cloud API's webhook: statuses and incoming messages

  app.all("/api/*", (c) => c.json({ error: "not_found", message: `No API at ${c.req.path}` }, 404));

  // ── Marketing mail's one-click unsubscribe (a page with one button; POST unsubscribes) ────────
  app.route("/", unsubscribeRoutes());

  // ── robots, sitemaps, feed ──────────────────────────────────────────────────────────────────
  // Browsers still ask for /favicon.ico on their own (a reload, a bookmark, a tab restored); the
  // icon is the SVG the pages link.
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  app.get("/robots.txt", (c) => c.text(robotsTxt(c.var.edge), 200, { "cache-control": PUBLIC_CACHE }));

  app.get(SITEMAP_INDEX_PATH, async (c) =>
    c.body(await sitemapIndexXml(c.var.edge, content(c.env), sitemapOpts), 200, {
      "content-type": XML,
      "cache-control": PUBLIC_CACHE,
    }),
  );

  app.get("/feed", async (c) =>
    c.body(await feedXml(c.var.edge, content(c.env)), 200, {
      "content-type": "application/rss+xml; charset=utf-8",
      "cache-control": PUBLIC_CACHE,
    }),
  );
  for (const alias of ["/feed/", "/feed.xml", "/rss", "/rss.xml"])
    app.get(alias, (c) => c.redirect(FEED_PATH, 301));

  // ── Share pages ─────────────────────────────────────────────────────────────────────────────
  app.get("/share/:kind{property|blog}/:slug?", async (c) => {
    const kind = c.req.param("kind") as "property" | "blog";
    const slug = c.req.param("slug");
    if (!slug) return c.redirect(kind === "property" ? "/properties" : "/blog", 302);
    const edge = c.var.edge;
    const src = content(c.env);
    const meta =
      kind === "property"
        ? await cachedProperty(src, slug).then((p) => p && propertyMeta(edge, p))
        : await cachedPost(src, slug).then((p) => p && postMeta(edge, p));
    if (!meta) return renderPage(c, { status: 404, meta: notFoundMeta(edge, c.req.path) });
    return c.html(sharePage(meta, { nonce: c.var.nonce, feedUrl: `${edge.mainOrigin}${FEED_PATH}` }), 200, {
      "cache-control": "private, no-cache",
    });
  });

  /**
   * The USD→GHS rate the SPA shows prices with, cached like the listings. A page never fails for
   * it: without the database the SPA shows prices in their own currency only.
   */
  async function currentRate(env: EdgeEnv): Promise<UsdGhsRate | null> {
    const today = todayInAccra(now());
    try {
      return await cached(`usd-ghs:${today}`, RATE_CACHE, () => content(env).usdGhsRate(today));
    } catch (err) {
      if (!(err instanceof ContentUnavailableError)) throw err;
      return null;
    }
  }

  // ── Pages (the SPA shell with edge head) and everything else ────────────────────────────────
  async function renderPage(
    c: Context<AppEnv>,
    page: ResolvedPage | { status: 503; meta: ResolvedPage["meta"] },
  ): Promise<Response> {
    let shell: Response;
    // The prerendered first view only where it is this page: the main host, the page found.
    const url = new URL(c.req.url);
    const prerendered =
      c.var.edge.hostKind === "main" && page.status === 200
        ? prerenderedShellFor(url.pathname, url.search)?.key
        : undefined;
    try {
      shell = await fetchShell(c.env.ASSETS, c.req.url, prerendered);
    } catch (err) {
      if (!(err instanceof ShellUnavailableError)) throw err;
      console.error(`[edge] ${err.message}`);
      return c.text("The site is being updated; please try again in a minute.", 503, { "Retry-After": "60" });
    }
    const extra: Record<string, string> = page.status === 503 ? { "Retry-After": "30" } : {};
    return renderShell(shell, {
      meta: page.meta,
      siteConfig: siteConfigFor(c.var.edge, await currentRate(c.env)),
      nonce: c.var.nonce,
      feedUrl: `${c.var.edge.mainOrigin}${FEED_PATH}`,
      status: page.status,
      headers: extra,
    });
  }

  app.get("*", async (c) => {
    const url = new URL(c.req.url);
    const edge = c.var.edge;

    const sitemap = parseSitemapPath(url.pathname);
    if (sitemap) {
      const xml = await sitemapXml(edge, content(c.env), sitemap.kind, sitemap.page, sitemapOpts);
      if (xml === null) return c.text("No such sitemap page", 404);
      return c.body(xml, 200, { "content-type": XML, "cache-control": PUBLIC_CACHE });
    }

    if (looksLikeFile(url.pathname)) {
      const res = await c.env.ASSETS.fetch(c.req.raw);
      // The asset store answers unknown files with the SPA shell (single-page-application mode).
      if (res.status === 404 || isHtml(res)) {
        if (edge.hostKind === "other")
          return c.redirect(`${edge.mainOrigin}${url.pathname}${url.search}`, 301);
        return renderPage(c, { status: 404, meta: notFoundMeta(edge, url.pathname) });
      }
      return url.pathname === "/sw.js" ? serviceWorkerScript(res) : withAssetCaching(url.pathname, res);
    }

    if (url.pathname.length > 1 && url.pathname.endsWith("/"))
      return c.redirect(`${normalizePath(url.pathname)}${url.search}`, 301);

    const redirect = hostRedirect(edge, url);
    if (redirect) return c.redirect(redirect.location, redirect.status);

    let page: ResolvedPage | { status: 503; meta: ResolvedPage["meta"] };
    try {
      const resolved = await resolvePage(edge, url.pathname, content(c.env));
      if (resolved.status === 301) return c.redirect(`${resolved.location}${url.search}`, 301);
      page = resolved;
    } catch (err) {
      if (!(err instanceof ContentUnavailableError)) throw err;
      const route = findRoute(url.pathname);
      page = {
        status: 503,
        meta: {
          ...notFoundMeta(edge, url.pathname),
          title: `${route?.route.title ?? "Loading"} | ${SITE_NAME}`,
          description: DEFAULT_DESCRIPTION,
          robots: "noindex",
        },
      };
    }
    return renderPage(c, page);
  });

  app.all("*", (c) =>
    c.json({ error: "method_not_allowed", message: `${c.req.method} is not allowed here` }, 405, {
      Allow: "GET, HEAD",
    }),
  );

  return app;
}
