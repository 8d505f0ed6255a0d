/** Worked examples of every figure's one definition (core/reports/figures.ts). */
import { describe, expect, it } from "vitest";
import { ANNUAL_REPORT_COLUMNS, annualReportCsv, annualRowSchema } from "./annual-report.ts";
import {
  ageingBucket,
  collected,
  conversionRate,
  daysOnMarket,
  medianDaysOnMarket,
  daysPastDue,
  median,
  outstanding,
  overdue,
  pipelineValue,
  receivablesRowSchema,
  responseMinutes,
  revenue,
  taxesCollected,
  totalsByCurrency,
  weightedPipeline,
} from "./figures.ts";
import { PERIOD_MESSAGES, reportYear, resolvePeriod } from "./period.ts";

type Doc = Parameters<typeof outstanding>[0][number];
const inv = (over: Partial<Doc> = {}): Doc => ({
  kind: "invoice",
  status: "sent",
  total: 100_00,
  amount_paid: 0,
  amount_credited: 0,
  currency: "GHS",
  due_date: "2026-11-01",
  ...over,
});

describe("outstanding and overdue", () => {
  it("counts what issued invoices still owe, per currency, never drafts, void or quotes", () => {
    const docs = [
      inv({ total: 933_333_332 }), // GHS 9,333,333.32: exact at property size
      inv({ total: 50_00, amount_paid: 20_00 }),
      inv({ status: "draft", total: 999_99 }),
      inv({ status: "void", total: 999_99 }),
      inv({ kind: "quote", total: 999_99 }),
      inv({ total: 100_00, amount_paid: 60_00, amount_credited: 60_00 }), // over-settled: 0
      inv({ currency: "USD", total: 1_000_00 }),
    ];
    expect(outstanding(docs)).toEqual({ GHS: 933_333_332 + 30_00, USD: 1_000_00 });
  });
  it("overdue is the outstanding part of invoices due before today", () => {
    const docs = [inv({ due_date: "2026-11-26" }), inv({ due_date: "2026-11-27" }), inv({ due_date: null })];
    expect(overdue(docs, "2026-11-27")).toEqual({ GHS: 100_00 });
    expect(overdue([inv({ status: "draft", due_date: "2020-01-01" })], "2026-11-27")).toEqual({});
  });
  it("ages by days past due: 0–30, 31–60, 61–90, 90+", () => {
    expect(daysPastDue("2026-11-01", "2026-11-27")).toBe(26);
    expect(ageingBucket(null, "2026-11-27")).toBe("age_0_30");
    expect(ageingBucket("2026-12-01", "2026-11-27")).toBe("age_0_30");
    expect(ageingBucket("2026-10-28", "2026-11-27")).toBe("age_0_30"); // 30 days
    expect(ageingBucket("2026-10-27", "2026-11-27")).toBe("age_31_60");
    expect(ageingBucket("2026-09-28", "2026-11-27")).toBe("age_31_60"); // 60
    expect(ageingBucket("2026-09-27", "2026-11-27")).toBe("age_61_90");
    expect(ageingBucket("2026-08-29", "2026-11-27")).toBe("age_61_90"); // 90
    expect(ageingBucket("2026-08-28", "2026-11-27")).toBe("age_90_plus"); // 91
  });
});

