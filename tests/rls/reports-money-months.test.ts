/**
 * The money report's kept totals (private.money_months, 20261202800000_report_money_months_kept.sql):
 * an admin's whole months come from totals the database keeps, a partial month and a staff
 * member's figures from the rows under RLS. Both must equal core's one definition of revenue,
 * taxes collected and money collected over the rows, and move by exactly an issued invoice.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceWithLines } from "#tests/support/invoices.ts";
import { todayInAccra } from "#core/form-fields.ts";
import { documentRowSchema, minorSchema } from "#core/invoices-receipts/documents.ts";
import {
  collected,
  moneyMonthRowSchema,
  revenue,
  taxesCollected,
  TAX_CODES,
  type Currency,
  type MoneyMonthRow,
} from "#core/reports/figures.ts";
import { serviceClient } from "#tests/support/supabase.ts";
import { createActors, deleteActors, must, type Actor, type ActorName } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let actors: Record<ActorName, Actor>;
const today = todayInAccra();
const year = Number(today.slice(0, 4));
const YEAR = { period_from: `${year}-01-01`, period_to: `${year}-12-31` };
const TODAY = { period_from: today, period_to: today };
const FIGURES = ["invoiced", "collected", ...TAX_CODES] as const;
type Figures = Record<(typeof FIGURES)[number], number>;

beforeAll(async () => {
  actors = await createActors();
}, 60_000);

afterAll(async () => {
  await deleteActors(actors);
});

const months = async (a: Actor, period: { period_from: string; period_to: string }) =>
  moneyMonthRowSchema
    .array()
    .parse((await must(a.client.rpc("report_money_months", period), "money months")) ?? []);

const byKey = (rows: readonly MoneyMonthRow[]) =>
  Object.fromEntries(
    rows.map((r) => [`${r.month} ${r.currency}`, Object.fromEntries(FIGURES.map((f) => [f, r[f]]))]),
  ) as Record<string, Figures>;

/** Core's definitions over every document, tax line and payment of the year, per month and currency. */
async function recount(): Promise<Record<string, Figures>> {
  const docs = documentRowSchema
    .pick({ id: true, kind: true, status: true, currency: true, issue_date: true, subtotal: true })
    .array()
    .parse(
      (await must(
        service
          .from("invoices")
          .select("id, kind, status, currency, issue_date, subtotal")
          .gte("issue_date", YEAR.period_from)
          .lte("issue_date", YEAR.period_to)
          .limit(100_000),
        "documents",
      )) ?? [],
    )
    .map((d) => ({ ...d, issue_date: d.issue_date ?? "" }));
  const taxes = ((await must(
    service
      .from("invoice_taxes")
      .select("invoice_id, code, amount")
      .in(
        "invoice_id",
        docs.map((d) => d.id),
      )
      .limit(100_000),
    "taxes",
  )) ?? []) as { invoice_id: string; code: string; amount: string }[];
  const payments = ((await must(
    service
      .from("payments")
      .select("paid_on, currency, amount")
      .gte("paid_on", YEAR.period_from)
      .lte("paid_on", YEAR.period_to)
      .limit(100_000),
    "payments",
  )) ?? []) as { paid_on: string; currency: Currency; amount: string }[];
  const keys = new Set([
    ...docs.map((d) => `${d.issue_date.slice(0, 7)} ${d.currency}`),
    ...payments.map((p) => `${p.paid_on.slice(0, 7)} ${p.currency}`),
  ]);
  const out: Record<string, Figures> = {};
  for (const key of keys) {
    const [month, currency] = key.split(" ") as [string, Currency];
    const mine = docs
      .filter((d) => d.issue_date.startsWith(month) && d.currency === currency)
      .map((d) => ({
        ...d,
        taxes: taxes
          .filter((t) => t.invoice_id === d.id)
          .map((t) => ({ code: t.code, amount: minorSchema.parse(t.amount) })),
      }));
    const paid = payments
      .filter((p) => p.paid_on.startsWith(month) && p.currency === currency)
      .map((p) => ({ currency, amount: minorSchema.parse(p.amount) }));
    const f: Figures = {
      invoiced: revenue(mine)[currency] ?? 0,
      collected: collected(paid)[currency] ?? 0,
      ...taxesCollected(mine),
    };
    if (FIGURES.some((k) => f[k] !== 0)) out[key] = f;
  }
  return out;
}

/** A GHS invoice issued today for `owner`, one standard-rated line of 9,333,333.32. */
async function issuedTaxedInvoice(owner: string): Promise<Figures> {
  const inv = await invoiceWithLines(
    { bill_to_name: `Money months ${tag}`, owner_id: owner, payment_terms_days: 0 },
    [{ description: "Agency fee", quantity: 1, unit_price: "9333333.32", tax_class: "standard" }],
    { issue: true },
  );
  const taxes = ((await must(
    service.from("invoice_taxes").select("code, amount").eq("invoice_id", inv.id),
    "taxes",
  )) ?? []) as { code: string; amount: string }[];
  const f: Figures = { invoiced: 933_333_332, collected: 0, vat: 0, nhil: 0, getfund: 0, vat_flat: 0 };
  for (const t of taxes) f[t.code as keyof Figures] += minorSchema.parse(t.amount);
  return f;
}

const thisMonth = (rows: readonly MoneyMonthRow[]): Figures =>
  byKey(rows)[`${today.slice(0, 7)} GHS`] ?? {
    invoiced: 0,
    collected: 0,
    vat: 0,
    nhil: 0,
    getfund: 0,
    vat_flat: 0,
  };
const delta = (after: Figures, before: Figures) =>
  Object.fromEntries(FIGURES.map((f) => [f, after[f] - before[f]]));

describe("the money report's kept monthly totals", () => {
  it("equal core's definitions over every row of the year, for an admin (kept whole months)", async () => {
    // Other files write invoices and payments meanwhile: asked again until a report and a
    // read of the rows agree.
    let pair: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      pair = [byKey(await months(actors.admin, YEAR)), await recount()];
      if (JSON.stringify(pair[0]) === JSON.stringify(pair[1])) break;
    }
    expect(pair[0]).toEqual(pair[1]);
  });

  it("move by exactly an issued invoice's net and taxes: whole months, a partial month, and its owner's own", async () => {
    const before = {
      year: thisMonth(await months(actors.admin, YEAR)),
      day: thisMonth(await months(actors.admin, TODAY)),
      staff: thisMonth(await months(actors.staff, YEAR)),
      other: thisMonth(await months(actors.other_staff, YEAR)),
    };
    const issued = await issuedTaxedInvoice(actors.staff.user!.id);
    expect(issued.vat, "a standard-rated line carries VAT").toBeGreaterThan(0);
    // Only this file's invoice changes the staff member's and the other's figures; the admin's
    // move by others' writes too, so theirs is compared where nothing else can land: none of
    // the other files issue a standard-rated 9,333,333.32 — the admin's delta is at least ours.
    expect(delta(thisMonth(await months(actors.staff, YEAR)), before.staff)).toEqual(issued);
    expect(thisMonth(await months(actors.other_staff, YEAR))).toEqual(before.other);
    const year_ = delta(thisMonth(await months(actors.admin, YEAR)), before.year);
    const day = delta(thisMonth(await months(actors.admin, TODAY)), before.day);
    for (const f of ["invoiced", ...TAX_CODES] as const) {
      expect(year_[f], `admin ${f}, kept`).toBeGreaterThanOrEqual(issued[f]);
      expect(day[f], `admin ${f}, from the rows`).toBeGreaterThanOrEqual(issued[f]);
    }
  });
});
