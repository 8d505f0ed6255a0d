/**
 * What a visitor sees — a listing's address without repeated parts and its
 * features once each; an invoice past its due date shows Overdue (derived from the due date in
 * Africa/Accra, on the page and in get_public_invoice); a map whose tiles cannot load shows the
 * address and a fallback instead of an empty box; `npm run status` prints a hub URL that
 * connects, and the bare hub path is refused with a clear close reason.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { COMPANY } from "#core/constants.ts";
import { EMULATOR_PORT, ROOT, SITE_PORT, SUPABASE_URL } from "#scripts/local-env.ts";
import { launchBrowser, openPage, screenshot, SITE } from "../support/browser.ts";
import { serviceClient } from "../support/supabase.ts";
import { apiHeaders, SITE_ORIGIN } from "./support.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const segments = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);

describe("a listing page", () => {
  it("shows the address without repeating the neighbourhood, and each feature once", async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${SITE}/property/4-bedroom-house-east-legon-american-house`);
      const heading = page.getByRole("heading", { level: 1 });
      await heading.waitFor();
      const where = (await page.locator("header p").first().textContent())!.trim();
      expect(where).toContain("East Legon");
      expect(new Set(segments(where)).size, where).toBe(segments(where).length);
      const location = (await page
        .getByRole("region", { name: "Location" })
        .or(page.locator("section[aria-labelledby=loc-h]"))
        .locator("p")
        .first()
        .textContent())!;
      expect(new Set(segments(location)).size, location).toBe(segments(location).length);
      const features = (await page.locator("section[aria-labelledby=feat-h] li").allTextContents()).map((f) =>
        f.trim().toLowerCase().replace(/[’']/g, "'"),
      );
      expect(features).toContain("boys' quarters");
      expect(new Set(features).size, features.join(" | ")).toBe(features.length);
    } catch (e) {
      await screenshot(page, "security-listing-address");
      throw e;
    } finally {
      await context.close();
    }
  });
});

describe("invoice status", () => {
  const service = serviceClient();
  const dayOffset = (days: number) => {
    const d = new Date(`${todayInAccra(new Date())}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  /**
   * An invoice issued through the money functions (numbers and statuses are theirs alone) 30 days
   * ago, due `due`, then paid as asked.
   */
  async function invoice(status: "sent" | "partially_paid" | "paid", due: string): Promise<string> {
    const { data, error } = await service
      .from("invoices")
      .insert({ bill_to_name: "Security Test Ltd" })
      .select("id")
      .single();
    if (error) throw new Error(error.message);
    const id = (data as { id: string }).id;
    const line = await service.from("invoice_items").insert({
      invoice_id: id,
      position: 1,
      description: "Valuation",
      quantity: 1,
      unit_price: 1000,
      discount_percent: 0,
      tax_class: "exempt",
    });
    if (line.error) throw new Error(line.error.message);
    const issued = await service.rpc("issue_invoice", { invoice_id: id });
    if (issued.error) throw new Error(issued.error.message);
    const backdated = await service.rpc("sec_date_invoice", { invoice_id: id, issued: dayOffset(-30), due });
    if (backdated.error) throw new Error(backdated.error.message);
    if (status !== "sent") {
      const amount = status === "paid" ? "1000.00" : "10.00";
      const paid = await service.rpc("record_payment", {
        payment: {
          amount,
          currency: "GHS",
          method: "bank_transfer",
          allocations: [{ invoice_id: id, amount }],
        },
      });
      if (paid.error) throw new Error(paid.error.message);
    }
    return id;
  }
  // Issued documents are never deleted: they stay, as a real agency's books would.

  it("an unpaid invoice past its due date (Africa/Accra) is overdue everywhere it shows", async () => {
    const overdue = await invoice("sent", dayOffset(-1));
    const partly = await invoice("partially_paid", dayOffset(-3));
    const dueToday = await invoice("sent", dayOffset(0));
    const paidLate = await invoice("paid", dayOffset(-5));
    const rpc = async (id: string) => {
      const res = await fetch(`${SUPABASE_URL}/rest/v1/rpc/get_public_invoice`, {
        method: "POST",
        headers: apiHeaders({ "content-type": "application/json" }),
        body: JSON.stringify({ invoice_id: id }),
      });
      return ((await res.json()) as { status: string }).status;
    };
    expect(await rpc(overdue)).toBe("overdue");
    expect(await rpc(partly)).toBe("overdue");
    expect(await rpc(dueToday)).toBe("sent");
    expect(await rpc(paidLate)).toBe("paid");

    const { page, context } = await openPage(browser);
    try {
      for (const [id, label] of [
        [overdue, "Overdue"],
        [dueToday, "Sent"],
        [paidLate, "Paid"],
      ] as const) {
        await page.goto(`${SITE}/invoice/${id}`);
        const status = page.getByTestId("invoice-status");
        await status.waitFor();
        expect(await status.textContent(), id).toBe(label);
      }
    } catch (e) {
      await screenshot(page, "security-invoice-overdue");
      throw e;
    } finally {
      await context.close();
    }
  });
});

