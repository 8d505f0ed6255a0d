/**
 * Money in the database (migrations 20261125400000…400300), judged by what is stored
 * afterwards (read with the secret key); the common setup is invoices-receipts-fixture.ts:
 *   - the figures the database keeps agree with core's one calculation on the worked examples;
 *   - bad input is refused and changes nothing: a total that does not match the lines, an edit
 *     or delete of an issued document, a payment over what is owed without explicit credit, cash;
 *   - numbering is gapless per series and year: 20 and 100 documents issued at once.
 * Payments, credit notes and reminders: payments.test.ts; the RLS matrix: money-access.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import {
  computeInvoiceTotals,
  type InvoiceLineInput,
  type TaxRateRow,
} from "#core/invoices-receipts/invoice-totals.ts";
import { toMinor } from "#core/money/minor-units.ts";
import { COMMISSION, EXEMPT_RENT, type Line, moneyFixture } from "./invoices-receipts-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, staffId, draft, issued, invoice } = moneyFixture();

describe("the figures: the database keeps what core computes", () => {
  let rates: TaxRateRow[] = [];
  beforeAll(async () => {
    rates = (await must(
      service.from("tax_rates").select("tax_class, code, name, rate, valid_from, valid_to, position"),
      "rates",
    )) as TaxRateRow[];
  });

  it.each<[string, Line[]]>([
    ["commission + exempt rent (the done-when invoice)", [COMMISSION, EXEMPT_RENT]],
    ["agency fee GHS 30,000 standard", [{ quantity: 1, unit_price: "30000", tax_class: "standard" }]],
    [
      "a developer's sale at the 5 % flat rate",
      [{ quantity: 1, unit_price: "850000", tax_class: "flat_rate" }],
    ],
    [
      "three lines of GHS 0.10 (rounding on the base)",
      [0, 1, 2].map(() => ({ quantity: 1, unit_price: "0.10", tax_class: "standard" as const })),
    ],
    [
      "a discount and mixed classes",
      [
        { quantity: 1, unit_price: "4999.99", discount_percent: "12.5", tax_class: "standard" },
        { quantity: 2, unit_price: "19999.95", tax_class: "flat_rate" },
      ],
    ],
    [
      "fractional quantities",
      [
        { quantity: "1.5", unit_price: "1200", tax_class: "standard" },
        { quantity: "0.33", unit_price: "0.05", tax_class: "exempt" },
      ],
    ],
  ])("%s", async (_name, lines) => {
    const id = await draft(lines);
    const expected = computeInvoiceTotals(lines as InvoiceLineInput[], rates, todayInAccra());
    const inv = await invoice(id);
    expect([toMinor(inv.subtotal), toMinor(inv.tax_total), toMinor(inv.total)]).toEqual([
      expected.subtotal_minor,
      expected.tax_total_minor,
      expected.total_minor,
    ]);
    const taxes = (await must(
      service
        .from("invoice_taxes")
        .select("code, amount")
        .eq("invoice_id", id)
        .order("tax_class")
        .order("position"),
      "taxes",
    )) as { code: string; amount: number }[];
    // Same tax lines and amounts (the stored order is by class name; core lists standard first).
    const byCode = (a: [string, number], b: [string, number]) => a[0].localeCompare(b[0]);
    expect(taxes.map((t): [string, number] => [t.code, toMinor(t.amount)]).sort(byCode)).toEqual(
      expected.taxes.map((t): [string, number] => [t.code, t.amount_minor]).sort(byCode),
    );
  });
});

describe("bad input is refused and changes nothing", () => {
  it("a total that does not match its lines", async () => {
    const id = await draft([COMMISSION]);
    const before = await invoice(id);
    const { error } = await actors.staff.client.from("invoices").update({ total: 1000 }).eq("id", id);
    expect(error?.message).toMatch(
      /^The totals are computed from the lines \(subtotal 12500(\.00)?, tax 2500(\.00)?, total 15000(\.00)?\): a total of 1000(\.00)? does not match them\.$/,
    );
    expect(await invoice(id)).toEqual(before);
    const ins = await actors.staff.client
      .from("invoices")
      .insert({ bill_to_name: `Forged ${tag}`, total: 99, owner_id: staffId() });
    expect(ins.error?.message).toMatch(/totals are computed from the lines/);
    expect((await service.from("invoices").select("id").eq("bill_to_name", `Forged ${tag}`)).data).toEqual(
      [],
    );
  });

  it("an edit or delete of an issued invoice, even with the secret key; its lines too", async () => {
    const { id, number } = await issued([COMMISSION]);
    const before = await invoice(id);
    for (const client of [actors.staff.client, actors.admin_mfa_aal2.client, service]) {
      const upd = await client.from("invoices").update({ bill_to_name: "Someone else" }).eq("id", id);
      expect(upd.error?.message).toBe(
        `${number} has been issued and cannot be edited: issue a credit note instead.`,
      );
      const line = await client.from("invoice_items").update({ unit_price: 1 }).eq("invoice_id", id);
      expect(line.error?.message).toBe(
        `${number} has been issued and cannot be edited: issue a credit note instead.`,
      );
      const add = await client
        .from("invoice_items")
        .insert({ invoice_id: id, description: "Extra", unit_price: 5 });
      expect(add.error?.message).toMatch(/cannot be edited/);
      const del = await client.from("invoices").delete().eq("id", id);
      if (client === service)
        expect(del.error?.message).toBe(
          `${number} has been issued and is never deleted: issue a credit note instead.`,
        );
    }
    expect(await invoice(id)).toEqual(before);
    // The status and the paid amount move only through the money functions.
    const sneaky = await actors.admin_mfa_aal2.client
      .from("invoices")
      .update({ status: "paid" })
      .eq("id", id);
    expect(sneaky.error?.message).toMatch(/cannot be edited/);
    const num = await actors.staff.client
      .from("invoices")
      .update({ number: "INV-2026-9999" })
      .eq("id", await draft([COMMISSION]));
    expect(num.error?.message).toBe(
      "The number of a document is set by the money functions (issue, payments, credit notes), not edited.",
    );
  });

  it("an issued invoice takes its E-VAT details once, and its owner may change; nothing else", async () => {
    const { id, number } = await issued([COMMISSION]);
    const evat = {
      gra_invoice_id: `GRA-${tag}-1`,
      gra_qr_code: `https://evat.gra.gov.gh/verify?inv=${tag}`,
      gra_sdc_time: "2026-11-23T10:15:00+00:00",
    };
    const first = await actors.staff.client
      .from("invoices")
      .update(evat)
      .eq("id", id)
      .select("gra_invoice_id");
    expect(first.error).toBeNull();
    expect(first.data).toEqual([{ gra_invoice_id: evat.gra_invoice_id }]);
    const again = await actors.staff.client
      .from("invoices")
      .update({ gra_invoice_id: `GRA-${tag}-2` })
      .eq("id", id);
    expect(again.error?.message).toBe(
      `The E-VAT gra invoice id of ${number} is already recorded and cannot change.`,
    );
    const mixed = await actors.staff.client
      .from("invoices")
      .update({ gra_qr_code: "x".repeat(20), bill_to_name: "Someone else" })
      .eq("id", id);
    expect(mixed.error?.message).toMatch(/cannot change|cannot be edited/);
    expect(
      (await actors.admin_mfa_aal2.client.from("invoices").update({ assignee_id: staffId() }).eq("id", id))
        .error,
    ).toBeNull();
    const after = await must(
      service
        .from("invoices")
        .select("gra_invoice_id, gra_qr_code, assignee_id, bill_to_name")
        .eq("id", id)
        .single(),
      "read back",
    );
    expect(after).toEqual({
      gra_invoice_id: evat.gra_invoice_id,
      gra_qr_code: evat.gra_qr_code,
      assignee_id: staffId(),
      bill_to_name: `Money RLS ${tag}`,
    });
  });

  it("a payment over the outstanding amount without explicit credit; cash; a mobile money payment without network", async () => {
    const { id } = await issued([COMMISSION]);
    const pay = (p: Record<string, unknown>) =>
      actors.staff.client.rpc("record_payment", {
        payment: {
          currency: "GHS",
          method: "bank_transfer",
          allocations: [{ invoice_id: id, amount: "15000.00" }],
          ...p,
        },
      });
    const over = await pay({ amount: "16000.00" });
    expect(over.error?.message).toBe(
      "The payment (GHS 16,000.00) is GHS 1,000.00 more than its invoices still owe (GHS 15,000.00): hold the excess as client credit explicitly, or lower the amount.",
    );
    const overOne = await pay({
      amount: "16000.00",
      allocations: [{ invoice_id: id, amount: "16000.00" }],
      hold_excess_as_credit: true,
    });
    expect(overOne.error?.message).toMatch(
      /^GHS 16,000\.00 for INV-\d{4}-\d{4,} is more than it still owes \(GHS 15,000\.00\)/,
    );
    const cash = await pay({ amount: "15000.00", method: "cash" });
    expect(cash.error?.message).toMatch(/^Cash is not accepted \(Real Estate Agency Act, 2020, Act 1047\)/);
    const momo = await pay({ amount: "15000.00", method: "mobile_money" });
    expect(momo.error?.message).toBe("Choose the mobile money network (MTN, Telecel or AirtelTigo).");
    expect(toMinor((await invoice(id)).amount_paid)).toBe(0);
    expect((await service.from("payment_allocations").select("id").eq("invoice_id", id)).data).toEqual([]);
  });

  it("a draft or an invoice with no lines is not issued; nothing is numbered", async () => {
    const empty = await draft([]);
    const r = await actors.staff.client.rpc("issue_invoice", { invoice_id: empty });
    expect(r.error?.message).toBe("A document needs at least one line before it is issued.");
    expect((await invoice(empty)).number).toBeNull();
  });
});

describe("numbering", () => {
  it("20 invoices issued at once get 20 distinct, consecutive numbers", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => draft([COMMISSION])));
    const numbers = (
      await Promise.all(
        ids.map((id) => actors.admin_mfa_aal2.client.rpc("issue_invoice", { invoice_id: id })),
      )
    ).map((r) => {
      if (r.error) throw new Error(r.error.message);
      return r.data as string;
    });
    const n = numbers.map((x) => Number(x.split("-")[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(n.at(-1)! - n[0]!).toBe(19);
    expect(numbers.every((x) => x.startsWith(`INV-${todayInAccra().slice(0, 4)}-`))).toBe(true);
  });

  it("100 proformas issued concurrently: 100 distinct gapless numbers (counter row locked FOR UPDATE)", async () => {
    const rows = (await must(
      service
        .from("invoices")
        .insert(
          Array.from({ length: 100 }, (_, i) => ({
            kind: "proforma",
            bill_to_name: `Concurrent ${i} ${tag}`,
            owner_id: staffId(),
          })),
        )
        .select("id"),
      "drafts",
    )) as { id: string }[];
    await must(
      service
        .from("invoice_items")
        .insert(
          rows.map((r) => ({
            invoice_id: r.id,
            description: "Valuation",
            unit_price: 1000,
            tax_class: "standard",
          })),
        )
        .select("id"),
      "lines",
    );
    const t0 = performance.now();
    const results = await Promise.all(
      rows.map((r) => actors.admin_mfa_aal2.client.rpc("issue_invoice", { invoice_id: r.id })),
    );
    const ms = performance.now() - t0;
    const numbers = results.map((r) => {
      if (r.error) throw new Error(r.error.message);
      return r.data as string;
    });
    const n = numbers.map((x) => Number(x.split("-")[2])).sort((a, b) => a - b);
    console.log(
      `[money] 100 concurrent issue_invoice: ${ms.toFixed(0)} ms, ${numbers.sort()[0]} … ${numbers.sort().at(-1)}`,
    );
    expect(new Set(numbers).size).toBe(100);
    // How fast is the bench's question (and the concurrency suite's on a real server), not this one's.
    expect(n.at(-1)! - n[0]!, "gapless").toBe(99);
  });

  it("a refused issue takes no number: the next document gets the next one", async () => {
    const ok1 = await issued([COMMISSION], { kind: "quote" });
    const refused = await service.rpc("issue_invoice", { invoice_id: await draft([], { kind: "quote" }) });
    expect(refused.error?.message).toBe("A document needs at least one line before it is issued.");
    const ok2 = await issued([COMMISSION], { kind: "quote" });
    expect(Number(ok2.number.split("-")[2]) - Number(ok1.number.split("-")[2])).toBe(1);
  });
});
