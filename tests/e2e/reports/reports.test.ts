/**
 * Reports in Chromium, one walk per role. A staff member of their own (so their figures are
 * exactly this file's records): a paid invoice, an unpaid one and a won deal with its transaction
 * certificate move the money figures, the invoice list's header, the leaderboard and the annual
 * transaction report by exactly their amounts, labelled "your records"; the annual report
 * downloads as CSV (header row first) and PDF; the contact's data-subject export holds the
 * timeline and the invoices. An admin: the reports open with charts and tables, the figures equal
 * what the database computes, the dashboard shows the trend charts, and the annual report lists
 * the staff member's won deal. Both walks share one browser, signed in as each in turn, and move between screens as a link
 * would (no reloads).
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMinor } from "#core/money/minor-units.ts";
import { receivablesRowSchema, totalsByCurrency } from "#core/reports/figures.ts";
import { launchBrowser, navigateInApp, screenshot } from "#tests/support/browser.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { download, isPdf, issuedInvoice, service } from "../invoices-receipts/helpers.ts";
import { signedInTurns } from "../support/signed-in-turns.ts";

let browser: Browser;
// One browser for both walks, signed in as each in turn.
const turns = signedInTurns();
let staff: TestUser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const year = new Date().getUTCFullYear();
const dealTitle = `Sale of 4-bed, Airport Hills ${tag}`;
const certificate = `RETC/${year}/${tag}`;
const email = `efua-${tag}@example.com`;
// A GHS line of 9,333,333.32 exempt from VAT: total = revenue = 9,333,333.32.
const BIG = {
  description: "Agency fee",
  quantity: 1,
  unit_price: "9333333.32",
  tax_class: "exempt" as const,
};
const SMALL = { description: "Valuation", quantity: 1, unit_price: "1250.50", tax_class: "exempt" as const };
const money = (minor: number) => formatMinor(minor, "GHS").replace(" ", "\\s?");

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, admin] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "admin" })]);
  // The staff member's records: a contact, an unpaid invoice in their name, a paid one, a won deal.
  const contact = await service
    .from("contacts")
    .insert({ first_name: "Efua", last_name: `Reports ${tag}`, email, owner_id: staff.id })
    .select("id")
    .single();
  if (contact.error) throw new Error(contact.error.message);
  contactId = (contact.data as { id: string }).id;
  await issuedInvoice(staff.id, { name: `Efua Reports ${tag}`, email }, [BIG]);
  const paid = await issuedInvoice(
    staff.id,
    { name: `Paid client ${tag}`, email: `paid-${tag}@example.com` },
    [SMALL],
  );
  const pay = await (await signedInClient(staff.email, staff.password)).rpc("record_payment", {
    payment: {
      amount: "1250.50",
      currency: "GHS",
      method: "bank_transfer",
      allocations: [{ invoice_id: paid.id, amount: "1250.50" }],
    },
  });
  if (pay.error) throw new Error(pay.error.message);
  const deal = await service.from("deals").insert({
    title: dealTitle,
    pipeline_id: "00000000-0000-4000-d100-000000000001",
    stage_id: "00000000-0000-4000-d200-000000000106",
    status: "won",
    closed_at: new Date().toISOString(),
    value: "9333333.32",
    currency: "GHS",
    commission_type: "percent",
    commission_rate: 5,
    owner_id: staff.id,
    contact_id: contactId,
    transaction_certificate_no: certificate,
  });
  if (deal.error) throw new Error(deal.error.message);
});
let contactId = "";

afterAll(async () => {
  await turns.close();
  await browser?.close();
  await service.from("deals").delete().eq("title", dealTitle);
  for (const u of [staff, admin]) if (u) await deleteTestUser(u.id);
});

describe("reports", () => {
  it("staff: their records' figures move by exactly the invoices and the won deal; the annual report and the data-subject export", async () => {
    const { page, errors } = await turns.as(browser, staff, "/reports?tab=money&period=year");
    try {
      await page.getByTestId("your-records").waitFor();
      await page
        .getByTestId("figure-outstanding")
        .getByText(new RegExp(money(933_333_332)))
        .waitFor();
      await page
        .getByTestId("figure-revenue")
        .getByText(new RegExp(money(933_333_332 + 125_050)))
        .waitFor();
      await page
        .getByTestId("figure-collected")
        .getByText(new RegExp(money(125_050)))
        .waitFor();
      await page.getByRole("figure", { name: "Revenue and collections per month in GHS" }).waitFor();
      await page.getByRole("heading", { name: "Client trust account, per client" }).waitFor();
      await page.getByTestId("report-table-revenue-months").waitFor();

      // The list's header says the same, for the same records.
      await navigateInApp(page, "/invoices-receipts");
      await page
        .getByTestId("invoices-outstanding")
        .getByText(new RegExp(`Outstanding \\(your records\\): ${money(933_333_332)}`))
        .waitFor();

      // The leaderboard: one deal won, its value and the 5 % commission.
      await navigateInApp(page, "/reports?tab=sales&period=year");
      const board = page.getByTestId("report-table-leaderboard");
      await board.getByText(new RegExp(money(46_666_667))).waitFor();
      expect(await board.innerText()).toMatch(new RegExp(money(933_333_332)));
      // Their own agent page: the same commission, month by month.
      await board.getByRole("link").first().click();
      await page
        .getByTestId("report-table-agent-trend")
        .getByText(new RegExp(money(46_666_667)))
        .waitFor();
      await page
        .getByTestId("report-table-agent-trend")
        .getByText(new RegExp(money(933_333_332)))
        .waitFor();

      // The annual transaction report: on screen, as CSV (header first) and as PDF.
      await page.getByRole("tab", { name: "Compliance" }).click();
      await page.getByTestId("report-table-annual-transactions").getByText(certificate).waitFor();
      const csv = await download(page, () =>
        page.getByRole("button", { name: "Annual report (CSV)" }).click(),
      );
      const lines = csv.bytes
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .split("\r\n");
      expect(lines[0]).toBe(
        "Date completed,Type,Property,City,Client,Agent,Value,Currency,Commission,Certificate number",
      );
      expect(lines.filter((l) => l.includes(certificate))).toHaveLength(1);
      expect(lines.find((l) => l.includes(certificate))).toContain(`Sale,"${dealTitle}"`);
      const pdf = await download(page, () =>
        page.getByRole("button", { name: "Annual report (PDF)" }).click(),
      );
      expect(isPdf(pdf.bytes)).toBe(true);
      expect(pdfText(pdf.bytes)).toContain(certificate);

      // The contact's data-subject export (Act 843): timeline and invoices in one JSON document.
      await navigateInApp(page, `/business-contacts/${contactId}?tab=privacy`);
      const json = await download(page, () => page.getByRole("button", { name: "Export as JSON" }).click());
      const doc = JSON.parse(json.bytes.toString("utf8")) as {
        invoices: { bill_to_email: string; total: number }[];
        timeline: unknown[];
        deals: { title: string }[];
      };
      expect(doc.invoices.map((i) => [i.bill_to_email, i.total])).toEqual([[email, 9333333.32]]);
      expect(Array.isArray(doc.timeline)).toBe(true);
      expect(doc.deals.map((d) => d.title)).toEqual([dealTitle]);
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `reports-staff-${tag}`);
      throw e;
    }
  });

  it("admin: charts and tables, the database's figures on the page, the dashboard's trends, the won deal in the annual report", async () => {
    const { page, errors } = await turns.as(browser, admin, "/reports?tab=money&period=year");
    const asAdmin = await signedInClient(admin.email, admin.password);
    try {
      await page.getByRole("figure", { name: "Revenue and collections per month in GHS" }).waitFor();
      await page.getByRole("heading", { name: "Client trust account, per client" }).waitFor();
      expect(await page.getByTestId("your-records").count()).toBe(0);
      // The page's outstanding is the database's (other files add invoices meanwhile: compared
      // until both answers are read between two changes).
      await expect
        .poll(async () => {
          const rows = receivablesRowSchema
            .array()
            .parse((await asAdmin.rpc("report_receivables", {})).data ?? []);
          const shown = await page.getByTestId("figure-outstanding").innerText();
          const ghs = totalsByCurrency(rows, (r) => r.outstanding).GHS ?? 0;
          if (!shown.replace(/\s/g, "").includes(formatMinor(ghs, "GHS").replace(/\s/g, ""))) {
            await page.reload();
            return false;
          }
          return true;
        })
        .toBe(true);
      await page.getByRole("tab", { name: "Sales & agents" }).click();
      await page.getByRole("figure", { name: "Deals at each step of the funnel" }).waitFor();
      await page.getByTestId("report-table-pipeline").waitFor();
      // The staff member's agent page, as the admin sees it.
      await navigateInApp(page, `/reports?tab=sales&period=year&agent=${staff.id}`);
      await page
        .getByTestId("report-table-agent-trend")
        .getByText(new RegExp(money(46_666_667)))
        .waitFor();
      await page.getByRole("tab", { name: "Compliance" }).click();
      await page.getByTestId("report-table-annual-transactions").getByText(certificate).waitFor();

      // A bad custom period: its message, and no figures.
      await navigateInApp(page, "/reports?tab=money&period=custom&from=2026-05-01&to=2026-04-30");
      await page.getByRole("alert").getByText("The period ends before it starts.").waitFor();
      expect(await page.getByTestId("figure-outstanding").count()).toBe(0);

      // The dashboard's trend charts.
      await navigateInApp(page, "/dashboard");
      const trends = page.getByTestId("trends");
      await trends.getByRole("figure", { name: "Revenue per month (GHS)" }).waitFor();
      await trends.getByRole("figure", { name: "Open pipeline by stage (GHS)" }).waitFor();
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `reports-admin-${tag}`);
      throw e;
    }
  });
});
