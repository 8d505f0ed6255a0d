/**
 * What an issued invoice prints beyond its lines, in Chromium, on the
 * back-office page and on the client's public page: a USD invoice with the USD→GHS rate of its
 * issue date and the GHS equivalent; the rent-tax withholding note on commercial rent invoiced to
 * a company; the E-VAT details (GRA invoice id, SDC time, QR code) recorded after issue; and the
 * WhatsApp share, whose message carries the public link that opens the invoice. And a property
 * deal of GHS 9,333,333.32 (amounts of a million cedis and more once broke the money screens)
 * in the list, on its page, in its PDF and on the public invoice, beside a void invoice that owes
 * nothing.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMinor, toMinor, toScaled, divRound } from "#core/money/minor-units.ts";
import { withholdingNote } from "#core/invoices-receipts/public-documents.ts";
import { launchBrowser, screenshot, signedInPage, type WatchedPage } from "#tests/support/browser.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { inAppPage } from "../support/in-app-page.ts";
import { COMMISSION, download, EXEMPT_RENT, service, toast, type Line } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
// The staff member's page and the client's, each shared by the tests that use them and moving
// from one invoice to the next in the app.
let staffPage: ReturnType<typeof inAppPage>;
const visitorPage = inAppPage(null, { host: null });

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  staffPage = inAppPage(staff);
});
afterAll(async () => {
  await staffPage?.close();
  await visitorPage.close();
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

/** An invoice issued with the secret key, with extra columns (currency, withholding, phone). */
async function issued(
  fields: Record<string, string>,
  lines: Line[],
  owner: TestUser = staff,
): Promise<{ id: string; number: string }> {
  const ins = await service
    .from("invoices")
    .insert({ owner_id: owner.id, ...fields })
    .select("id")
    .single();
  if (ins.error) throw new Error(`draft: ${ins.error.message}`);
  const id = (ins.data as { id: string }).id;
  const items = await service
    .from("invoice_items")
    .insert(lines.map((l, i) => ({ invoice_id: id, position: i + 1, ...l })));
  if (items.error) throw new Error(`lines: ${items.error.message}`);
  const number = await service.rpc("issue_invoice", { invoice_id: id });
  if (number.error) throw new Error(`issue: ${number.error.message}`);
  return { id, number: number.data as string };
}

const stored = async (id: string) => {
  const { data, error } = await service.from("invoices").select("*").eq("id", id).single();
  if (error) throw new Error(error.message);
  return data as Record<string, string | number | null>;
};
const ghGrouping = (major: number) =>
  new Intl.NumberFormat("en-GH", { maximumFractionDigits: 2 }).format(major);

