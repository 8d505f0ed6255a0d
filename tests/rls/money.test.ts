/**
 * Money in the database (migrations 20261125400000…400300), judged by what is stored
 * afterwards (read with the secret key):
 *   - the figures the database keeps agree with core's one calculation on the worked examples;
 *   - bad input is refused and changes nothing: a total that does not match the lines, an edit
 *     or delete of an issued document, a payment over what is owed without explicit credit, cash;
 *   - numbering is gapless per series and year: 20 and 100 documents issued at once;
 *   - payments move invoices and finances in one transaction; credit notes, held credit, refunds;
 *   - the RLS matrix of every new table and function, per actor.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { settlementStatus } from "#core/money/documents.ts";
import { computeInvoiceTotals, type InvoiceLineInput, type TaxRateRow } from "#core/money/invoice-totals.ts";
import { toMinor } from "#core/money/minor-units.ts";
import { deleteTestUser, serviceClient } from "#tests/support/supabase.ts";
import {
  createActors,
  matrixProbe,
  must,
  renderMatrix,
  type Actor,
  type ActorName,
  type MatrixRow,
} from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let actors: Record<ActorName, Actor>;
const printed: MatrixRow[] = [];
const letters = matrixProbe(() => actors, printed);
const staffId = () => actors.staff.user!.id;

type Line = {
  description?: string;
  quantity: number | string;
  unit_price: number | string;
  discount_percent?: number | string;
  tax_class: "standard" | "flat_rate" | "exempt";
};

/** A draft owned by staff, with its lines (secret key). */
async function draft(lines: Line[], extra: Record<string, unknown> = {}): Promise<string> {
  const row = (await must(
    service
      .from("invoices")
      .insert({
        bill_to_name: `Money RLS ${tag}`,
        bill_to_email: `client-${tag}@example.com`,
        owner_id: staffId(),
        ...extra,
      })
      .select("id")
      .single(),
    "draft",
  )) as { id: string };
  if (lines.length)
    await must(
      service
        .from("invoice_items")
        .insert(
          lines.map((l, i) => ({
            invoice_id: row.id,
            position: i + 1,
            description: l.description ?? `Line ${i + 1}`,
            discount_percent: 0,
            ...l,
          })),
        )
        .select("id"),
      "lines",
    );
  return row.id;
}

async function issued(
  lines: Line[],
  extra: Record<string, unknown> = {},
): Promise<{ id: string; number: string }> {
  const id = await draft(lines, extra);
  const { data, error } = await service.rpc("issue_invoice", { invoice_id: id });
  if (error) throw new Error(`issue: ${error.message}`);
  return { id, number: data as string };
}

async function invoice(id: string) {
  return (await must(
    service
      .from("invoices")
      .select("number, status, subtotal, tax_total, total, amount_paid, amount_credited, updated_at")
      .eq("id", id)
      .single(),
    "read invoice",
  )) as {
    number: string | null;
    status: string;
    subtotal: number;
    tax_total: number;
    total: number;
    amount_paid: number;
    amount_credited: number;
    updated_at: string;
  };
}

const COMMISSION: Line = {
  description: "Commission: sale of 3-bedroom house, East Legon",
  quantity: 1,
  unit_price: "12500.00",
  tax_class: "standard",
};
const EXEMPT_RENT: Line = {
  description: "Residential rent collected (exempt)",
  quantity: 2,
  unit_price: "1750.00",
  tax_class: "exempt",
};

beforeAll(async () => {
  actors = await createActors();
}, 60_000);

