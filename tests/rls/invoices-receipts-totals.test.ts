/**
 * What the database keeps for the money screens at scale (migrations 20261129200000…200200),
 * judged against the rows themselves:
 *   - invoice_list_total / payment_list_total: exact counts per kept key, answered only to who
 *     sees the whole module (null for staff under "own" access; anon may not call them);
 *   - finance_report's and finance_category_totals' whole months (private.finance_months and
 *     finance_month_categories, kept by triggers) equal the same
 *     figures computed row by row (a period starting on the 2nd is computed from the rows), through
 *     an entry's approval, an account moving into client trust, an invoice issued and voided; and
 *     staff still get only what RLS shows them.
 * The entry checks use a month of 2019, which nothing else writes into; invoices are issued today.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 · aal2.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { invoiceWithLines } from "#tests/support/invoices.ts";
import { rlsFile } from "./file-fixture.ts";
import { todayInAccra } from "#core/form-fields.ts";
import { must, type Actor } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Money totals");
const MONTH = { from: "2019-03-01", to: "2019-03-31", fromSecond: "2019-03-02" };
let accountId = "";

beforeAll(async () => {
  accountId = (
    (await must(
      service
        .from("finance_accounts")
        .insert({ name: `Totals test ${tag}`, kind: "bank" })
        .select("id")
        .single(),
      "account",
    )) as { id: string }
  ).id;
}, 60_000);

cleanup.push(async () => {
  await service.from("finance_entries").delete().like("description", `%${tag}%`);
  await service.from("finance_accounts").delete().eq("id", accountId);
  await service.from("invoices").delete().like("bill_to_name", `%${tag}%`).eq("status", "draft");
});

/** Exact rows counted with the secret key, and the kept total the admin gets, until they agree (other files write too). */
async function agree(
  rpc: () => PromiseLike<{ data: unknown }>,
  exact: () => PromiseLike<{ count: number | null }>,
): Promise<[number, number]> {
  let pair: [number, number] = [-1, -2];
  for (let i = 0; i < 5 && pair[0] !== pair[1]; i++)
    pair = [Number((await rpc()).data), (await exact()).count ?? -1];
  return pair;
}

describe("kept list totals", () => {
  it("answer a number only to who sees every invoice and payment", async () => {
    const answered = (fn: "invoice_list_total" | "payment_list_total") => async (a: Actor) => {
      const { data, error } = await a.client.rpc(fn, {});
      return !error && typeof data === "number";
    };
    expect(await letters("invoice_list_total · execute", answered("invoice_list_total"))).toBe("NNNNYNY");
    expect(await letters("payment_list_total · execute", answered("payment_list_total"))).toBe("NNNNYNY");
    // Staff under "own" access get null, not a company-wide figure; anon may not call it.
    expect((await actors.staff.client.rpc("invoice_list_total", {})).data).toBeNull();
    expect((await actors.anon.client.rpc("invoice_list_total", {})).error).not.toBeNull();
  });

  it("equal the exact counts per status, kind, currency, method and online", async () => {
    const admin = actors.admin.client;
    for (const statuses of [["paid"], ["sent", "partially_paid"], ["draft"], ["void"]]) {
      const [kept, exact] = await agree(
        () => admin.rpc("invoice_list_total", { statuses }),
        () => service.from("invoices").select("id", { count: "exact", head: true }).in("status", statuses),
      );
      expect(kept, statuses.join(",")).toBe(exact);
    }
    const [kept, exact] = await agree(
      () => admin.rpc("invoice_list_total", { kind: "invoice", statuses: ["sent"], currency: "GHS" }),
      () =>
        service
          .from("invoices")
          .select("id", { count: "exact", head: true })
          .eq("kind", "invoice")
          .eq("status", "sent")
          .eq("currency", "GHS"),
    );
    expect(kept).toBe(exact);
    const cases: { kind?: string; methods?: string[]; online?: boolean }[] = [
      {},
      { kind: "refund" },
      { methods: ["mobile_money", "card"] },
      { online: true },
    ];
    for (const args of cases) {
      const [k, e] = await agree(
        () => admin.rpc("payment_list_total", args),
        () => {
          let q = service.from("payments").select("id", { count: "exact", head: true });
          if (args.kind) q = q.eq("kind", args.kind);
          if (args.methods) q = q.in("method", args.methods);
          if (args.online) q = q.not("gateway", "is", null);
          return q;
        },
      );
      expect(k, JSON.stringify(args)).toBe(e);
    }
  });

  it("follow inserts, status changes and deletes", async () => {
    const admin = actors.admin.client;
    const args = { kind: "proforma", statuses: ["draft"], currency: "USD" };
    const before = Number((await admin.rpc("invoice_list_total", args)).data);
    const made = (await must(
      service
        .from("invoices")
        .insert(
          [1, 2, 3].map((n) => ({ kind: "proforma", currency: "USD", bill_to_name: `Totals ${n} ${tag}` })),
        )
        .select("id"),
      "drafts",
    )) as { id: string }[];
    expect(Number((await admin.rpc("invoice_list_total", args)).data)).toBe(before + 3);
    await must(service.from("invoices").delete().eq("id", made[0]!.id).select("id"), "delete");
    expect(Number((await admin.rpc("invoice_list_total", args)).data)).toBe(before + 2);
  });
});

