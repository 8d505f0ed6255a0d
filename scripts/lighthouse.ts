/**
 * Lighthouse (mobile preset) on the public site's key pages: /, /properties, a property page
 * and a blog post. Prints Performance, Accessibility, Best Practices and SEO per page and exits
 * non-zero when a page is below the bars (95 / 100 / 100 / 100).
 *
 *   npm run lighthouse                      # uses the running stack (npm start), else builds and starts it
 *   LIGHTHOUSE_SITE=http://localhost:8792 npm run lighthouse   # audit another running site
 *   npm run lighthouse -- --no-fail         # report only
 *   npm run lighthouse -- --no-compress     # without the edge-like compressing proxy (see compressingProxy)
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
import { createClient } from "@supabase/supabase-js";
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
async function samplePaths(): Promise<{ name: string; path: string }[]> {
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
    { name: "home", path: "/" },
    { name: "properties", path: "/properties" },
    { name: "property", path: `/property/${(prop as { slug: string }).slug}` },
    { name: "blog post", path: `/blog/${(post as { slug: string }).slug}` },
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
    const pages = await samplePaths();
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
    const rows: { name: string; url: string; scores: Record<Category, number> }[] = [];
    try {
      for (const p of pages) {
        const url = `${base}${p.path}`;
        // Default config = the mobile preset (Moto G Power emulation, simulated slow 4G).
        // Lighthouse's trace engine occasionally fails to compute metrics on a busy machine
        // (score null, "LanternError"): run such a page once more before reporting it.
        let result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!result || result.lhr.categories.performance?.score == null || result.lhr.runtimeError) {
          result = await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
          });
        }
        if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError)
          console.warn(`${p.name}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Record<Category, number>;
        rows.push({ name: p.name, url, scores });
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
      JSON.stringify({ at: new Date().toISOString(), site, bars: BARS, pages: rows }, null, 2),
    );
    const below = rows.flatMap((r) =>
      CATEGORIES.filter((c) => r.scores[c] < BARS[c]).map(
        (c) => `${r.name}: ${LABEL[c]} ${r.scores[c]} < ${BARS[c]}`,
      ),
    );
    console.log(
      below.length
        ? `\nBelow the bars:\n  ${below.join("\n  ")}`
        : "\nAll pages meet the bars (Perf ≥ 95, A11y 100, BP 100, SEO 100).",
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
