/**
 * axe-core on every public page: no serious or critical violations (WCAG 2.x A/AA rules), and no
 * horizontal scrolling on a small phone. The pages are checked by three files (a11y-*.test.ts) so
 * the suite's parallel workers share them: one file of twenty-odd axe runs was the suite's last
 * and longest.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_SLUGS } from "#core/services.ts";
import {
  hostUrl,
  launchBrowser,
  navigateInApp,
  openPage,
  screenshot,
  SITE,
  type WatchedPage,
} from "#tests/support/browser.ts";
import { anonClient } from "#tests/support/supabase.ts";
import { waitUntil } from "#tests/support/wait.ts";
import { seriousViolations } from "../shell/helpers.ts";

let propertySlug = "";
let postSlug = "";

/** The file that checks a page (a11y-<group>.test.ts). */
type Group = "listings" | "pages" | "forms";

interface PublicPage {
  name: string;
  group: Group;
  url: () => string;
  ready: string;
  /**
   * Scanned at a desktop width too, after the phone width (a resize of the same load). Only the
   * site header (the phone menu, the desktop links) and the invoice's lines show or hide parts by
   * width: other pages' content is the same at both widths, so one desktop scan covers each layout.
   */
  desktop?: boolean;
  /**
   * A page built of the same components as another one axe checks (the legal text pages): here
   * only that it fits a small phone, without an axe run of its own.
   */
  layoutOf?: string;
}

const PAGES: PublicPage[] = [
  { name: "home", group: "listings", desktop: true, url: () => `${SITE}/`, ready: "Featured properties" },
  {
    name: "properties",
    group: "listings",
    url: () => `${SITE}/properties`,
    ready: "Properties for sale and rent",
  },
  {
    name: "property",
    group: "listings",
    url: () => `${SITE}/property/${propertySlug}`,
    ready: "Key facts",
  },
  { name: "blog", group: "listings", url: () => `${SITE}/blog`, ready: "The Ghana property blog" },
  {
    name: "blog post",
    group: "listings",
    url: () => `${SITE}/blog/${postSlug}`,
    ready: "Share",
  },
  {
    name: "services",
    group: "pages",
    url: () => `${SITE}/services`,
    ready: "Real estate services across Ghana",
  },
  {
    name: "service",
    group: "pages",
    url: () => `${SITE}/services/${SERVICE_SLUGS[0]}`,
    ready: "What is included",
  },
  { name: "about", group: "pages", url: () => `${SITE}/about`, ready: "Our story" },
  {
    name: "associations",
    group: "pages",
    url: () => `${SITE}/associations`,
    ready: "Regulated, registered and connected",
  },
  { name: "contact", group: "forms", url: () => `${SITE}/contact`, ready: "Send us a message" },
  { name: "compliance", group: "pages", url: () => `${SITE}/compliance`, ready: "Licensing and compliance" },
  {
    name: "privacy",
    group: "pages",
    url: () => `${SITE}/privacy-policy`,
    ready: "Privacy Policy",
    layoutOf: "compliance",
  },
  {
    name: "terms",
    group: "pages",
    url: () => `${SITE}/terms-of-service`,
    ready: "Terms of Service",
    layoutOf: "compliance",
  },
  {
    name: "invoice",
    group: "forms",
    // Its lines are a list on a phone and a table from the small-tablet width up.
    desktop: true,
    url: () => `${SITE}/invoice/6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41`,
    ready: "How to pay",
  },
  {
    name: "consultation host",
    group: "forms",
    url: () => hostUrl("consult", "/"),
    ready: "Book a consultation",
  },
  { name: "bookings host", group: "forms", url: () => hostUrl("bookings", "/"), ready: "Book a viewing" },
  {
    name: "request host",
    group: "forms",
    url: () => hostUrl("request", "/"),
    ready: "Tell us what you are looking for",
  },
  { name: "collab host", group: "forms", url: () => hostUrl("collab", "/"), ready: "Partner with" },
];