describe("finance_report's kept months", () => {
  type Row = {
    period_start: string;
    income: number;
    expenses: number;
    vat_collected: number;
    vat_paid: number;
    client_money_in: number;
    pending_entries: number;
  };
  const report = async (a: Actor, from: string, to = MONTH.to) =>
    (await must(
      a.client.rpc("finance_report", { from_date: from, to_date: to, grain: "month" }),
      "report",
    )) as Row[];
  /**
   * This month whole (kept) equals its first day plus the rest (both computed from the rows); VAT
   * is rounded per period, so the halves may differ from the whole by a pesewa.
   */
  async function thisMonthAgrees(a: Actor): Promise<void> {
    const first = `${todayInAccra(new Date()).slice(0, 8)}01`;
    const next = new Date(`${first}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const last = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
    const second = `${first.slice(0, 8)}02`;
    const fields = [
      "income",
      "expenses",
      "vat_paid",
      "client_money_in",
      "pending_entries",
      "vat_collected",
    ] as const;
    const gap = (kept: Row, d1: Row, rest: Row) =>
      Math.max(...fields.map((f) => Math.abs(Number(kept[f]) - Number(d1[f]) - Number(rest[f]))));
    let worst = Infinity;
    for (let i = 0; i < 5 && worst > 0.011; i++) {
      const [kept, d1, rest] = [
        (await report(a, first, last))[0]!,
        (await report(a, first, first))[0]!,
        (await report(a, second, last))[0]!,
      ];
      worst = gap(kept, d1, rest);
    }
    expect(worst).toBeLessThanOrEqual(0.011);
  }
  /** The whole month (kept) and the same month from the 2nd (rows under RLS) must agree; day 1 stays empty here. */
  async function both(a: Actor): Promise<Row> {
    const [kept, rows] = [await report(a, MONTH.from), await report(a, MONTH.fromSecond)];
    expect(kept).toEqual(rows);
    return kept[0]!;
  }
  const cat = async (code: string) =>
    (
      (await must(service.from("finance_categories").select("id").eq("code", code).single(), code)) as {
        id: string;
      }
    ).id;

  it("agree with the rows through approval, client trust and invoices, and staff see only theirs", async () => {
    const admin = actors.admin;
    const start = await both(admin);
    const transport = await cat("transport");
    const before = (
      (await must(
        admin.client.rpc("finance_category_totals", { from_date: MONTH.from, to_date: MONTH.to }),
        "categories",
      )) as { category_id: string; total: number; entries: number }[]
    ).find((c) => c.category_id === transport);
    const [startTransport, startTransportEntries] = [before?.total ?? 0, before?.entries ?? 0];
    // Staff record an expense (pending), an admin approves it.
    const entry = (await must(
      actors.staff.client
        .from("finance_entries")
        .insert({
          kind: "expense",
          amount: 240,
          vat_amount: 40,
          category_id: await cat("transport"),
          description: `Fuel ${tag}`,
          entry_date: "2019-03-14",
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "staff entry",
    )) as { id: string };
    let now = await both(admin);
    expect(now.pending_entries - start.pending_entries).toBe(1);
    await must(
      admin.client.from("finance_entries").update({ status: "approved" }).eq("id", entry.id).select("id"),
      "approve",
    );
    now = await both(admin);
    expect([
      now.pending_entries - start.pending_entries,
      now.expenses - start.expenses,
      now.vat_paid - start.vat_paid,
    ]).toEqual([0, 240, 40]);
    // The overview's categories: the month kept and from its rows agree, the fuel counted.
    const categories = async (from: string) =>
      (await must(
        admin.client.rpc("finance_category_totals", { from_date: from, to_date: MONTH.to }),
        "categories",
      )) as { category_id: string; total: number; entries: number }[];
    const [keptCats, rowCats] = [await categories(MONTH.from), await categories(MONTH.fromSecond)];
    expect(keptCats).toEqual(rowCats);
    expect(keptCats.find((c) => c.category_id === transport)).toMatchObject({
      total: startTransport + 240,
      entries: startTransportEntries + 1,
    });

    // Income on a bank account, then the account becomes the client (trust) account.
    await must(
      admin.client
        .from("finance_entries")
        .insert({
          kind: "income",
          status: "approved",
          amount: 1000,
          category_id: await cat("other_income"),
          account_id: accountId,
          description: `Deposit ${tag}`,
          entry_date: "2019-03-20",
        })
        .select("id"),
      "income",
    );
    now = await both(admin);
    expect(now.income - start.income).toBe(1000);
    await must(
      service.from("finance_accounts").update({ kind: "client_trust" }).eq("id", accountId).select("id"),
      "to trust",
    );
    now = await both(admin);
    expect([now.income - start.income, now.client_money_in - start.client_money_in]).toEqual([0, 1000]);

    // An invoice issued today (VAT collected this month), then voided: this month kept and from
    // its rows agree (other files issue invoices too: asked again until both answers match).
    const inv = await invoiceWithLines(
      { bill_to_name: `Totals VAT ${tag}`, owner_id: actors.staff.user!.id },
      [{ description: "Valuation", quantity: 1, unit_price: 1000, tax_class: "standard" }],
      { issue: true },
    );
    expect(
      (
        (await must(service.from("invoices").select("tax_total").eq("id", inv.id).single(), "tax")) as {
          tax_total: number;
        }
      ).tax_total,
    ).toBe(200);
    await thisMonthAgrees(admin);
    await must(
      admin.client.rpc("void_invoice", { invoice_id: inv.id, reason: `Totals test ${tag}` }),
      "void",
    );
    await thisMonthAgrees(admin);

    // Staff (own access) get their rows only: their approved expense, not the admin's income.
    const staffRow = await both(actors.staff);
    expect(staffRow.expenses).toBe(240);
    expect(staffRow.client_money_in).toBe(0);
    expect((await both(actors.other_staff)).expenses).toBe(0);
  });
});
