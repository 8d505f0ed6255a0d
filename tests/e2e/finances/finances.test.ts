/**
 * Finances end to end: a staff member records an expense with its receipt (a
 * real PDF, stored in the private bucket), it waits for approval and counts nowhere yet; an admin
 * finds it, approves it, and the monthly report — table, totals and the accountant's CSV —
 * shows the figures the database computes (finance_report), including a payment just received
 * as income and the expense.
 */
import crypto from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { formatMinor, toMinor } from "#core/money/minor-units.ts";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import {
  download,
  issuedInvoice,
  recordTransportExpense,
  service,
  toast,
} from "../invoices-receipts/helpers.ts";

let browser: Browser;
let staff: TestUser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const description = `Fuel for Tema viewings ${tag}`;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, admin] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "admin" })]);
});
afterAll(async () => {
  await browser?.close();
  const { data } = await service.from("finance_entries").select("id").eq("description", description);
  for (const e of (data ?? []) as { id: string }[]) {
    const files = await service.storage.from("finance-receipts").list(e.id);
    if (files.data?.length)
      await service.storage.from("finance-receipts").remove(files.data.map((f) => `${e.id}/${f.name}`));
    await service.from("finance_entries").delete().eq("id", e.id);
  }
  await Promise.all([staff, admin].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

async function receiptPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(`Shell Tema, fuel GHS 350.00 (${tag})`, {
    x: 20,
    y: 150,
    size: 10,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

async function entry(): Promise<{ id: string; status: string; amount: number; approved_by: string | null }> {
  const { data, error } = await service
    .from("finance_entries")
    .select("id, status, amount, approved_by")
    .eq("description", description)
    .single();
  if (error) throw new Error(error.message);
  const r = data as { id: string; status: string; amount: string; approved_by: string | null };
  return { ...r, amount: toMinor(String(r.amount)) };
}

describe("an expense with its receipt, approved, in the monthly report", () => {
  it("staff record → pending; admin approves → report, totals and CSV agree with the database", async () => {
    // A payment received today flows in as income by itself.
    const inv = await issuedInvoice(staff.id, {
      name: `Finance client ${tag}`,
      email: `fin-${tag}@tests.example`,
    });
    const paid = await service.rpc("record_payment", {
      payment: {
        amount: "18500.00",
        currency: "GHS",
        method: "bank_transfer",
        reference: `FT${tag}`,
        allocations: [{ invoice_id: inv.id, amount: "18500.00" }],
      },
    });
    expect(paid.error).toBeNull();

    // ── Staff: record the expense with its receipt ──
    const s = await signedInPage(browser, staff, "/finances?view=entries");
    try {
      await recordTransportExpense(s.page, {
        amount: "350.00",
        paidTo: "Shell, Tema Community 1",
        description,
        receipt: { name: "shell-tema.pdf", mimeType: "application/pdf", buffer: await receiptPdf() },
      });
      await toast(s.page, "Entry recorded: it waits for an admin's approval").waitFor();
      expect(s.errors).toEqual([]);
    } finally {
      await s.context.close();
    }
    const pending = await entry();
    expect(pending).toMatchObject({ status: "pending", amount: 35_000, approved_by: null });
    const stored = await service.storage.from("finance-receipts").list(pending.id);
    expect(stored.data?.length, "the receipt is stored under the entry").toBe(1);

    // ── Admin: find it, approve it ──
    const a = await signedInPage(browser, admin, "/finances?view=entries");
    try {
      const { page } = a;
      await page.getByRole("searchbox", { name: "Search descriptions" }).fill(tag);
      const table = page.getByRole("table", { name: "Finance entries" });
      await table.getByText(description).waitFor();
      // Select only once the search has narrowed the list (a new search clears the selection).
      await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
      await table.getByRole("checkbox", { name: `Select ${description}` }).click();
      await page
        .getByRole("region", { name: "Bulk actions" })
        .getByRole("button", { name: "Approve" })
        .click();
      await toast(page, "Approved").waitFor();
      await expect.poll(async () => (await entry()).status).toBe("approved");
      expect((await entry()).approved_by).toBe(admin.id);

      // ── The report of this year by month: the page shows what finance_report computes ──
      const today = todayInAccra();
      const month = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
      await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Overview" }).click();
      const adminDb = await signedInClient(admin.email, admin.password);
      const dbRow = async () => {
        const { data, error } = await adminDb.rpc("finance_report", {
          from_date: `${today.slice(0, 4)}-01-01`,
          to_date: `${today.slice(0, 4)}-12-31`,
          grain: "month",
        });
        if (error) throw new Error(error.message);
        const r = (data as { period_start: string; income: number; expenses: number; profit: number }[]).find(
          (x) => x.period_start.slice(0, 7) === today.slice(0, 7),
        )!;
        return {
          income: toMinor(String(r.income)),
          expenses: toMinor(String(r.expenses)),
          profit: toMinor(String(r.profit)),
        };
      };
      const row = page
        .getByRole("table", { name: "Finance report" })
        .getByRole("row", { name: new RegExp(`^${month}`) });
      // Other files may add payments meanwhile: compare the page and the database read together.
      await expect
        .poll(
          async () => {
            const db = await dbRow();
            const cells = await row.getByRole("cell").allInnerTexts();
            return (
              cells.slice(0, 3).join(" | ") ===
              [db.income, db.expenses, db.profit].map((m) => formatMinor(m, "GHS")).join(" | ")
            );
          },
          { interval: 1000 },
        )
        .toBe(true);
      const db = await dbRow();
      expect(db.income, "today's payment is in this month's income").toBeGreaterThanOrEqual(1_850_000);
      expect(db.expenses, "the approved expense counts").toBeGreaterThanOrEqual(35_000);

      // The accountant's CSV carries the same month.
      const csv = await download(page, () => page.getByRole("button", { name: "Export CSV" }).click());
      expect(csv.name).toMatch(/^finances-month-\d{4}-01-01-\d{4}-12-31\.csv$/);
      const lines = csv.bytes
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toMatch(
        /^"?Month"?,"?Income \(GHS\)"?,"?Expenses \(GHS\)"?,"?Profit \(GHS\)"?,"?VAT collected \(GHS\)"?/,
      );
      expect(lines.some((l) => l.replace(/"/g, "").startsWith(`${month},`))).toBe(true);
      expect(a.errors).toEqual([]);
    } finally {
      await a.context.close();
    }
  });
});