describe("maps without tiles", () => {
  async function withoutTiles(pathname: string, check: (p: Page) => Promise<void>) {
    const { page, context } = await openPage(browser);
    await page.route(/tile\.openstreetmap\.org|basemaps\.cartocdn\.com/, (route) =>
      route.abort("internetdisconnected"),
    );
    try {
      await page.goto(`${SITE}${pathname}`);
      await check(page);
    } catch (e) {
      await screenshot(page, `security-map-${pathname}`);
      throw e;
    } finally {
      await context.close();
    }
  }

  it("the office map falls back to the address and a link", async () => {
    await withoutTiles("/contact", async (page) => {
      // The map starts when it scrolls into view.
      await page.getByRole("region", { name: /Map showing our office/ }).scrollIntoViewIfNeeded();
      const fallback = page.getByTestId("map-fallback");
      await fallback.waitFor({ timeout: 15_000 });
      expect(await fallback.textContent()).toContain(COMPANY.address);
      expect(await fallback.getByRole("link").first().getAttribute("href")).toMatch(
        /^https:\/\/www\.openstreetmap\.org\//,
      );
    });
  });

  it("the listings map falls back to the listings' places", async () => {
    await withoutTiles("/properties?view=map", async (page) => {
      const fallback = page.getByTestId("map-fallback");
      await fallback.waitFor({ timeout: 15_000 });
      expect(await fallback.getByRole("link").count()).toBeGreaterThan(1);
      expect(await fallback.textContent()).toMatch(/Accra|Tema|Kumasi|Takoradi/);
    });
  });
});

describe("the hub URL `npm run status` prints", () => {
  it("connects, and the bare hub path is refused with a reason", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/status.ts"],
      {
        cwd: ROOT,
        env: { ...process.env, EMULATOR_PORT: String(EMULATOR_PORT), SITE_PORT: String(SITE_PORT) },
      },
    );
    const hubUrl = /^HUB_URL="([^"]+)"$/m.exec(stdout)?.[1];
    expect(hubUrl).toMatch(/^ws:\/\/localhost:\d+\/parties\/hub\/[a-z0-9-]+$/);
    const connect = (url: string, closeOnOpen: boolean) =>
      new Promise<{ opened: boolean; code: number; reason: string }>((resolve) => {
        const ws = new WebSocket(url.replace("//localhost:", "//127.0.0.1:"), {
          headers: { Origin: SITE_ORIGIN, Host: `localhost:${SITE_PORT}` },
        } as unknown as string[]);
        let opened = false;
        const timer = setTimeout(() => ws.close(), 3000);
        ws.addEventListener("open", () => {
          opened = true;
          if (closeOnOpen) ws.close(1000, "done");
        });
        ws.addEventListener("close", (e) => {
          clearTimeout(timer);
          resolve({ opened, code: e.code, reason: e.reason });
        });
      });
    const ok = await connect(hubUrl!, true);
    expect(ok.opened, "the printed hub URL opens a socket").toBe(true);
    for (const bare of [hubUrl!.replace(/\/[^/]+$/, ""), `${hubUrl!.replace(/\/[^/]+$/, "")}/`]) {
      const refused = await connect(bare, false);
      expect(refused.code, bare).toBe(1008);
      expect(refused.reason, bare).toMatch(/room/i);
    }
  });
});