describe("revenue, taxes, collected", () => {
  const docs = [
    {
      kind: "invoice" as const,
      status: "paid" as const,
      subtotal: 1_000_00,
      currency: "GHS" as const,
      taxes: [
        { code: "vat", amount: 150_00 },
        { code: "nhil", amount: 25_00 },
        { code: "getfund", amount: 25_00 },
      ],
    },
    {
      kind: "credit_note" as const,
      status: "sent" as const,
      subtotal: 200_00,
      currency: "GHS" as const,
      taxes: [
        { code: "vat", amount: 30_00 },
        { code: "nhil", amount: 5_00 },
        { code: "getfund", amount: 5_00 },
      ],
    },
    {
      kind: "invoice" as const,
      status: "draft" as const,
      subtotal: 5_000_00,
      currency: "GHS" as const,
      taxes: [{ code: "vat", amount: 750_00 }],
    },
    {
      kind: "quote" as const,
      status: "sent" as const,
      subtotal: 7_000_00,
      currency: "GHS" as const,
      taxes: [],
    },
    {
      kind: "invoice" as const,
      status: "sent" as const,
      subtotal: 300_00,
      currency: "USD" as const,
      taxes: [{ code: "vat_flat", amount: 15_00 }],
    },
  ];
  it("revenue is invoiced net of taxes less credit notes; drafts and quotes count nothing", () => {
    expect(revenue(docs)).toEqual({ GHS: 800_00, USD: 300_00 });
  });
  it("taxes collected per GRA line, credit notes taking theirs back", () => {
    expect(taxesCollected(docs)).toEqual({ vat: 120_00, nhil: 20_00, getfund: 20_00, vat_flat: 15_00 });
  });
  it("collected is payments less refunds, per currency", () => {
    expect(
      collected([
        { amount: 500_00, currency: "GHS" },
        { amount: -100_00, currency: "GHS" },
        { amount: 1, currency: "USD" },
      ]),
    ).toEqual({ GHS: 400_00, USD: 1 });
  });
});

describe("pipeline, conversion, medians, days on market, response time", () => {
  const deals = [
    { status: "open" as const, valueMinor: 1_000_000_00, currency: "GHS" as const, probability: 40 },
    { status: "open" as const, valueMinor: 333_33, currency: "GHS" as const, probability: 10 }, // 33.333 → 33.33
    { status: "won" as const, valueMinor: 9_999_00, currency: "GHS" as const, probability: 100 },
    { status: "open" as const, valueMinor: 250_000_00, currency: "USD" as const, probability: 60 },
  ];
  it("pipeline value counts open deals only; weighted rounds per deal", () => {
    expect(pipelineValue(deals)).toEqual({ GHS: 1_000_333_33, USD: 250_000_00 });
    expect(weightedPipeline(deals)).toEqual({ GHS: 400_000_00 + 33_33, USD: 150_000_00 });
  });
  it("conversion rate is a percentage with one decimal, none for nothing started", () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(0, 0)).toBeNull();
  });
  it("median of odd and even counts", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
  it("days on market in whole Africa/Accra calendar days; never published has none", () => {
    expect(daysOnMarket("2026-11-01T10:00:00Z", new Date("2026-11-27T09:00:00Z"))).toBe(26);
    // Published late yesterday: one calendar day today, however few hours have passed.
    expect(daysOnMarket("2026-11-26T23:59:00Z", new Date("2026-11-27T00:01:00Z"))).toBe(1);
    expect(daysOnMarket("2026-11-27T00:00:00Z", new Date("2026-11-27T23:59:00Z"))).toBe(0);
    // Published after `until` (a listing scheduled ahead): never below 0.
    expect(daysOnMarket("2026-11-28T08:00:00Z", new Date("2026-11-27T09:00:00Z"))).toBe(0);
    expect(daysOnMarket(null, new Date())).toBeNull();
  });
  it("median days on market rounds to a whole day and leaves out listings never published", () => {
    const now = new Date("2026-11-27T09:00:00Z");
    expect(medianDaysOnMarket(["2026-11-24T23:00:00Z", "2026-11-24T01:00:00Z"], now)).toBe(3);
    expect(medianDaysOnMarket(["2026-11-24T10:00:00Z", "2026-11-25T10:00:00Z", null], now)).toBe(3); // 2.5 → 3
    expect(medianDaysOnMarket([null], now)).toBeNull();
  });
  it("response time in minutes to one decimal; unanswered has none", () => {
    expect(responseMinutes("2026-11-27T08:00:00Z", "2026-11-27T08:12:30Z")).toBe(12.5);
    expect(responseMinutes("2026-11-27T08:00:00Z", null)).toBeNull();
  });
  it("sums report rows per currency exactly from the decimal text PostgREST sends", () => {
    const rows = [
      {
        currency: "GHS",
        invoices: 1,
        outstanding: "9333333.32",
        overdue_invoices: 0,
        overdue: 0,
        age_0_30: "9333333.32",
        age_31_60: 0,
        age_61_90: 0,
        age_90_plus: 0,
      },
      {
        currency: "USD",
        invoices: 1,
        outstanding: 0.1,
        overdue_invoices: 1,
        overdue: 0.1,
        age_0_30: 0,
        age_31_60: 0,
        age_61_90: 0,
        age_90_plus: 0.1,
      },
    ].map((r) => receivablesRowSchema.parse(r));
    expect(totalsByCurrency(rows, (r) => r.outstanding)).toEqual({ GHS: 933_333_332, USD: 10 });
  });
});