describe("an issued invoice's rate, withholding, E-VAT and WhatsApp link", () => {
  it("a USD invoice prints the rate of its issue date and its GHS equivalent", async () => {
    const inv = await issued(
      { bill_to_name: `Kwesi Appiah ${tag}`, bill_to_email: `kwesi-${tag}@tests.example`, currency: "USD" },
      [
        {
          description: "Property management fee, Airport Residential (USD)",
          quantity: 1,
          unit_price: "1000.00",
          tax_class: "standard",
        },
      ],
    );
    const row = await stored(inv.id);
    expect(toMinor(String(row.total)), "1,000 + 20 % standard rate").toBe(120_000);
    expect(row.exchange_rate, "the rate of the issue date is kept").not.toBeNull();
    const ghs = Number(divRound(BigInt(120_000) * toScaled(String(row.exchange_rate), 4), 10_000n));

    const { page, errors } = await staffPage.open(browser, `/invoices-receipts/${inv.id}`);
    let visitor: WatchedPage | undefined;
    try {
      await page.getByTestId("document-number").getByText(inv.number).waitFor();
      const note = page.getByRole("region", { name: "Exchange rate" });
      await note.waitFor();
      const text = await note.innerText();
      expect(text).toContain(`USD 1 = GHS ${Number(row.exchange_rate).toFixed(4)}`);
      expect(text).toContain(`Total in GHS: ${formatMinor(ghs, "GHS")}.`);
      expect(await page.getByTestId("document-total").innerText()).toMatch(/USD\s?1,200\.00/);

      // The client's page says the same.
      visitor = await visitorPage.open(browser, `/invoice/${inv.id}`);
      await visitor.page.getByTestId("invoice-total").waitFor();
      await visitor.page.getByText(`total GHS ${ghGrouping(ghs / 100)}.`, { exact: false }).waitFor();
      expect([...errors, ...visitor.errors]).toEqual([]);
    } catch (e) {
      await screenshot(page, `money-usd-${tag}`);
      if (visitor) await screenshot(visitor.page, `money-usd-public-${tag}`);
      throw e;
    }
  });

  it("commercial rent to a company carries the rent-tax withholding note", async () => {
    const inv = await issued(
      {
        bill_to_name: `Asante Enterprises Ltd ${tag}`,
        bill_to_email: `accounts-${tag}@tests.example`,
        withholding: "commercial",
      },
      [
        {
          description: "Commercial rent: shop, Oxford Street, Osu (3 months)",
          quantity: 3,
          unit_price: "22000.00",
          tax_class: "flat_rate",
        },
      ],
    );
    const row = await stored(inv.id);
    // 66,000 at the 5 % flat rate → 69,300; the tenant withholds 15 % of 66,000 = 9,900 and pays 59,400.
    expect([row.subtotal, row.total, row.withholding_amount].map((v) => toMinor(String(v)))).toEqual([
      6_600_000, 6_930_000, 990_000,
    ]);
    const expected = withholdingNote(
      {
        withholding: "commercial",
        withholding_rate: String(row.withholding_rate),
        withholding_amount: 990_000,
        subtotal: 6_600_000,
        total: 6_930_000,
        currency: "GHS",
      },
      (m) => formatMinor(m, "GHS"),
    )!;
    expect(expected).toContain("pay us GHS 59,400.00");

    const { page, errors } = await staffPage.open(browser, `/invoices-receipts/${inv.id}`);
    const visitor = await visitorPage.open(browser, `/invoice/${inv.id}`);
    try {
      const note = page.getByRole("region", { name: "Rent tax withholding" });
      await note.getByText(expected).waitFor();
      const pub = visitor.page.getByText(/as a corporate tenant you withhold 15 % commercial rent tax/);
      await pub.waitFor();
      expect(await pub.innerText()).toMatch(/9,900\.00.*pay us GHS\s?59,400\.00/s);
      expect([...errors, ...visitor.errors]).toEqual([]);
    } catch (e) {
      await screenshot(page, `money-withholding-${tag}`);
      await screenshot(visitor.page, `money-withholding-public-${tag}`);
      throw e;
    }
  });

  it("E-VAT details recorded after issue print the QR code; the WhatsApp message's link opens the public invoice", async () => {
    const inv = await issued(
      {
        bill_to_name: `Abena Mensah ${tag}`,
        bill_to_email: `abena-${tag}@tests.example`,
        bill_to_phone: "024 412 3456",
      },
      [COMMISSION, EXEMPT_RENT],
    );
    const graId = `GRA-${tag.toUpperCase()}-000173`;
    const qr = `https://evat.gra.gov.gh/verify?inv=${graId}&sdc=SDC-0042&sig=${tag}`;
    const { page, errors } = await staffPage.open(browser, `/invoices-receipts/${inv.id}`);
    const visitor = await visitorPage.open(browser);
    try {
      await page.getByTestId("document-number").getByText(inv.number).waitFor();
      await page.getByRole("button", { name: "E-VAT details" }).click();
      const dialog = page.getByRole("dialog", { name: `E-VAT details of ${inv.number}` });
      await dialog.getByRole("textbox", { name: "GRA invoice id" }).fill(graId);
      await dialog.getByLabel("SDC time").fill("2026-11-23T10:15");
      await dialog.getByRole("textbox", { name: "QR payload" }).fill(qr);
      await dialog.getByRole("button", { name: "Record" }).click();
      await toast(page, "E-VAT details recorded").waitFor();
      const evat = page.getByRole("region", { name: "E-VAT" });
      await evat.getByText(`GRA invoice id: ${graId}`).waitFor();
      await evat.getByRole("img", { name: `E-VAT QR code of ${inv.number}` }).waitFor();
      expect(await page.getByRole("button", { name: "E-VAT details" }).count(), "recorded once").toBe(0);
      expect((await stored(inv.id)).gra_qr_code).toBe(qr);

      // ── WhatsApp: to the client's number in international form, with the amount and the public link ──
      const href = (await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href"))!;
      const wa = new URL(href);
      expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/233244123456");
      const message = wa.searchParams.get("text")!;
      expect(message).toContain(
        `Invoice ${inv.number} from Ghana Realty: GHS 18,500.00, GHS 18,500.00 to pay.`,
      );
      const link = /(https?:\/\/\S+\/invoice\/[0-9a-f-]{36})$/.exec(message)?.[1];
      expect(link, "the message ends with the public link").toBeTruthy();
      expect(new URL(link!).pathname).toBe(`/invoice/${inv.id}`);

      // The link opens the invoice for the client, E-VAT QR code included.
      await visitor.page.goto(link!);
      await visitor.page.getByTestId("invoice-total").getByText("18,500.00").waitFor();
      const pub = visitor.page.getByRole("region", { name: "E-VAT" });
      await pub.getByRole("img", { name: `E-VAT QR code of ${inv.number}` }).waitFor();
      await pub.getByText(graId, { exact: false }).waitFor();
      expect([...errors, ...visitor.errors]).toEqual([]);
    } catch (e) {
      await screenshot(page, `money-evat-${tag}`);
      await screenshot(visitor.page, `money-evat-public-${tag}`);
      throw e;
    }
  });

  it("GHS 9,333,333.32 shows exactly in the list, on its page, in its PDF and on the public invoice; a void one owes nothing", async () => {
    // An agent of their own, so the list holds exactly these two documents.
    const agent = await createTestUser({ role: "staff" });
    let visitor: WatchedPage | undefined;
    let agentPage: WatchedPage | undefined;
    try {
      // One standard-rated line of 7,777,777.77: VAT 1,166,666.67 + NHIL and GETFund 194,444.44 each.
      const big = await issued(
        { bill_to_name: `Nana Akufo ${tag}`, bill_to_email: `nana-${tag}@tests.example` },
        [
          {
            description: "Commission: sale of a Cantonments villa",
            quantity: 1,
            unit_price: "7777777.77",
            tax_class: "standard",
          },
        ],
        agent,
      );
      const small = await issued(
        { bill_to_name: `Void client ${tag}` },
        [{ ...EXEMPT_RENT, quantity: 1, unit_price: "17.00" }],
        agent,
      );
      const asAgent = await signedInClient(agent.email, agent.password);
      const voided = await asAgent.rpc("void_invoice", { invoice_id: small.id, reason: "issued in error" });
      expect(voided.error).toBeNull();

      // ── The list: the row, the void row's balance, the header's sum ──
      agentPage = await signedInPage(browser, agent, "/invoices-receipts");
      const { page, errors } = agentPage;
      const row = page.getByRole("row").filter({ hasText: big.number });
      await row.waitFor();
      expect((await row.innerText()).match(/GHS\s?9,333,333\.32/g), "total and balance").toHaveLength(2);
      const voidRow = page.getByRole("row").filter({ hasText: small.number });
      expect(await voidRow.innerText()).toMatch(/Void[\s\S]*GHS\s?17\.00[\s\S]*GHS\s?0\.00/);
      // The header's outstanding is the reports' figure: the agent's records, per currency, the void one owing nothing.
      await page
        .getByTestId("invoices-outstanding")
        .getByText(/Outstanding \(your records\): GHS\s?9,333,333\.32/)
        .waitFor();

      // ── Its page and its PDF ──
      await row.getByRole("link", { name: big.number }).click();
      await page.getByTestId("document-total").getByText("9,333,333.32").waitFor();
      expect(await page.getByTestId("document-balance").innerText()).toMatch(/GHS\s?9,333,333\.32/);
      expect(await page.getByTestId("document-totals").innerText()).toMatch(
        /VAT 15\s?%\s+GHS\s?1,166,666\.67/,
      );
      const pdf = await download(page, () =>
        page
          .getByRole("toolbar", { name: "Document actions" })
          .getByRole("link", { name: "Download PDF" })
          .click(),
      );
      const text = pdfText(pdf.bytes);
      expect(text).toContain("7,777,777.77");
      expect(text.match(/Total GHS\nGHS ([\d,.]+)/)?.[1]).toBe("9,333,333.32");
      expect(text.match(/Balance due\nGHS ([\d,.]+)/)?.[1]).toBe("9,333,333.32");

      // ── The client's public invoice ──
      visitor = await visitorPage.open(browser, `/invoice/${big.id}`);
      await visitor.page.getByTestId("invoice-total").getByText("GHS 9,333,333.32").waitFor();
      expect(await visitor.page.getByTestId("invoice-balance").innerText()).toBe("GHS 9,333,333.32");
      await visitorPage.open(browser, `/invoice/${small.id}`);
      await visitor.page.getByTestId("invoice-balance").getByText("GHS 0.00").waitFor();
      expect([...errors, ...visitor.errors]).toEqual([]);
    } catch (e) {
      if (agentPage) await screenshot(agentPage.page, `money-million-${tag}`);
      if (visitor) await screenshot(visitor.page, `money-million-public-${tag}`);
      throw e;
    } finally {
      await agentPage?.context.close();
      await deleteTestUser(agent.id);
    }
  });
});