/**
 * Counts the page's requests in flight, to wait for a page opened inside the app to have fetched
 * everything it shows (a load's "networkidle" only follows loads).
 */
function watchRequests(page: Page): () => Promise<void> {
  let inFlight = 0;
  let changed = Date.now();
  const start = () => {
    inFlight++;
    changed = Date.now();
  };
  const end = () => {
    inFlight--;
    changed = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  // Quiet for half a second, as "networkidle" is.
  return () =>
    waitUntil("the page's requests to end", async () => inFlight <= 0 && Date.now() - changed >= 500, {
      timeoutMs: 60_000,
      intervalMs: 50,
    }).then(() => undefined);
}

/**
 * Opens `href`: inside the app already loaded on that host, as a visitor's link would (the page is
 * the same React tree either way, and a load per page paid the site's start again), else a load.
 */
async function openAt(page: Page, href: string): Promise<void> {
  const target = new URL(href);
  if (new URL(page.url()).origin === target.origin)
    await navigateInApp(page, target.pathname + target.search);
  else await page.goto(href);
}

/**
 * Checks one group of PAGES, in a file of its own. The checks share one visitor's page, each page
 * opened at its width inside the app already loaded on its host (the first on each host by a load).
 */
export function describeAxe(group: Group): void {
  let browser: Browser;
  let visitor: WatchedPage;
  let networkQuiet: () => Promise<void>;
  beforeAll(async () => {
    browser = await launchBrowser();
    const [{ data: p }, { data: b }] = await Promise.all([
      anonClient().from("properties").select("slug").limit(1).single(),
      anonClient().from("blog_posts").select("slug").limit(1).single(),
    ]);
    propertySlug = (p as { slug: string }).slug;
    postSlug = (b as { slug: string }).slug;
    visitor = await openPage(browser);
    networkQuiet = watchRequests(visitor.page);
    await visitor.page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  });
  afterAll(async () => {
    await visitor?.context.close();
    await browser?.close();
  });

  const pages = PAGES.filter((p) => p.group === group);
  describe("accessibility (axe-core)", () => {
    // Every page on a small phone; a desktop width where the layout differs by width. axe runs are
    // costly: one per layout (pages of the same components only show that they fit the phone).
    for (const p of pages) {
      if (p.layoutOf) {
        it(`${p.name} at 360px fits the width (the layout of ${p.layoutOf}, which axe checks)`, async () => {
          const { page } = visitor;
          try {
            await page.setViewportSize({ width: 360, height: 800 });
            await openAt(page, p.url());
            await page.getByRole("heading", { name: p.ready }).first().waitFor();
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
          } catch (e) {
            await screenshot(page, `public-width-${p.name}`);
            throw e;
          }
        });
        continue;
      }
      const widths = p.desktop ? [360, 1280] : [360];
      it(`${p.name} at ${widths.join("px and ")}px has no serious or critical violations`, async () => {
        const { page } = visitor;
        let width = widths[0]!;
        try {
          await page.setViewportSize({ width, height: 800 });
          await openAt(page, p.url());
          await page.getByRole("heading", { name: p.ready }).first().waitFor();
          await networkQuiet();
          for (width of widths) {
            // A resize of the same load: the layout follows the width without another visit.
            await page.setViewportSize({ width, height: 800 });
            const bad = await seriousViolations(page);
            expect(
              bad.map(
                (v) =>
                  `${v.id} (${v.impact}) at ${width}px: ${v.help} — ${v.nodes
                    .map((n) => n.target.join(" "))
                    .slice(0, 3)
                    .join(" | ")}`,
              ),
            ).toEqual([]);
            // No horizontal scrolling on small phones.
            if (width === 360)
              expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
                360,
              );
          }
        } catch (e) {
          await screenshot(page, `public-axe-${p.name}-${width}`);
          throw e;
        }
      });
    }
  });
}
