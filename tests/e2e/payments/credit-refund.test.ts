/**
 * Held client credit and refunds end to end: a staff member records a transfer
 * larger than the invoice, holding the excess as client credit explicitly; from the receipt, the
 * credit goes to another open invoice of the SAME client (another client's invoice is not offered,
 * and the database refuses it); then a partial refund takes back the held credit first and then
 * the invoice the credit paid, which reopens. The database keeps the figures; the allocations and
 * the refund are in the audit log under the staff member's name.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toMinor } from "#core/money/minor-units.ts";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { EXEMPT_RENT, invoiceFigures, issuedInvoice, service, toast } from "../invoices-receipts/helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const client = { name: `Efua Asamoah ${tag}`, email: `efua-${tag}@tests.example` };
const other = { name: `Nana Ofori ${tag}`, email: `nana-${tag}@tests.example` };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

const held = async (paymentId: string) =>
  toMinor(String((await service.rpc("payment_credit", { payment_id: paymentId })).data ?? "0"));

describe("client credit and refunds from a payment", () => {
  it("an overpayment is held, applied to the same client's other invoice, and partly refunded — figures and history kept by the database", async () => {
    const first = await issuedInvoice(staff.id, client); // GHS 18,500.00
    const second = await issuedInvoice(staff.id, client, [EXEMPT_RENT]); // GHS 3,500.00
    const foreign = await issuedInvoice(staff.id, other, [EXEMPT_RENT]);
    const { page, context, errors } = await signedInPage(browser, staff, `/payments/new?invoice=${first.id}`);
    try {
      // ── GHS 20,000 for an invoice of 18,500: the excess is held as credit, explicitly ──
      const form = page.getByRole("form", { name: "Record a payment" });
      const amount = form.getByRole("textbox", { name: "Amount received (GHS)" });
      await expect.poll(() => amount.inputValue()).toBe("18500.00");
      await amount.fill("20000");
      await form.getByRole("combobox", { name: "Method", exact: true }).selectOption("bank_transfer");
      await form.getByRole("textbox", { name: "Reference", exact: true }).fill(`FT${tag}`);
      await form.getByRole("checkbox", { name: "Hold the excess as client credit" }).check();
      await form.getByRole("button", { name: "Record payment and issue receipt" }).click();
      await page.waitForFunction(
        () => /^\/payments\/[0-9a-f-]{36}$/.test(window.location.pathname),
        undefined,
      );
      const paymentId = new URL(page.url()).pathname.split("/").pop()!;
      await page.getByTestId("held-credit").getByText("GHS 1,500.00").waitFor();
      expect(await held(paymentId)).toBe(150_000);
      expect(await invoiceFigures(first.id)).toMatchObject({ status: "paid", amount_paid: 1_850_000 });

      // ── The credit goes only to the same client's open invoices ──
      const apply = page.getByRole("form", { name: "Apply client credit" });
      const target = apply.getByRole("combobox", { name: "Apply it to" });
      await target.locator("option", { hasText: second.number }).waitFor({ state: "attached" });
      expect(
        await target.locator("option", { hasText: foreign.number }).count(),
        "another client's invoice is not offered",
      ).toBe(0);
      await target.selectOption({ label: `${second.number} · owes GHS 3,500.00` });
      const credit = apply.getByRole("textbox", { name: "Amount to apply" });
      expect(await credit.inputValue(), "at most the credit held").toBe("1500.00");
      await credit.fill("1,000.00");
      await apply.getByRole("button", { name: "Apply credit" }).click();
      await toast(page, "Credit applied").waitFor();
      await page.getByTestId("held-credit").getByText("GHS 500.00").waitFor();
      expect(await invoiceFigures(second.id)).toMatchObject({
        status: "partially_paid",
        amount_paid: 100_000,
      });
      expect(await held(paymentId)).toBe(50_000);

      // The database refuses another client's invoice even when asked directly.
      const asStaff = await signedInClient(staff.email, staff.password);
      const refused = await asStaff.rpc("allocate_payment", {
        payment_id: paymentId,
        invoice_id: foreign.id,
        amount: "100.00",
      });
      expect(refused.error?.message).toMatch(/belongs to .*billed to/);
      expect((await invoiceFigures(foreign.id)).amount_paid, "nothing moved").toBe(0);

      // ── A partial refund of GHS 1,500: the GHS 500 still held first, then 1,000 off the second invoice ──
      await page.getByRole("button", { name: "Refund" }).click();
      const refund = page.getByRole("form", { name: "Refund" });
      await refund.getByRole("textbox", { name: "Amount" }).fill("1500");
      await refund.getByRole("textbox", { name: "Reason" }).fill("Client paid the rent deposit twice");
      await refund.getByRole("combobox", { name: "Paid back by" }).selectOption("bank_transfer");
      await refund.getByRole("button", { name: "Record refund" }).click();
      await toast(page, /^Refund RFD-\d{4}-\d{4,} recorded$/).waitFor();
      await page.waitForFunction(
        (id) =>
          /^\/payments\/[0-9a-f-]{36}$/.test(window.location.pathname) &&
          !window.location.pathname.endsWith(id),
        paymentId,
      );
      const refundId = new URL(page.url()).pathname.split("/").pop()!;
      const { data: rfd } = await service
        .from("payments")
        .select("number, kind, amount, refund_of, refund_reason, recorded_by")
        .eq("id", refundId)
        .single();
      expect(rfd).toMatchObject({
        kind: "refund",
        refund_of: paymentId,
        refund_reason: "Client paid the rent deposit twice",
        recorded_by: staff.id,
      });
      expect(toMinor(String((rfd as { amount: string }).amount))).toBe(-150_000);
      expect(await held(paymentId)).toBe(0);
      expect(await invoiceFigures(second.id), "the second invoice reopens").toMatchObject({
        status: "sent",
        amount_paid: 0,
      });
      expect(await invoiceFigures(first.id), "the first stays paid").toMatchObject({
        status: "paid",
        amount_paid: 1_850_000,
      });

      // The second invoice's page shows its balance again.
      await page.goto(new URL(`/invoices-receipts/${second.id}`, page.url()).toString());
      await page.getByTestId("document-balance").getByText("3,500.00").waitFor();

      // ── History: who applied and took back what, under the payment; the refund itself ──
      const { data: audit } = await service
        .from("audit_log")
        .select("table_name, action, actor_id, changes")
        .eq("record_id", paymentId)
        .eq("table_name", "payment_allocations")
        .order("id");
      const moves = (audit as { actor_id: string; changes: { invoice_id: string; amount: number } }[]).map(
        (r) => [r.changes.invoice_id, Number(r.changes.amount), r.actor_id],
      );
      expect(moves).toEqual([
        [first.id, 18500, staff.id],
        [second.id, 1000, staff.id],
        [second.id, -1000, staff.id],
      ]);
      const { count } = await service
        .from("audit_log")
        .select("id", { count: "exact", head: true })
        .eq("table_name", "payments")
        .eq("record_id", refundId)
        .eq("actor_id", staff.id);
      expect(count, "the refund's own history").toBe(1);
      await page.goto(new URL(`/payments/${paymentId}`, page.url()).toString());
      const history = page.getByRole("region", { name: "Applied to invoices" });
      await expect.poll(() => history.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);

      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `money-credit-refund-${tag}`);
      throw e;
    } finally {
      await context.close();
    }
  });
});
