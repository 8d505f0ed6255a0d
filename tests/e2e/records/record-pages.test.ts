/**
 * The record pages on the one engine, one walk as an admin: an invoice, a receipt, a listing, a
 * partner and a listing's title checks each open on their summary header (the facts that record's
 * user needs first, money exact at GHS 9,333,333.32), and the tab chosen is in the URL and still
 * open after a reload.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, navigateInApp, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { issuedInvoice, service } from "../invoices-receipts/helpers.ts";
import { removeListings } from "../properties-admin/helpers.ts";
import { fact, must, tabSurvivesReload } from "./record-pages-helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const ids = { invoice: "", number: "", payment: "", listing: "", partner: "" };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  const inv = await issuedInvoice(
    admin.id,
    { name: `Record Client ${tag}`, email: `rec-${tag}@example.test` },
    [{ description: "Sale commission", quantity: 1, unit_price: "9333333.32", tax_class: "exempt" }],
  );
  ids.invoice = inv.id;
  ids.number = inv.number;
  ids.payment = must(
    await service.rpc("record_payment", {
      payment: {
        amount: "1000",
        currency: "GHS",
        method: "cheque",
        allocations: [{ invoice_id: inv.id, amount: "1000" }],
      },
    }),
    "payment",
  ).id as string;
  ids.listing = (
    must(
      await service
        .from("properties")
        .insert({
          slug: `record-page-e2e-${tag}`,
          title: `Record page villa ${tag}`,
          property_type: "house",
          listing_type: "sale",
          price: "9333333.32",
          city: "Accra",
          status: "available",
          owner_id: admin.id,
          agent_id: admin.id,
        })
        .select("id")
        .single(),
      "listing",
    ) as { id: string }
  ).id;
  ids.partner = (
    must(
      await service
        .from("partners")
        .insert({
          kind: "agency",
          name: `Record Partner ${tag}`,
          reac_licence_number: `REAC/AG/2026/R${tag}`.toUpperCase(),
          default_split_percent: 40,
        })
        .select("id")
        .single(),
      "partner",
    ) as { id: string }
  ).id;
});

afterAll(async () => {
  if (ids.partner) await service.from("partners").delete().eq("id", ids.partner);
  if (ids.listing) await removeListings([ids.listing]);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("record pages", () => {
  it("invoice, receipt, listing, partner and title checks open on their summary; the tab survives a reload", async () => {
    const { page, context } = await signedInPage(browser, admin, `/invoices-receipts/${ids.invoice}`);
    try {
      // ── An invoice: what is owed, by whom, the actions to collect it ──
      await page.getByRole("heading", { level: 1, name: `Invoice ${ids.number}` }).waitFor();
      await fact(page, "Total")
        .getByText(/GHS\s?9,333,333\.32/)
        .waitFor();
      await fact(page, "Amount due")
        .getByText(/GHS\s?9,332,333\.32/)
        .waitFor();
      await fact(page, "Client").getByText(`Record Client ${tag}`).waitFor();
      await page.getByRole("button", { name: "Send by e-mail" }).waitFor();
      await page.getByRole("link", { name: "Record a payment" }).waitFor();
      await tabSurvivesReload(page, "History", "history");

      // ── Its receipt ──
      await navigateInApp(page, `/payments/${ids.payment}`);
      await fact(page, "Amount")
        .getByText(/GHS\s?1,000\.00/)
        .waitFor();
      await fact(page, "Method").getByText("Cheque").waitFor();
      await page.getByRole("region", { name: "Applied to invoices" }).waitFor();
      await tabSurvivesReload(page, "History", "history");

      // ── A listing: status, price, agent, days on market, viewings ──
      await navigateInApp(page, `/properties-admin/${ids.listing}`);
      await page.getByRole("heading", { level: 1, name: `Record page villa ${tag}` }).waitFor();
      await fact(page, "Price")
        .getByText(/GHS\s?9,333,333\.32/)
        .waitFor();
      await fact(page, "Days on market").getByText("Not published").waitFor();
      await fact(page, "Viewings").getByText("0 · 0 upcoming").waitFor();
      await expect.poll(() => fact(page, "Agent").textContent()).not.toMatch(/Nobody/);
      await tabSurvivesReload(page, "Owner", "owner");

      // ── A partner ──
      await navigateInApp(page, `/collaboration-management/${ids.partner}`);
      await fact(page, "Usual split").getByText("40%").waitFor();
      await fact(page, "People").getByText("0 · 0 on the portal").waitFor();
      await tabSurvivesReload(page, "Agreements", "agreements");

      // ── The listing's title checks ──
      await navigateInApp(page, `/title-checks/listing/${ids.listing}`);
      await page
        .getByRole("heading", { level: 1, name: `Title due diligence: Record page villa ${tag}` })
        .waitFor();
      await fact(page, "Title").getByText("Not verified").waitFor();
      await fact(page, "Open checks").getByText("Not started").waitFor();
    } catch (e) {
      await screenshot(page, "record-pages");
      throw e;
    } finally {
      await context.close();
    }
  });
});
