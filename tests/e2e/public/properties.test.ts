/** Property search (filters narrow results, the URL reproduces them) and the property page. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, serviceClient } from "#tests/support/supabase.ts";
import { launchBrowser, SITE } from "#tests/support/browser.ts";
import { resultCount, sharedVisitor, withPage } from "./helpers.ts";
import { TEXT } from "#core/constants.ts";

let browser: Browser;
// One visitor's page for the file's tests; the shared search link opens in a fresh one.
const visitor = sharedVisitor();
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await visitor.close();
  await browser?.close();
});

async function dbCount(filters: {
  listing_type?: string;
  property_type?: string;
  minBeds?: number;
}): Promise<number> {
  let q = anonClient().from("properties").select("id", { count: "exact", head: true });
  if (filters.listing_type) q = q.eq("listing_type", filters.listing_type);
  if (filters.property_type) q = q.eq("property_type", filters.property_type);
  if (filters.minBeds != null) q = q.gte("bedrooms", filters.minBeds);
  const { count, error } = await q;
  if (error) throw error;
  return count ?? 0;
}

/**
 * The page shows as many results as the database has published for these filters. Other e2e
 * files publish listings while this one runs (files run side by side), so the two are compared
 * at the same moment, reloading the page until they agree.
 */
async function expectShownCount(page: Page, filters: Parameters<typeof dbCount>[0]): Promise<void> {
  await expect
    .poll(async () => {
      if ((await resultCount(page)) === (await dbCount(filters))) return true;
      await page.reload();
      return false;
    })
    .toBe(true);
}

describe("/properties search", () => {
  it("narrows results with filters, syncs them to the URL, and the URL reproduces the search", async () => {
    const all = await dbCount({});
    const rentals = await dbCount({ listing_type: "rent" });
    const rentalFlats = await dbCount({ listing_type: "rent", property_type: "apartment" });
    expect(all, "seeded listings").toBeGreaterThan(rentals);
    expect(rentals).toBeGreaterThan(rentalFlats);
    expect(rentalFlats).toBeGreaterThan(0);

    let sharedUrl = "";
    let titles: string[] = [];
    await visitor.run(browser, "search", async (page) => {
      await page.goto(`${SITE}/properties`);
      await expectShownCount(page, {});

      await page.getByLabel("Buy or rent").selectOption("rent");
      await page.waitForURL(/listing=rent/);
      await expectShownCount(page, { listing_type: "rent" });

      await page.getByLabel("Property type").selectOption("apartment");
      await page.waitForURL(/type=apartment/);
      await expectShownCount(page, { listing_type: "rent", property_type: "apartment" });

      const cards = page.getByRole("list", { name: "Search results" }).getByRole("heading", { level: 2 });
      await expect.poll(() => cards.count()).toBe(Math.min(rentalFlats, 12));
      titles = await cards.allTextContents();
      sharedUrl = page.url();
      expect(new URL(sharedUrl).searchParams.get("listing")).toBe("rent");
      expect(new URL(sharedUrl).searchParams.get("type")).toBe("apartment");
    });

    // A fresh visitor opening the shared URL sees the same search, filters filled in.
    await withPage(browser, "search-shared", async (page) => {
      await page.goto(sharedUrl);
      await expectShownCount(page, { listing_type: "rent", property_type: "apartment" });
      expect(await page.getByLabel("Buy or rent").inputValue()).toBe("rent");
      expect(await page.getByLabel("Property type").inputValue()).toBe("apartment");
      const cards = page.getByRole("list", { name: "Search results" }).getByRole("heading", { level: 2 });
      await expect.poll(() => cards.allTextContents()).toEqual(titles);
    });
  });

  it("filters by bedrooms and keywords server-side, and shows an empty state", async () => {
    await visitor.run(browser, "search-beds", async (page) => {
      await page.goto(`${SITE}/properties?beds=3`);
      await expectShownCount(page, { minBeds: 3 });
      await page.getByLabel("Keywords").fill("zzzz-no-such-listing");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL(/q=zzzz-no-such-listing/);
      await expect.poll(() => resultCount(page)).toBe(0);
      await expect
        .poll(() => page.getByRole("heading", { name: "No properties match your search" }).count())
        .toBe(1);
    });
  });

  it("switches to the map view (Leaflet) without breaking when tiles are unreachable", async () => {
    await visitor.run(browser, "map", async (page) => {
      // Unreachable tiles for the rest of the page's life too: no other test here needs them.
      await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
      await page.goto(`${SITE}/properties?listing=sale`);
      await resultCount(page);
      await page.getByRole("button", { name: "Map" }).click();
      await page.waitForURL(/view=map/);
      await page.locator(".leaflet-container").waitFor();
      await expect.poll(() => page.locator(".leaflet-marker-icon").count()).toBeGreaterThan(0);
    });
  });
});

