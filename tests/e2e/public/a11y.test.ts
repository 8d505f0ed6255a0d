/** axe-core on every public page: no serious or critical violations (WCAG 2.x A/AA rules). */
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_SLUGS } from "#core/services.ts";
import { hostUrl, launchBrowser, SITE } from "#tests/support/browser.ts";
import { anonClient } from "#tests/support/supabase.ts";
import { withPage } from "./helpers.ts";

let browser: Browser;
let propertySlug = "";
let postSlug = "";
beforeAll(async () => {
  browser = await launchBrowser();
  const [{ data: p }, { data: b }] = await Promise.all([
    anonClient().from("properties").select("slug").limit(1).single(),
    anonClient().from("blog_posts").select("slug").limit(1).single(),
  ]);
  propertySlug = (p as { slug: string }).slug;
  postSlug = (b as { slug: string }).slug;
});
afterAll(async () => {
  await browser?.close();
});

const PAGES: { name: string; url: () => string; ready: string; desktop?: boolean }[] = [
  { name: "home", desktop: true, url: () => `${SITE}/`, ready: "Featured properties" },
  {
    name: "properties",
    desktop: true,
    url: () => `${SITE}/properties`,
    ready: "Properties for sale and rent",
  },
  { name: "property", desktop: true, url: () => `${SITE}/property/${propertySlug}`, ready: "Key facts" },
  { name: "blog", url: () => `${SITE}/blog`, ready: "The Ghana property blog" },
  { name: "blog post", desktop: true, url: () => `${SITE}/blog/${postSlug}`, ready: "Share" },
  { name: "services", url: () => `${SITE}/services`, ready: "Real estate services across Ghana" },
  { name: "service", url: () => `${SITE}/services/${SERVICE_SLUGS[0]}`, ready: "What is included" },
  { name: "about", url: () => `${SITE}/about`, ready: "Our story" },
  { name: "associations", url: () => `${SITE}/associations`, ready: "Regulated, registered and connected" },
  { name: "contact", url: () => `${SITE}/contact`, ready: "Send us a message" },
  { name: "compliance", url: () => `${SITE}/compliance`, ready: "Licensing and compliance" },
  { name: "privacy", url: () => `${SITE}/privacy-policy`, ready: "Privacy Policy" },
  { name: "terms", url: () => `${SITE}/terms-of-service`, ready: "Terms of Service" },
  { name: "invoice", url: () => `${SITE}/invoice/6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41`, ready: "How to pay" },
  { name: "consultation host", url: () => hostUrl("consult", "/"), ready: "Book a consultation" },
  { name: "bookings host", url: () => hostUrl("bookings", "/"), ready: "Book a viewing" },
  { name: "request host", url: () => hostUrl("request", "/"), ready: "Tell us what you are looking for" },
  { name: "collab host", url: () => hostUrl("collab", "/"), ready: "Partner with" },
];

describe("accessibility (axe-core)", () => {
  // Every page on a small phone; the busiest ones on a desktop too (the machine is shared: axe runs are costly).
  for (const p of PAGES) {
    for (const width of p.desktop ? [360, 1280] : [360]) {
      it(`${p.name} at ${width}px has no serious or critical violations`, async () => {
        await withPage(
          browser,
          `axe-${p.name}-${width}`,
          async (page) => {
            await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
            await page.goto(p.url());
            await page.getByRole("heading", { name: p.ready }).first().waitFor({ timeout: 15_000 });
            await page.waitForLoadState("networkidle");
            const results = await new AxeBuilder({ page })
              .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
              .analyze();
            const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
            expect(
              bad.map(
                (v) =>
                  `${v.id} (${v.impact}): ${v.help} — ${v.nodes
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
          },
          { viewport: { width, height: 800 } },
        );
      });
    }
  }
});
