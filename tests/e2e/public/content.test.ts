/** Service pages, the public invoice, and safe markdown in blog posts. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { TEXT } from "#core/constants.ts";
import { SERVICES } from "#app/features/public/services-data.ts";
import { launchBrowser, navigateInApp, SITE } from "#tests/support/browser.ts";
import { anonClient, serviceClient } from "#tests/support/supabase.ts";
import { sharedVisitor } from "./helpers.ts";

let browser: Browser;
// One visitor's page for the file's tests (each opens its own address in it).
const visitor = sharedVisitor();
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await visitor.close();
  await browser?.close();
});

describe("service pages", () => {
  it("renders every service page with its own title, and /services lists them all", async () => {
    await visitor.run(browser, "services", async (page) => {
      await page.goto(`${SITE}/services`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      for (const s of SERVICES)
        await page.getByRole("link", { name: s.title, exact: true }).first().waitFor();
      // Client-side navigation through all 14 (plus one direct load) keeps this fast.
      for (const s of SERVICES) {
        await navigateInApp(page, `/services/${s.slug}`);
        await page.getByRole("heading", { level: 1, name: s.title, exact: true }).waitFor();
        await expect.poll(() => page.title()).toContain(s.title);
        const cta = page.getByRole("link", { name: s.cta }).first();
        expect(await cta.getAttribute("href")).toMatch(
          new RegExp(`^http://consult\\.localhost:\\d+/\\?service=${s.slug}$`),
        );
      }
      await page.goto(`${SITE}/services/${SERVICES[5]!.slug}`);
      await page.getByRole("heading", { level: 1, name: SERVICES[5]!.title, exact: true }).waitFor();
    });
  });

  it("shows the not-found page for an unknown service", async () => {
    await visitor.run(browser, "service-404", async (page) => {
      await page.goto(`${SITE}/services/underwater-basket-weaving`);
      await page.getByRole("heading", { name: TEXT.notFoundTitle }).waitFor();
    });
  });
});

describe("public invoice", () => {
  it("renders a seeded invoice with items, Ghana taxes and totals", async () => {
    // Seeded: INV-2026-0001, 30,000 + 2,500 standard-rated; 15 % VAT + 2.5 % NHIL + 2.5 % GETFund.
    await visitor.run(browser, "invoice", async (page) => {
      await page.goto(`${SITE}/invoice/6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41`);
      await page.getByTestId("invoice-number").filter({ hasText: "INV-2026-0001" }).waitFor();
      const totals = page.getByTestId("invoice-totals");
      const text = (await totals.textContent()) ?? "";
      expect(text).toContain("Subtotal");
      expect(text).toMatch(/VAT \(15 %\)GHS\s?4,875\.00/);
      expect(text).toMatch(/NHIL \(2\.5 %\)GHS\s?812\.50/);
      expect(text).toMatch(/GETFund Levy \(2\.5 %\)GHS\s?812\.50/);
      expect(await page.getByTestId("invoice-total").textContent()).toMatch(/GHS\s?39,000\.00/);
      // Sent, due 16 Nov 2026: overdue from the 17th in Africa/Accra (derived from the due date).
      expect(await page.getByTestId("invoice-status").textContent()).toBe(
        todayInAccra() > "2026-11-16" ? "Overdue" : "Sent",
      );
      await page.getByText("Kwame Mensah").waitFor();
      await page.getByRole("heading", { name: "How to pay" }).waitFor();
    });
  });

  it("shows a clear not-found state for an unknown or malformed id, and never a draft", async () => {
    const admin = serviceClient();
    const { data: draft, error } = await admin
      .from("invoices")
      .insert({ status: "draft", bill_to_name: "Draft Client" }) // drafts have no number until issued
      .select("id")
      .single();
    if (error) throw error;
    try {
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", (draft as { id: string }).id]) {
        await visitor.run(browser, `invoice-404-${id}`, async (page) => {
          await page.goto(`${SITE}/invoice/${id}`);
          await page.getByRole("heading", { name: "Invoice not found" }).waitFor();
          expect(await page.getByText("Draft Client").count()).toBe(0);
        });
      }
    } finally {
      await admin
        .from("invoices")
        .delete()
        .eq("id", (draft as { id: string }).id);
    }
  });
});

describe("blog", () => {
  it("renders markdown but never executes raw HTML or script injected into a post", async () => {
    const admin = serviceClient();
    const slug = `e2e-injection-${Date.now()}`;
    const content = [
      "## Safe heading",
      "",
      "Some **bold** text and a [good link](https://example.com).",
      "",
      "<script>window.__pwned = 'script'</script>",
      "",
      '<img src="x" onerror="window.__pwned = \'img\'">',
      "",
      "[bad link](javascript:window.__pwned='link')",
    ].join("\n");
    const { error } = await admin.from("blog_posts").insert({
      slug,
      title: "E2E injection test post",
      content,
      status: "published",
      published_at: new Date(Date.now() - 60_000).toISOString(),
      tags: ["e2e"],
      author_name: "Test Author",
    });
    if (error) throw error;
    try {
      await visitor.run(browser, "blog-injection", async (page) => {
        await page.goto(`${SITE}/blog/${slug}`);
        const body = page.getByTestId("post-body");
        await body.getByRole("heading", { level: 2, name: "Safe heading" }).waitFor();
        expect(await body.locator("strong").textContent()).toBe("bold");
        expect(await body.getByRole("link", { name: "good link" }).getAttribute("href")).toBe(
          "https://example.com",
        );
        // The raw HTML is shown as text, not parsed.
        expect(await body.locator("script").count()).toBe(0);
        expect(await body.locator("img").count()).toBe(0);
        expect(await body.textContent()).toContain("<script>window.__pwned = 'script'</script>");
        // The javascript: link is not a link.
        expect(await body.getByRole("link", { name: "bad link" }).count()).toBe(0);
        await page.getByText("Test Author").first().waitFor();
        await page.getByText(/min read/).waitFor();
        // Nothing on the page could run code (no script, no image): the marker stays unset.
        expect(
          await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
        ).toBeUndefined();
      });
    } finally {
      await admin.from("blog_posts").delete().eq("slug", slug);
    }
  });

  it("lists posts with tag filtering", async () => {
    await visitor.run(browser, "blog-list", async (page) => {
      await page.goto(`${SITE}/blog`);
      const tags = page.getByRole("navigation", { name: "Tags" });
      await tags.getByRole("link", { name: "legal" }).click();
      await page.waitForURL(/tag=legal/);
      const { count } = await anonClient()
        .from("blog_posts")
        .select("id", { count: "exact", head: true })
        .contains("tags", ["legal"]);
      await expect
        .poll(() => page.getByRole("main").getByRole("heading", { level: 2 }).count())
        .toBe(count ?? -1);
    });
  });
});