describe("home page search", () => {
  it("hands location, type, buy/rent and budget to /properties as URL filters", async () => {
    await visitor.run(browser, "home-search", async (page, errors) => {
      // Every app start asks the worker to regenerate the sitemaps (it debounces).
      const regenerate = page.waitForRequest(
        (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/sitemaps/regenerate-all",
      );
      await page.goto(`${SITE}/`);
      await regenerate;
      await page.getByRole("heading", { name: "Featured properties" }).waitFor();
      await expect
        .poll(() =>
          page
            .getByRole("heading", { name: "Featured properties" })
            .locator("xpath=../../..")
            .getByRole("article")
            .count(),
        )
        .toBeGreaterThan(0);
      const form = page.getByRole("search", { name: "Find a property" });
      await form.getByLabel("Location").fill("Tema");
      await form.getByLabel("Type").selectOption("house");
      await form.getByLabel("Buy or rent").selectOption("sale");
      await form.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/\/properties\?/);
      const params = new URL(page.url()).searchParams;
      expect(Object.fromEntries(params)).toEqual({ location: "Tema", type: "house", listing: "sale" });
      const { count } = await anonClient()
        .from("properties")
        .select("id", { count: "exact", head: true })
        .eq("property_type", "house")
        .eq("listing_type", "sale")
        .or("city.ilike.*Tema*,neighbourhood.ilike.*Tema*,region.ilike.*Tema*");
      await expect.poll(() => resultCount(page)).toBe(count);
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    });
  });
});

describe("/property/:slug", () => {
  it("shows the listing's key facts, price and an operable gallery", async () => {
    const { data, error } = await anonClient()
      .from("properties")
      .select("slug,title,bedrooms,bathrooms,property_images(storage_path)")
      // A featured seeded listing no test edits.
      .eq("slug", "2-bedroom-apartment-airport-residential")
      .single();
    if (error) throw error;
    const p = data as {
      slug: string;
      title: string;
      bedrooms: number;
      bathrooms: number;
      property_images: unknown[];
    };
    expect(p.property_images.length).toBeGreaterThan(1);

    await visitor.run(browser, "property", async (page) => {
      await page.goto(`${SITE}/property/${p.slug}`);
      await page.getByRole("heading", { level: 1, name: p.title }).waitFor();
      const facts = page.getByTestId("key-facts");
      await expect.poll(() => facts.textContent()).toContain(`Bedrooms${p.bedrooms}`);
      expect(await facts.textContent()).toContain(`Bathrooms${p.bathrooms}`);
      expect(await page.title()).toContain(p.title);
      // The price in the other currency uses the newest rate in effect in exchange_rates.
      const { data: rate } = await anonClient()
        .from("exchange_rates")
        .select("rate")
        .lte("effective_on", new Date().toISOString().slice(0, 10))
        .order("effective_on", { ascending: false })
        .limit(1)
        .single();
      await page
        .getByText(`(indicative, USD 1 = GHS ${Number((rate as { rate: number }).rate)} on `)
        .waitFor();
      // The agent card names the listing's agent (or the sales team when it has none).
      const { data: agents } = await anonClient().rpc("listing_agent", { listing_slug: p.slug });
      const agent = (agents as { first_name: string; last_name: string }[])[0];
      const card = page.getByTestId("agent-card");
      await card.getByText(agent ? `${agent.first_name} ${agent.last_name}` : "sales team").waitFor();

      const gallery = page.getByRole("region", { name: `Photos of ${p.title}` });
      const counter = gallery.getByText(new RegExp(`^1 / ${p.property_images.length}$`));
      await counter.waitFor();
      await gallery.getByRole("button", { name: "Next photo" }).click();
      await gallery.getByText(`2 / ${p.property_images.length}`).waitFor();
      // Keyboard: arrow keys browse.
      await page.getByTestId("gallery-main").focus();
      await page.keyboard.press("ArrowLeft");
      await gallery.getByText(`1 / ${p.property_images.length}`).waitFor();
      const img = gallery.getByTestId("gallery-main").locator("img");
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBeTruthy();

      // Book a viewing leads to the bookings host, linked to this property.
      const book = page.getByRole("link", { name: "Book a viewing" });
      const href = await book.getAttribute("href");
      expect(href).toMatch(new RegExp(`^http://bookings\\.localhost:\\d+/\\?property=${p.slug}$`));
      // Share links use the /share/property URL.
      expect(await page.getByRole("button", { name: "Copy link" }).getAttribute("data-share-url")).toMatch(
        `/share/property/${p.slug}`,
      );
    });
  });

  it("answers an unknown or unpublished slug with the not-found page", async () => {
    const { data } = await anonClient().from("properties").select("slug").limit(1000);
    const published = new Set((data ?? []).map((r: { slug: string }) => r.slug));
    const unknown = "no-such-listing-anywhere-123";
    expect(published.has(unknown)).toBe(false);
    const { data: hidden } = await serviceClient().from("properties").select("slug").limit(1000);
    const unpublished = (hidden ?? []).map((r: { slug: string }) => r.slug).find((s) => !published.has(s));
    for (const slug of [unknown, unpublished].filter((s): s is string => Boolean(s))) {
      await visitor.run(browser, `property-404-${slug}`, async (page) => {
        await page.goto(`${SITE}/property/${slug}`);
        await page.getByRole("heading", { name: TEXT.notFoundTitle }).waitFor();
      });
    }
  });
});