describe("the report's period (Africa/Accra)", () => {
  const now = new Date("2026-11-27T23:30:00Z");
  it("this month, quarter and year", () => {
    expect(resolvePeriod({ period: "month" }, now)).toEqual({
      ok: true,
      period: { kind: "month", from: "2026-11-01", to: "2026-11-30" },
    });
    expect(resolvePeriod({}, new Date("2028-02-10T00:00:00Z"))).toMatchObject({
      period: { to: "2028-02-29" },
    });
    expect(resolvePeriod({ period: "quarter" }, now)).toMatchObject({
      period: { from: "2026-10-01", to: "2026-12-31" },
    });
    expect(resolvePeriod({ period: "year" }, now)).toMatchObject({
      period: { from: "2026-01-01", to: "2026-12-31" },
    });
  });
  it("a custom range up to five years", () => {
    expect(resolvePeriod({ period: "custom", from: "2022-01-01", to: "2026-12-31" })).toMatchObject({
      ok: true,
    });
  });
  it("refuses bad ranges with the database's words", () => {
    expect(resolvePeriod({ period: "custom", from: "2026-05-01", to: "2026-04-30" })).toEqual({
      ok: false,
      message: PERIOD_MESSAGES.reversed,
    });
    expect(resolvePeriod({ period: "custom", from: "2021-01-01", to: "2026-01-01" })).toEqual({
      ok: false,
      message: PERIOD_MESSAGES.tooLong,
    });
    expect(resolvePeriod({ period: "custom", from: "2026-02-30", to: "2026-03-01" })).toEqual({
      ok: false,
      message: PERIOD_MESSAGES.badDate,
    });
    expect(resolvePeriod({ period: "custom", from: "2026-02-01" })).toEqual({
      ok: false,
      message: PERIOD_MESSAGES.missing,
    });
    expect(resolvePeriod({ period: "decade" })).toEqual({ ok: false, message: PERIOD_MESSAGES.badKind });
  });
  it("an annual report's year", () => {
    expect(reportYear("2026")).toEqual({ ok: true, year: 2026 });
    expect(reportYear("1999")).toMatchObject({ ok: false });
    expect(reportYear("20x6")).toMatchObject({ ok: false });
  });
});

describe("the Act 1047 annual transaction report", () => {
  it("starts with the header row the regulator's columns need", () => {
    const row = annualRowSchema.parse({
      deal_id: "d1",
      completed_on: "2026-03-04",
      transaction_type: "sale",
      property: "=4-bed house, East Legon",
      property_city: "Accra",
      client: "Adwoa Dɔnkɔ",
      agent_id: null,
      agent_name: "Ama Owusu",
      value: "9333333.32",
      currency: "GHS",
      commission: "466666.67",
      certificate_no: "RETC/2026/0042",
    });
    const csv = annualReportCsv([row]);
    const [header, line] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "Date completed,Type,Property,City,Client,Agent,Value,Currency,Commission,Certificate number",
    );
    expect(line).toBe(
      "2026-03-04,Sale,'=4-bed house, East Legon,Accra,Adwoa Dɔnkɔ,Ama Owusu,9333333.32,GHS,466666.67,RETC/2026/0042".replace(
        "'=4-bed house, East Legon",
        '"\'=4-bed house, East Legon"',
      ),
    );
    expect(ANNUAL_REPORT_COLUMNS).toHaveLength(10);
  });
});