afterAll(async () => {
  // Issued documents and payments stay (they are never deleted); drafts and test users go.
  await service.from("invoices").delete().like("bill_to_name", `%${tag}%`).eq("status", "draft");
  for (const a of Object.values(actors ?? {}))
    if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id).catch(() => undefined);
  if (printed.length) console.log(`\nMoney RLS (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
});

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

  it("100 proformas issued concurrently: 100 distinct gapless numbers within 2 s (counter row locked FOR UPDATE)", async () => {
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
    expect(n.at(-1)! - n[0]!, "gapless").toBe(99);
    expect(ms, "100 issued within 2 s").toBeLessThanOrEqual(2000);
  });

  it("a refused issue takes no number: the next document gets the next one", async () => {
    const ok1 = await issued([COMMISSION], { kind: "quote" });
    const refused = await service.rpc("issue_invoice", { invoice_id: await draft([], { kind: "quote" }) });
    expect(refused.error?.message).toBe("A document needs at least one line before it is issued.");
    const ok2 = await issued([COMMISSION], { kind: "quote" });
    expect(Number(ok2.number.split("-")[2]) - Number(ok1.number.split("-")[2])).toBe(1);
  });
});

describe("payments, credit notes, held credit, refunds", () => {
  it("the done-when path in the database: partial, full, credit note, held credit, refund; finances follow", async () => {
    const { id, number } = await issued([COMMISSION, EXEMPT_RENT]);
    expect(toMinor((await invoice(id)).total)).toBe(1_850_000);
    const first = await actors.staff.client.rpc("record_payment", {
      payment: {
        amount: "8500.00",
        currency: "GHS",
        method: "mobile_money",
        momo_network: "mtn",
        reference: `MTN ${tag}`,
        allocations: [{ invoice_id: id, amount: "8500.00" }],
      },
    });
    expect(first.error).toBeNull();
    const receipt1 = first.data as { id: string; number: string };
    expect(receipt1.number).toMatch(/^RCP-\d{4}-\d{4,}$/);
    expect(await invoice(id)).toMatchObject({ status: "partially_paid" });
    const second = await actors.staff.client.rpc("record_payment", {
      payment: {
        amount: "10500.00",
        currency: "GHS",
        method: "bank_transfer",
        hold_excess_as_credit: true,
        allocations: [{ invoice_id: id, amount: "10000.00" }],
      },
    });
    expect(second.error).toBeNull();
    expect((second.data as { held_as_credit: number }).held_as_credit).toBe(500);
    expect(await invoice(id)).toMatchObject({ status: "paid" });
    const entries = (await must(
      service
        .from("finance_entries")
        .select("kind, status, amount, payment_id")
        .in("payment_id", [receipt1.id, (second.data as { id: string }).id]),
      "entries",
    )) as { kind: string; status: string; amount: number }[];
    expect(entries.map((e) => [e.kind, e.status, toMinor(e.amount)]).sort()).toEqual([
      ["income", "approved", 1_050_000],
      ["income", "approved", 850_000],
    ]);

    // A credit note for part of a paid invoice: what was paid beyond the new total becomes credit.
    const note = await actors.staff.client.rpc("create_credit_note", {
      invoice_id: id,
      reason: "Commission reduced",
    });
    expect(note.error).toBeNull();
    const noteId = note.data as string;
    await actors.staff.client
      .from("invoice_items")
      .delete()
      .eq("invoice_id", noteId)
      .eq("tax_class", "exempt");
    await actors.staff.client.from("invoice_items").update({ unit_price: 2500 }).eq("invoice_id", noteId);
    const crn = await actors.staff.client.rpc("issue_invoice", { invoice_id: noteId });
    expect(crn.data).toMatch(/^CRN-\d{4}-\d{4,}$/);
    const after = await invoice(id);
    expect([after.status, toMinor(after.amount_credited), toMinor(after.amount_paid)]).toEqual([
      "paid",
      300_000,
      1_550_000,
    ]);
    // The database's rule (private.settlement_status) and core's agree.
    expect(
      settlementStatus(
        "invoice",
        "sent",
        toMinor(after.total),
        toMinor(after.amount_paid),
        toMinor(after.amount_credited),
      ),
    ).toBe(after.status);
    const credit = (await must(
      service.from("client_credit_balances").select("credit").eq("client_key", `client-${tag}@example.com`),
      "credit",
    )) as { credit: number }[];
    expect(toMinor(credit[0]!.credit)).toBe(350_000); // 500 held + 3,000 released

    // A credit note for more than is left to credit is refused.
    const big = await actors.staff.client.rpc("create_credit_note", { invoice_id: id, reason: "Too much" });
    await actors.staff.client
      .from("invoice_items")
      .update({ quantity: 10 })
      .eq("invoice_id", big.data as string);
    const refused = await actors.staff.client.rpc("issue_invoice", { invoice_id: big.data as string });
    expect(refused.error?.message).toMatch(/is more than what is left to credit on/);

    // A refund (negative payment) from the first receipt reopens the invoice.
    const refund = await actors.staff.client.rpc("refund_payment", {
      payment_id: receipt1.id,
      amount: 1000,
      reason: "Goodwill refund",
      method: "mobile_money",
      momo_network: "mtn",
    });
    expect(refund.error).toBeNull();
    expect((refund.data as { number: string }).number).toMatch(/^RFD-/);
    const reopened = await invoice(id);
    expect(reopened).toMatchObject({ status: "partially_paid" });
    expect(
      settlementStatus(
        "invoice",
        "sent",
        toMinor(reopened.total),
        toMinor(reopened.amount_paid),
        toMinor(reopened.amount_credited),
      ),
    ).toBe("partially_paid");
    const tooMuch = await actors.staff.client.rpc("refund_payment", {
      payment_id: receipt1.id,
      amount: 8000,
      reason: "Too much",
      method: "bank_transfer",
    });
    expect(tooMuch.error?.message).toMatch(/^At most GHS 7,500\.00 of RCP-/);
    void number;
  });

  it("held credit goes only to the same client's open invoice; applying it and refunding are audited under the payment", async () => {
    const owed = await issued([EXEMPT_RENT]); // 3,500.00
    const later = await issued([EXEMPT_RENT]);
    const otherClient = await issued([EXEMPT_RENT], {
      bill_to_name: `Other client ${tag}`,
      bill_to_email: `other-${tag}@example.com`,
    });
    const paid = await actors.staff.client.rpc("record_payment", {
      payment: {
        amount: "5000.00",
        currency: "GHS",
        method: "bank_transfer",
        hold_excess_as_credit: true,
        allocations: [{ invoice_id: owed.id, amount: "3500.00" }],
      },
    });
    expect(paid.error).toBeNull();
    const paymentId = (paid.data as { id: string }).id;
    const held = async () =>
      toMinor(String((await service.rpc("payment_credit", { payment_id: paymentId })).data));
    expect(await held()).toBe(150_000);

    // Another client's invoice: refused, nothing moves.
    const foreign = await actors.staff.client.rpc("allocate_payment", {
      payment_id: paymentId,
      invoice_id: otherClient.id,
      amount: 100,
    });
    expect(foreign.error?.message).toMatch(
      /^The credit on RCP-\d{4}-\d{4,} belongs to Money RLS .*; INV-\d{4}-\d{4,} is billed to Other client/,
    );
    expect([toMinor((await invoice(otherClient.id)).amount_paid), await held()]).toEqual([0, 150_000]);
    // More than is held, or than the invoice owes: refused.
    expect(
      (
        await actors.staff.client.rpc("allocate_payment", {
          payment_id: paymentId,
          invoice_id: later.id,
          amount: 1500.01,
        })
      ).error?.message,
    ).toMatch(/holds GHS 1,500\.00 of client credit/);
    // The same client's invoice: applied.
    const ok = await actors.staff.client.rpc("allocate_payment", {
      payment_id: paymentId,
      invoice_id: later.id,
      amount: 1200,
    });
    expect(ok.error).toBeNull();
    expect([
      (await invoice(later.id)).status,
      toMinor((await invoice(later.id)).amount_paid),
      await held(),
    ]).toEqual(["partially_paid", 120_000, 30_000]);
    // A refund of 500: the 300 still held, then 200 off the invoice the credit paid last.
    expect(
      (
        await actors.staff.client.rpc("refund_payment", {
          payment_id: paymentId,
          amount: 500,
          reason: "Overpaid deposit",
          method: "bank_transfer",
        })
      ).error,
    ).toBeNull();
    expect([toMinor((await invoice(later.id)).amount_paid), await held()]).toEqual([100_000, 0]);

    const audit = (await must(
      service
        .from("audit_log")
        .select("action, actor_id, changes")
        .eq("table_name", "payment_allocations")
        .eq("record_id", paymentId)
        .order("id"),
      "audit",
    )) as { actor_id: string; changes: { invoice_id: string; amount: number } }[];
    expect(audit.map((r) => [r.changes.invoice_id, Number(r.changes.amount), r.actor_id])).toEqual([
      [owed.id, 3500, staffId()],
      [later.id, 1200, staffId()],
      [later.id, -200, staffId()],
    ]);
    // That history is read as the payment is: its staff and admins, not another staff member.
    expect(
      await letters(
        "audit_log · payment_allocations of staff's payment · select",
        async (a) =>
          (
            (
              await a.client
                .from("audit_log")
                .select("id")
                .eq("table_name", "payment_allocations")
                .eq("record_id", paymentId)
            ).data ?? []
          ).length === 3,
      ),
    ).toBe("NNYNYNY");
  });

  it("receipt e-mails carry the PDF to render; send_invoice_email queues the invoice PDF", async () => {
    const { id, number } = await issued([COMMISSION]);
    const r = await actors.staff.client.rpc("record_payment", {
      payment: {
        amount: "15000",
        currency: "GHS",
        method: "card",
        email_receipt: true,
        allocations: [{ invoice_id: id, amount: "15000" }],
      },
    });
    const mail = (await must(
      service
        .from("outgoing_emails")
        .select("to_address, subject, attachments")
        .eq("id", (r.data as { receipt_email_id: string }).receipt_email_id)
        .single(),
      "mail",
    )) as { to_address: string; subject: string; attachments: unknown[] };
    expect(mail).toMatchObject({
      to_address: `client-${tag}@example.com`,
      attachments: [
        { render: "receipt_pdf", record_id: (r.data as { id: string }).id, content_type: "application/pdf" },
      ],
    });
    const sent = await actors.staff.client.rpc("send_invoice_email", { invoice_id: id });
    const invMail = (await must(
      service
        .from("outgoing_emails")
        .select("subject, attachments")
        .eq("id", sent.data as string)
        .single(),
      "mail",
    )) as { subject: string; attachments: { filename: string }[] };
    expect(invMail.subject).toBe(`Invoice ${number} from Ghana Realty`);
    expect(invMail.attachments[0]!.filename).toBe(`${number}.pdf`);
  });
});

describe("overdue reminders at the configured offsets", () => {
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  it("queue the latest offset that has come, once per offset, recorded on the invoice with the PDF attached", async () => {
    const before = (
      (await must(service.from("money_settings").select("reminder_offsets").single(), "offsets")) as {
        reminder_offsets: number[];
      }
    ).reminder_offsets;
    await must(
      service
        .from("money_settings")
        .update({ reminder_offsets: [-3, 1, 7] })
        .eq("id", true)
        .select("id"),
      "set offsets",
    );
    try {
      const { id, number } = await issued([COMMISSION]);
      const due = (
        (await must(service.from("invoices").select("due_date").eq("id", id).single(), "due")) as {
          due_date: string;
        }
      ).due_date;
      const reminders = async () =>
        (await must(
          service
            .from("invoice_reminders")
            .select("offset_days, reminded_on, email_id")
            .eq("invoice_id", id)
            .order("offset_days"),
          "reminders",
        )) as { offset_days: number; reminded_on: string; email_id: string }[];
      const queue = async (on: string) => {
        const { error } = await service.rpc("queue_invoice_reminders", { on_date: on, max_rows: 1000 });
        if (error) throw new Error(error.message);
      };
      await queue(shift(due, -4));
      expect(await reminders(), "nothing before the first offset").toEqual([]);
      await queue(shift(due, -3));
      await queue(shift(due, -2));
      const first = await reminders();
      expect(first.map((r) => [r.offset_days, r.reminded_on])).toEqual([[-3, shift(due, -3)]]);
      const mail = (await must(
        service
          .from("outgoing_emails")
          .select("to_address, subject, attachments")
          .eq("id", first[0]!.email_id)
          .single(),
        "mail",
      )) as { to_address: string; subject: string; attachments: unknown[] };
      expect(mail).toMatchObject({
        to_address: `client-${tag}@example.com`,
        subject: `Reminder: invoice ${number} is due soon`,
        attachments: [{ render: "invoice_pdf", record_id: id }],
      });
      await queue(shift(due, 1));
      await queue(shift(due, 1));
      const second = await reminders();
      expect(second.map((r) => [r.offset_days, r.reminded_on])).toEqual([
        [-3, shift(due, -3)],
        [1, shift(due, 1)],
      ]);
      const late = (await must(
        service.from("outgoing_emails").select("subject").eq("id", second[1]!.email_id).single(),
        "late",
      )) as { subject: string };
      expect(late.subject).toBe(`Reminder: invoice ${number} is overdue`);
      // Paid in full: no more reminders.
      await must(
        service.rpc("record_payment", {
          payment: {
            amount: "15000",
            currency: "GHS",
            method: "bank_transfer",
            allocations: [{ invoice_id: id, amount: "15000" }],
          },
        }),
        "pay",
      );
      await queue(shift(due, 8));
      expect(await reminders()).toHaveLength(2);
    } finally {
      await service.from("money_settings").update({ reminder_offsets: before }).eq("id", true);
    }
  });
});

describe("access (RLS matrix)", () => {
  let entryId = "";
  let paymentId = "";
  let invoiceId = "";
  beforeAll(async () => {
    const inv = await issued([COMMISSION]);
    invoiceId = inv.id;
    const cat = (
      (await must(
        service.from("finance_categories").select("id").eq("code", "transport").single(),
        "cat",
      )) as { id: string }
    ).id;
    entryId = (
      (await must(
        service
          .from("finance_entries")
          .insert({
            kind: "expense",
            amount: 120,
            category_id: cat,
            description: `Fuel ${tag}`,
            owner_id: staffId(),
          })
          .select("id")
          .single(),
        "entry",
      )) as { id: string }
    ).id;
    const pay = await service.rpc("record_payment", {
      payment: {
        amount: "1000",
        currency: "GHS",
        method: "cheque",
        allocations: [{ invoice_id: invoiceId, amount: "1000" }],
      },
    });
    paymentId = (pay.data as { id: string }).id;
  });

  const seen = (table: string, col: string, value: string) => async (a: Actor) =>
    ((await a.client.from(table).select(col).eq(col, value)).data ?? []).length > 0;

  it("documents' parts and payments follow the invoice's record-level access; nobody writes them directly", async () => {
    expect(await letters("invoice_taxes · select", seen("invoice_taxes", "invoice_id", invoiceId))).toBe(
      "NNYNYNY",
    );
    expect(
      await letters("invoice_taxes · insert", async (a) => {
        await a.client.from("invoice_taxes").insert({
          invoice_id: invoiceId,
          tax_class: "standard",
          code: `x${a.name.length}`,
          name: "Forged",
          rate: 0.5,
          base: 1,
          amount: 1,
        });
        return (
          (
            (
              await service
                .from("invoice_taxes")
                .select("code")
                .eq("invoice_id", invoiceId)
                .eq("name", "Forged")
            ).data ?? []
          ).length > 0
        );
      }),
    ).toBe("NNNNNNN");
    expect(await letters("payments · select", seen("payments", "id", paymentId))).toBe("NNYNYNY");
    expect(
      await letters("payment_allocations · select", seen("payment_allocations", "payment_id", paymentId)),
    ).toBe("NNYNYNY");
    expect(
      await letters("payments · insert (direct)", async (a, i) => {
        const n = `RCP-2097-${String(1000 + i)}`;
        await a.client.from("payments").insert({
          number: n,
          amount: 1,
          currency: "GHS",
          method: "card",
          paid_on: "2026-01-01",
          payer_name: "X",
          client_key: "x",
        });
        return ((await service.from("payments").select("id").eq("number", n)).data ?? []).length > 0;
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("payments · update (direct)", async (a) => {
        await a.client.from("payments").update({ reference: "forged" }).eq("id", paymentId);
        return (
          (
            (await service.from("payments").select("id").eq("id", paymentId).eq("reference", "forged"))
              .data ?? []
          ).length > 0
        );
      }),
    ).toBe("NNNNNNN");
    await must(
      service
        .from("invoice_reminders")
        .insert({
          invoice_id: invoiceId,
          offset_days: 1,
          reminded_on: "2026-01-02",
          to_address: `client-${tag}@example.com`,
        })
        .select("id"),
      "reminder",
    );
    expect(
      await letters("invoice_reminders · select", seen("invoice_reminders", "invoice_id", invoiceId)),
    ).toBe("NNYNYNY");
    await must(
      service
        .from("online_payments")
        .insert({
          reference: `GR-rls${tag}`,
          invoice_id: invoiceId,
          amount_minor: 100,
          currency: "GHS",
          email: "a@b.co",
          channel: "card",
        })
        .select("reference"),
      "online",
    );
    expect(
      await letters("online_payments · select", seen("online_payments", "reference", `GR-rls${tag}`)),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "payment_webhook_events · select",
        async (a) =>
          ((await a.client.from("payment_webhook_events").select("id").limit(1)).data ?? []).length > 0,
      ),
    ).toBe("NNNNNNN");
  });

  it("the money functions: staff of the record and admins; the worker's only with the secret key", async () => {
    expect(
      await letters("issue_invoice · rpc · staff's draft", async (a) => {
        const id = await draft([COMMISSION]);
        await a.client.rpc("issue_invoice", { invoice_id: id });
        return (await invoice(id)).status === "sent";
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("record_payment · rpc · staff's invoice", async (a) => {
        const inv = await issued([COMMISSION]);
        await a.client.rpc("record_payment", {
          payment: {
            amount: "100",
            currency: "GHS",
            method: "card",
            allocations: [{ invoice_id: inv.id, amount: "100" }],
          },
        });
        return toMinor((await invoice(inv.id)).amount_paid) === 10_000;
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("allocate_payment · rpc · staff's held credit", async (a) => {
        const inv = await issued([COMMISSION]);
        const pay = (await must(
          service.rpc("record_payment", {
            payment: {
              amount: "200",
              currency: "GHS",
              method: "card",
              hold_excess_as_credit: true,
              allocations: [{ invoice_id: inv.id, amount: "100" }],
            },
          }),
          "pay",
        )) as { id: string };
        await a.client.rpc("allocate_payment", { payment_id: pay.id, invoice_id: inv.id, amount: 50 });
        return toMinor((await invoice(inv.id)).amount_paid) === 15_000;
      }),
    ).toBe("NNYNYNY");
    for (const fn of [
      "queue_invoice_reminders",
      "start_online_payment",
      "complete_online_payment",
    ] as const) {
      const args =
        fn === "queue_invoice_reminders"
          ? { on_date: "2026-01-01", max_rows: 1 }
          : fn === "start_online_payment"
            ? { invoice_id: invoiceId, channel: "card", email: "a@b.co", reference: `GR-probe${tag}` }
            : {
                reference: "GR-none0000",
                provider_transaction_id: "1",
                amount_minor: 1,
                currency: "GHS",
                paid_at: new Date().toISOString(),
                channel: "card",
              };
      expect(await letters(`${fn} · rpc`, async (a) => !(await a.client.rpc(fn, args as never)).error)).toBe(
        "NNNNNNN",
      );
    }
    expect(
      await letters(
        "get_public_invoice · rpc · issued",
        async (a) =>
          (
            (await a.client.rpc("get_public_invoice", { invoice_id: invoiceId })).data as {
              number?: string;
            } | null
          )?.number !== undefined,
      ),
    ).toBe("YYYYYYY");
    expect(
      await letters(
        "get_public_receipt · rpc",
        async (a) =>
          (
            (await a.client.rpc("get_public_receipt", { payment_id: paymentId })).data as {
              number?: string;
            } | null
          )?.number !== undefined,
      ),
    ).toBe("YYYYYYY");
  });

  it("finance entries: staff record and see their own (pending), admins see and approve all", async () => {
    expect(await letters("finance_entries · select · staff's", seen("finance_entries", "id", entryId))).toBe(
      "NNYNYNY",
    );
    const cat = (
      (await must(
        service.from("finance_categories").select("id").eq("code", "marketing").single(),
        "cat",
      )) as { id: string }
    ).id;
    expect(
      await letters("finance_entries · insert · own, pending", async (a, i) => {
        const d = `Flyers ${i} ${tag}`;
        await a.client
          .from("finance_entries")
          .insert({ kind: "expense", amount: 50, category_id: cat, description: d, owner_id: a.user?.id });
        return (
          ((await service.from("finance_entries").select("id").eq("description", d)).data ?? []).length > 0
        );
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("finance_entries · update · staff's pending", async (a, i) => {
        const d = `Fuel edited ${i} ${tag}`;
        await a.client.from("finance_entries").update({ description: d }).eq("id", entryId);
        return (
          ((await service.from("finance_entries").select("id").eq("description", d)).data ?? []).length > 0
        );
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("finance_entries · approve · staff's", async (a) => {
        const id = (
          (await must(
            service
              .from("finance_entries")
              .insert({
                kind: "expense",
                amount: 10,
                category_id: cat,
                description: `Approve me ${tag}`,
                owner_id: staffId(),
              })
              .select("id")
              .single(),
            "e",
          )) as { id: string }
        ).id;
        await a.client.from("finance_entries").update({ status: "approved" }).eq("id", id);
        return (
          (
            (await service.from("finance_entries").select("id").eq("id", id).eq("status", "approved")).data ??
            []
          ).length > 0
        );
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("finance_entries · delete · staff's pending", async (a) => {
        const id = (
          (await must(
            service
              .from("finance_entries")
              .insert({
                kind: "expense",
                amount: 10,
                category_id: cat,
                description: `Delete me ${tag}`,
                owner_id: staffId(),
              })
              .select("id")
              .single(),
            "e",
          )) as { id: string }
        ).id;
        await a.client.from("finance_entries").delete().eq("id", id);
        return ((await service.from("finance_entries").select("id").eq("id", id)).data ?? []).length === 0;
      }),
    ).toBe("NNYNYNY");
    // Income from a payment is never edited by hand.
    const payEntry = (
      (await must(
        service.from("finance_entries").select("id").eq("payment_id", paymentId).single(),
        "pay entry",
      )) as { id: string }
    ).id;
    const edit = await actors.admin_mfa_aal2.client
      .from("finance_entries")
      .update({ amount: 1 })
      .eq("id", payEntry);
    expect(edit.error?.message).toBe(
      "This income came from a payment and follows it: it is not edited by hand.",
    );
  });

  it("finance receipts (rows and the private bucket) follow the entry", async () => {
    const pdf = () => new Blob([`%PDF-1.4\n% ${tag}\n`], { type: "application/pdf" });
    expect(
      await letters("storage finance-receipts · upload · staff's entry", async (a, i) => {
        const path = `${entryId}/probe-${i}-${tag}.pdf`;
        await a.client.storage.from("finance-receipts").upload(path, pdf());
        return ((await service.storage.from("finance-receipts").list(entryId)).data ?? []).some(
          (f) => f.name === `probe-${i}-${tag}.pdf`,
        );
      }),
    ).toBe("NNYNYNY");
    await must(
      service
        .from("finance_attachments")
        .insert({
          entry_id: entryId,
          storage_path: `${entryId}/probe-2-${tag}.pdf`,
          file_name: "fuel.pdf",
          mime_type: "application/pdf",
          size_bytes: 30,
        })
        .select("id"),
      "row",
    );
    expect(
      await letters("finance_attachments · select", seen("finance_attachments", "entry_id", entryId)),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "storage finance-receipts · download",
        async (a) =>
          !(await a.client.storage.from("finance-receipts").download(`${entryId}/probe-2-${tag}.pdf`)).error,
      ),
    ).toBe("NNYNYNY");
  });

  it("accounts, categories and money settings: staff read, admins keep them", async () => {
    expect(
      await letters(
        "finance_accounts · select",
        async (a) => ((await a.client.from("finance_accounts").select("id")).data ?? []).length > 0,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("finance_accounts · insert", async (a, i) => {
        const name = `Probe account ${i} ${tag}`;
        await a.client.from("finance_accounts").insert({ name, kind: "bank" });
        return ((await service.from("finance_accounts").select("id").eq("name", name)).data ?? []).length > 0;
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters(
        "finance_categories · select",
        async (a) => ((await a.client.from("finance_categories").select("id")).data ?? []).length > 0,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("finance_categories · delete · system", async (a) => {
        await a.client.from("finance_categories").delete().eq("code", "client_payments");
        return (
          ((await service.from("finance_categories").select("id").eq("code", "client_payments")).data ?? [])
            .length === 0
        );
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters(
        "money_settings · select",
        async (a) =>
          ((await a.client.from("money_settings").select("reminder_offsets")).data ?? []).length > 0,
      ),
    ).toBe("NNYYYNY");
    const before = (
      (await must(service.from("money_settings").select("reminder_offsets").single(), "offsets")) as {
        reminder_offsets: number[];
      }
    ).reminder_offsets;
    try {
      expect(
        await letters("money_settings · update", async (a, i) => {
          await a.client
            .from("money_settings")
            .update({ reminder_offsets: [i + 1] })
            .eq("id", true);
          return (
            (
              (await service.from("money_settings").select("reminder_offsets").single()).data as {
                reminder_offsets: number[];
              }
            ).reminder_offsets[0] ===
            i + 1
          );
        }),
      ).toBe("NNNNYNY");
    } finally {
      await service.from("money_settings").update({ reminder_offsets: before }).eq("id", true);
    }
  });
});
