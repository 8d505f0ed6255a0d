/**
 * Lighthouse (mobile preset) on the public site's key pages: /, /properties, a property page
 * and a blog post; then, signed in as the demo agent on the back-office host, /dashboard,
 * /business-contacts and /leads-hunt (Performance ≥ 90 there: a signed-in page waits for its
 * data). Prints Performance, Accessibility, Best Practices and SEO per page and exits non-zero
 * when a page is below its bars (public 95 / 100 / 100 / 100; back-office Perf 90, A11y 100, BP 100).
 *
 *   npm run lighthouse                      # uses the running stack (npm start), else builds and starts it
 *   LIGHTHOUSE_SITE=http://localhost:8792 npm run lighthouse   # audit another running site
 *   npm run lighthouse -- --no-fail         # report only
 *   npm run lighthouse -- --no-compress     # without the edge-like compressing proxy (see compressingProxy)
 *   npm run lighthouse -- --public          # the public pages only
 *   npm run lighthouse -- --signed-in       # the back-office pages only
 *
 * Runs against the production build with Debian's Chromium (CHROME_PATH or /usr/bin/chromium);
 * full JSON reports go to test-results/lighthouse/.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { createClient } from "@supabase/supabase-js";
import { AUTH_STORAGE_KEY } from "#core/site-config.ts";
import { ensureChromium } from "./chromium.ts";
import { ROOT, SITE_PORT, SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "./local-env.ts";
import { buildSite, isUp, startEmulator, startSite, stop } from "./stack.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const BARS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};
/** Back-office pages are not indexed (noindex by design), so SEO is reported but not barred. */
const BACK_OFFICE_BARS: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  "best-practices": 100,
  seo: 0,
};

interface AuditPage {
  name: string;
  path: string;
  /** Host prefix (`crm` → crm.localhost); none for the public site. */
  host?: string;
  bars: Record<Category, number>;
}
const BACK_OFFICE_PAGES: AuditPage[] = [
  { name: "dashboard", path: "/dashboard", host: "crm", bars: BACK_OFFICE_BARS },
  { name: "contacts", path: "/business-contacts", host: "crm", bars: BACK_OFFICE_BARS },
  { name: "leads hunt", path: "/leads-hunt", host: "crm", bars: BACK_OFFICE_BARS },
];
/** The demo agent (staff, no second factor): what an agent's phone opens. */
const AGENT = { email: "staff@demo.test", password: "demo-password" };

/**
 * Stores the agent's session where the SPA keeps it, on `origin`, in the Chrome that Lighthouse
 * drives (through CDP), so the audits (run with storage kept) load signed-in pages.
 */
