/**
 * Paying a public invoice : a visitor opens the invoice's link,
 * presses "Pay now", chooses mobile money, completes the checkout of the stack's Paystack sandbox
 * (emulator/src/paystack/) with Telecel Cash, comes back to the invoice, which the edge worker
 * has verified with the provider: "Payment received", the receipt, the invoice paid, the receipt
 * e-mailed with its PDF. The sandbox's signed webhook arrives too and records nothing more; the
 * same event replayed is a duplicate, and a bad signature is refused — one payment in the end.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import {
  PAYSTACK_SANDBOX_SECRET_KEY,
  PAYSTACK_SIGNATURE_HEADER,
  PAYSTACK_VERIFY_PATH,
  PAYSTACK_WEBHOOK_PATH,
  paystackSignature,
} from "#core/payments/online-payments.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { launchBrowser, openPage, SITE } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { accessToken, invoiceFigures, isPdf, issuedInvoice, paymentsOf, waitForMail } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const client = { name: `Abena Ofori ${tag}`, email: `abena-${tag}@tests.example` };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

/** The sandbox's record of a transaction (its own API, with the sandbox's secret key). */
async function sandboxTransaction(
  reference: string,
): Promise<{ status: string; webhook_body: string | null; webhook_status: string | null }> {
  const res = await fetch(`${SUPABASE_URL}/_paystack/api/transactions/${encodeURIComponent(reference)}`, {
    headers: { authorization: `Bearer ${PAYSTACK_SANDBOX_SECRET_KEY}` },
  });
  if (!res.ok) throw new Error(`sandbox: ${res.status}`);
  return (await res.json()) as { status: string; webhook_body: string | null; webhook_status: string | null };
}

const postWebhook = (body: string, signature: string) =>
  fetch(`${SITE}${PAYSTACK_WEBHOOK_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", [PAYSTACK_SIGNATURE_HEADER]: signature },
    body,
  });

describe("a visitor pays a public invoice by mobile money", () => {
  it("Pay now → sandbox checkout (Telecel Cash) → verified → paid, receipt e-mailed; webhook and replay record one payment", async () => {
    const inv = await issuedInvoice(staff.id, client);
    const { page, context, errors } = await openPage(browser);
    let verifyCalls = 0;
    page.on("request", (r) => void (new URL(r.url()).pathname === PAYSTACK_VERIFY_PATH && verifyCalls++));
    try {
      await page.goto(`${SITE}/invoice/${inv.id}`);
      await page.getByTestId("invoice-number").getByText(inv.number).waitFor();
      await page.getByRole("button", { name: /^Pay now · GHS\s?18,500\.00$/ }).click();
      const pay = page.getByRole("form", { name: "Pay online" });
      await pay.getByRole("radio", { name: /^Mobile money/ }).check();
      expect(await pay.getByRole("textbox", { name: "E-mail for your receipt" }).inputValue()).toBe(
        client.email,
      );
      await pay.getByRole("button", { name: /^Continue to pay/ }).click();

      // ── The sandbox's checkout (another origin, as Paystack's would be) ──
      await page.waitForURL((u) => u.href.startsWith(`${SUPABASE_URL}/_paystack/checkout/`));
      await page
        .getByText(/GHS\s?18,500\.00/)
        .first()
        .waitFor();
      await page.getByRole("radio", { name: "Telecel Cash" }).check();
      await page.getByRole("textbox", { name: "Mobile money number" }).fill("0201234567");
      await page.getByRole("button", { name: /^Pay GHS/ }).click();

      // ── Back on the invoice: verified by the worker, then shown paid ──
      await page.waitForURL((u) => u.pathname === `/invoice/${inv.id}` && u.searchParams.has("reference"));
      const reference = new URL(page.url()).searchParams.get("reference")!;
      const outcome = page.getByTestId("payment-outcome");
      await outcome.getByText("Payment received").waitFor();
      const receiptLine = outcome.getByText(/^Receipt RCP-\d{4}-\d{4,}:/);
      const receiptNumber = (await receiptLine.innerText()).match(/RCP-\d{4}-\d{4,}/)?.[0];
      expect(receiptNumber).toMatch(new RegExp(`^RCP-${todayInAccra().slice(0, 4)}-`));
      await page.getByTestId("invoice-status").getByText("Paid", { exact: true }).waitFor();
      expect(await invoiceFigures(inv.id)).toMatchObject({ status: "paid", amount_paid: 1_850_000 });
      expect(await paymentsOf(inv.id)).toEqual([
        expect.objectContaining({
          number: receiptNumber,
          method: "mobile_money",
          momo_network: "telecel",
          amount: 1_850_000,
        }),
      ]);
      // The invoice reloads under the outcome without remounting it: one verification, no loop. A
      // remount would verify again in the same render that shows the reloaded "Paid": two frames
      // later its request has been sent.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(verifyCalls).toBe(1);
      await receiptLine.waitFor();

      // The receipt's PDF link from the outcome answers with a PDF.
      const href = await outcome.getByRole("link", { name: "download the PDF" }).getAttribute("href");
      const pdf = await fetch(new URL(href!, SITE));
      expect(pdf.headers.get("content-type")).toMatch(/^application\/pdf/);
      expect(isPdf(Buffer.from(await pdf.arrayBuffer()))).toBe(true);

      // The receipt e-mail carries the same PDF.
      const mail = await waitForMail(
        client.email,
        new RegExp(`^Receipt ${receiptNumber} from Ghana Realty$`),
        await accessToken(staff),
      );
      expect(mail.attachments.map((a) => a.filename)).toEqual([`${receiptNumber}.pdf`]);

      // ── The webhook: the sandbox's signed event arrived and recorded nothing more ──
      await expect.poll(async () => (await sandboxTransaction(reference)).webhook_status).toBe("200");
      const { webhook_body: body } = await sandboxTransaction(reference);
      const replay = await postWebhook(body!, await paystackSignature(PAYSTACK_SANDBOX_SECRET_KEY, body!));
      expect(replay.status).toBe(200);
      expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
      const forged = await postWebhook(body!, await paystackSignature("sk_test_not_ours", body!));
      expect(forged.status).toBe(401);
      expect(await paymentsOf(inv.id)).toHaveLength(1);
      expect((await invoiceFigures(inv.id)).amount_paid).toBe(1_850_000);

      // Paid: the page offers no further payment.
      await page.goto(`${SITE}/invoice/${inv.id}`);
      await page.getByTestId("invoice-status").getByText("Paid", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: /^Pay now/ }).count()).toBe(0);

      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
