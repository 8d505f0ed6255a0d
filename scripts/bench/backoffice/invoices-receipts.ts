/**
 * Money at scale (scripts/scale/34-money.sql: 50,000 invoices, 80,000
 * payments, two years of finance entries): the invoices list with a status filter (p95 ≤ 50 ms),
 * the derived overdue filter, the search box, the payments list, the monthly finance report over
 * two years and its breakdown by category (p95 ≤ 200 ms). The dashboard widgets: this year's
 * income and expenses (overdue invoices: reports.ts). (Issuing 100 at once in ≤ 2 s is measured by tests/rls/invoices-receipts.test.ts.)
 */
import { DOCUMENT_ROW_COLUMNS } from "#core/invoices-receipts/documents.ts";
import { PAYMENT_ROW_COLUMNS } from "#core/payments/payments.ts";
import { ownRecordsFilter } from "#core/records/own-records.ts";
import { ok, type DashboardQuery, type Scenario } from "./scenario.ts";

const STATUSES = ["paid", "sent", "partially_paid"] as const;
const TERMS = ["mensah", "inv-2025-01", "asante enterprises", "boateng.1", "rcp-2026"] as const;
const today = () => new Date().toISOString().slice(0, 10);

export const dashboardQueries: DashboardQuery[] = [
  (c) =>
    ok(
      c.rpc("finance_report", {
        from_date: `${today().slice(0, 4)}-01-01`,
        to_date: today(),
        grain: "month",
      }),
      "income and expenses",
    ),
];

export const scenarios: Scenario[] = [
  {
    module: "invoices-receipts",
    name: "list: one status, newest first, first page of 25 with the kept total",
    kind: "list",
    actor: "admin",
    // As the SPA asks for an admin (app/features/invoices-receipts/api/documents-api.ts): the page
    // without a count, and in parallel the total the database keeps (invoice_list_total).
    async run(c, ctx) {
      const status = ctx.pick(STATUSES);
      const [page, total] = await Promise.all([
        c
          .from("invoices")
          .select(DOCUMENT_ROW_COLUMNS)
          .or(`status.in.(${status})`)
          .order("updated_at", { ascending: false })
          .order("id")
          .range(0, 24),
        c.rpc("invoice_list_total", { statuses: [status] }),
      ]);
      if (page.error || total.error) throw new Error((page.error ?? total.error)!.message);
      if (!page.data?.length || !total.data) throw new Error("empty first page");
    },
  },
  {
    // As the SPA asks for a staff member in "own" mode (core/records/own-records.ts): the policy's
    // owner/assignee test again, with the id as a literal, so the indexes can serve it.
    module: "invoices-receipts",
    name: "list: one status, staff's own (explicit owner/assignee filter)",
    kind: "list",
    actor: "staff",
    async run(c, ctx) {
      const { data, error, count } = await c
        .from("invoices")
        .select(DOCUMENT_ROW_COLUMNS, { count: "exact" })
        .or(ownRecordsFilter(ctx.userId))
        .or(`status.in.(${ctx.pick(STATUSES)})`)
        .order("updated_at", { ascending: false })
        .order("id")
        .range(0, 24);
      if (error) throw new Error(error.message);
      if (!data?.length || !count) throw new Error("empty first page");
    },
  },
  {
    module: "invoices-receipts",
    name: "list: overdue (derived from the due date), staff's own",
    kind: "list",
    actor: "staff",
    async run(c, ctx) {
      const { error } = await c
        .from("invoices")
        .select(DOCUMENT_ROW_COLUMNS, { count: "exact" })
        .or(ownRecordsFilter(ctx.userId))
        .or(`and(kind.eq.invoice,status.in.(sent,partially_paid),due_date.lt.${today()})`)
        .order("updated_at", { ascending: false })
        .order("id")
        .range(0, 24);
      if (error) throw new Error(error.message);
    },
  },
  {
    module: "invoices-receipts",
    name: "search: number, client or e-mail (trigram)",
    kind: "search",
    actor: "admin",
    async run(c, ctx) {
      await ok(
        c
          .rpc("search_invoices", { term: ctx.pick(TERMS) })
          .select("id, number, bill_to_name, status, total")
          .order("updated_at", { ascending: false })
          .limit(10),
        "search",
      );
    },
  },
  {
    module: "payments",
    name: "list: newest first, first page of 25 with the kept total",
    kind: "list",
    actor: "admin",
    async run(c) {
      const [page, total] = await Promise.all([
        c
          .from("payments")
          .select(PAYMENT_ROW_COLUMNS)
          .order("created_at", { ascending: false })
          .order("id")
          .range(0, 24),
        c.rpc("payment_list_total", {}),
      ]);
      if (page.error || total.error) throw new Error((page.error ?? total.error)!.message);
      if (!page.data?.length || !total.data) throw new Error("empty first page");
    },
  },
  {
    module: "payments",
    name: "list: staff's own (explicit owner/assignee/recorder filter), newest first, with total",
    kind: "list",
    actor: "staff",
    async run(c, ctx) {
      const { error } = await c
        .from("payments")
        .select(PAYMENT_ROW_COLUMNS, { count: "exact" })
        .or(ownRecordsFilter(ctx.userId, ["owner_id", "assignee_id", "recorded_by"]))
        .order("created_at", { ascending: false })
        .order("id")
        .range(0, 24);
      if (error) throw new Error(error.message);
    },
  },
  {
    module: "finances",
    name: "report: by month over two years (income, expenses, VAT, trust)",
    kind: "other",
    targetMs: 200,
    actor: "admin",
    async run(c) {
      const rows = await ok(
        c.rpc("finance_report", { from_date: "2025-01-01", to_date: "2026-12-31", grain: "month" }),
        "report",
      );
      if (!Array.isArray(rows) || rows.length < 20)
        throw new Error(`a two-year report of ${Array.isArray(rows) ? rows.length : 0} months`);
    },
  },
  {
    module: "finances",
    name: "report: by category over two years (the overview's breakdown)",
    kind: "other",
    targetMs: 200,
    actor: "admin",
    async run(c) {
      const rows = await ok(
        c.rpc("finance_category_totals", { from_date: "2025-01-01", to_date: "2026-12-31" }),
        "categories",
      );
      if (!Array.isArray(rows) || rows.length === 0) throw new Error("no categories over two years");
    },
  },
];