async function signInChrome(port: number, origin: string): Promise<void> {
  const db = createClient(SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await db.auth.signInWithPassword(AGENT);
  if (error || !data.session) throw new Error(`sign-in as ${AGENT.email} failed: ${error?.message}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // robots.txt is answered without the SPA: the origin exists for localStorage, nothing else runs.
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [AUTH_STORAGE_KEY, JSON.stringify(data.session)],
    );
    await page.close();
  } finally {
    // Disconnects from Chrome without closing it (the browser was not launched by playwright).
    await browser.close();
  }
}

function withHost(base: string, host: string | undefined): string {
  if (!host) return base;
  const u = new URL(base);
  u.hostname = `${host}.localhost`;
  return u.origin;
}
const LABEL: Record<Category, string> = {
  performance: "Perf",
  accessibility: "A11y",
  "best-practices": "BP",
  seo: "SEO",
};

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Cloudflare's edge compresses text responses (brotli/gzip); the local preview (workerd's asset
 * server) does not, which would make Lighthouse measure ~3× the bytes a visitor downloads. This
 * proxy adds that compression in front of the local site; everything else passes through
 * unchanged (Host header included, so host routing still sees the main host).
 */
function compressingProxy(upstream: URL): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers["accept-encoding"];
    const up = http.request(
      {
        host: upstream.hostname === "localhost" ? "127.0.0.1" : upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
      },
      (upRes) => {
        const type = String(upRes.headers["content-type"] ?? "");
        const accepts = String(req.headers["accept-encoding"] ?? "");
        const enc =
          !COMPRESSIBLE.test(type) || upRes.headers["content-encoding"]
            ? null
            : accepts.includes("br")
              ? "br"
              : accepts.includes("gzip")
                ? "gzip"
                : null;
        const out = { ...upRes.headers };
        if (enc) {
          delete out["content-length"];
          out["content-encoding"] = enc;
          out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
        }
        res.writeHead(upRes.statusCode ?? 502, out);
        if (!enc) upRes.pipe(res);
        else
          upRes
            .pipe(
              enc === "br"
                ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
                : zlib.createGzip(),
            )
            .pipe(res);
      },
    );
    up.on("error", (err) => {
      res.writeHead(502).end(String(err));
    });
    req.pipe(up);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `${upstream.protocol}//${upstream.hostname}:${port}`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

/** A published property and the newest post, read as a visitor would. */
async function samplePaths(): Promise<AuditPage[]> {
  const db = createClient(SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const [{ data: prop, error: e1 }, { data: post, error: e2 }] = await Promise.all([
    db
      .from("properties")
      .select("slug")
      .order("featured", { ascending: false })
      .order("published_at", { ascending: false })
      .limit(1)
      .single(),
    db.from("blog_posts").select("slug").order("published_at", { ascending: false }).limit(1).single(),
  ]);
  if (e1 || e2) throw new Error(`could not pick sample pages: ${(e1 ?? e2)?.message}`);
  return [
    { name: "home", path: "/", bars: BARS },
    { name: "properties", path: "/properties", bars: BARS },
    { name: "property", path: `/property/${(prop as { slug: string }).slug}`, bars: BARS },
    { name: "blog post", path: `/blog/${(post as { slug: string }).slug}`, bars: BARS },
  ];
}

async function main() {
  const noFail = process.argv.includes("--no-fail");
  const site = process.env.LIGHTHOUSE_SITE ?? `http://localhost:${SITE_PORT}`;
  const started: ChildProcess[] = [];
  try {
    if (!process.env.LIGHTHOUSE_SITE) {
      if (!(await isUp(`${SUPABASE_URL}/auth/v1/health`))) started.push(await startEmulator({ quiet: true }));
      if (!(await isUp(`http://127.0.0.1:${SITE_PORT}/api/health`))) {
        console.log("Building the production site (vite build)…");
        await buildSite({ quiet: true });
        started.push(await startSite({ quiet: true }));
      }
    }
    const only = process.argv.includes("--public")
      ? "public"
      : process.argv.includes("--signed-in")
        ? "signed-in"
        : null;
    const pages = [
      ...(only === "signed-in" ? [] : await samplePaths()),
      ...(only === "public" ? [] : BACK_OFFICE_PAGES),
    ];
    const outDir = path.join(ROOT, "test-results", "lighthouse");
    fs.mkdirSync(outDir, { recursive: true });

    // --no-compress measures the local server as it is (no edge compression).
    const proxy = process.argv.includes("--no-compress") ? null : await compressingProxy(new URL(site));
    const base = proxy?.origin ?? site;
    if (proxy)
      console.log(
        `Auditing ${site} through a compressing proxy at ${base} (as Cloudflare's edge compresses).`,
      );
    const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: CHROME_FLAGS });
    const rows: {
      name: string;
      url: string;
      scores: Record<Category, number>;
      bars: Record<Category, number>;
    }[] = [];
    const signedIn = new Set<string>();
    try {
      for (const p of pages) {
        const origin = withHost(base, p.host);
        const url = `${origin}${p.path}`;
        if (p.host && !signedIn.has(origin)) {
          await signInChrome(chrome.port, origin);
          signedIn.add(origin);
        }
        // Signed-in pages keep the session stored above (Lighthouse clears storage by default).
        const keep = { disableStorageReset: Boolean(p.host) };
        // Default config = the mobile preset (Moto G Power emulation, simulated slow 4G).
        // Lighthouse's trace engine occasionally fails to compute metrics on a busy machine
        // (score null, "LanternError"): run such a page once more before reporting it.
        let result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ...keep,
        });
        if (!result || result.lhr.categories.performance?.score == null || result.lhr.runtimeError) {
          result = await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
            ...keep,
          });
        }
        if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError)
          console.warn(`${p.name}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Record<Category, number>;
        // A signed-in audit that landed on the sign-in screen measured the wrong page.
        const finalUrl = result.lhr.finalDisplayedUrl ?? url;
        if (p.host && new URL(finalUrl).pathname !== p.path)
          throw new Error(`${p.name}: the audit ended on ${finalUrl}, not ${url} (signed out?)`);
        rows.push({ name: p.name, url, scores, bars: p.bars });
        fs.writeFileSync(path.join(outDir, `${p.name.replace(/\W+/g, "-")}.json`), String(result.report));
        const failing = Object.values(result.lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== "informative" &&
              a.scoreDisplayMode !== "manual" &&
              a.scoreDisplayMode !== "notApplicable",
          )
          .map((a) => a.id);
        console.log(
          `${p.name.padEnd(11)} ${CATEGORIES.map((c) => `${LABEL[c]} ${scores[c]}`).join("  ")}  (${url})`,
        );
        const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? "–";
        console.log(
          `            FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
        );
        if (failing.length) console.log(`            below 100: ${failing.slice(0, 12).join(", ")}`);
      }
    } finally {
      await chrome.kill();
      await proxy?.close();
    }

    fs.writeFileSync(
      path.join(outDir, "summary.json"),
      JSON.stringify({ at: new Date().toISOString(), site, pages: rows }, null, 2),
    );
    const below = rows.flatMap((r) =>
      CATEGORIES.filter((c) => r.scores[c] < r.bars[c]).map(
        (c) => `${r.name}: ${LABEL[c]} ${r.scores[c]} < ${r.bars[c]}`,
      ),
    );
    console.log(
      below.length
        ? `\nBelow the bars:\n  ${below.join("\n  ")}`
        : "\nAll pages meet their bars (public: Perf ≥ 95, A11y 100, BP 100, SEO 100; back-office: Perf ≥ 90, A11y 100, BP 100).",
    );
    if (below.length && !noFail) process.exitCode = 1;
  } finally {
    for (const c of started.reverse()) await stop(c);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
