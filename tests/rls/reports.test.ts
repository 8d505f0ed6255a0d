/**
 * The report functions (20261201800000_reports.sql): who may run them, that they refuse bad
 * periods and years with a clear message, that they sum exactly the rows the caller's RLS shows
 * (a staff member their own, another staff member nothing of it, an admin everything) and agree
 * with core's one definition of each figure, and the data-subject export's invoices and timeline.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 · aal2.
 */
import { describe, expect, it } from "vitest";
import { invoiceWithLines } from "#tests/support/invoices.ts";
import { rlsFile } from "./file-fixture.ts";
import { todayInAccra } from "#core/form-fields.ts";
import { documentRowSchema, DOCUMENT_ROW_COLUMNS } from "#core/invoices-receipts/documents.ts";
import { annualRowSchema } from "#core/reports/annual-report.ts";
import { outstanding, overdue, receivablesRowSchema, totalsByCurrency } from "#core/reports/figures.ts";
import { PERIOD_MESSAGES } from "#core/reports/period.ts";
import { must, type Actor } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Reports");
const today = todayInAccra();
const year = Number(today.slice(0, 4));
const PERIOD = { period_from: `${year}-01-01`, period_to: `${year}-12-31` };
const SALE = "00000000-0000-4000-d100-000000000001";
const WON = "00000000-0000-4000-d200-000000000106";

const REPORTS: Array<[string, Record<string, unknown>]> = [
  ["report_receivables", {}],
  ["report_money_months", PERIOD],
  ["report_agents", PERIOD],
  ["report_pipeline", {}],
  ["report_leads", PERIOD],
  ["report_funnel", PERIOD],
  ["report_response_times", PERIOD],
  ["report_stock", {}],
  ["report_annual_transactions", { report_year: year }],
  ["report_agent_activity", PERIOD],
  ["report_partner_commission", PERIOD],
  ["report_trust_ledger", PERIOD],
  ["report_stock_watch", {}],
  ["report_price_reductions", PERIOD],
  ["report_stock_moves", PERIOD],
  ["report_unassigned_inbox", {}],
];

cleanup.push(async () => {
  await service.from("deals").delete().like("title", `%${tag}%`);
  await service.from("contacts").delete().eq("last_name", `Reports-${tag}`);
});

/** An invoice issued today for `owner`, due today, of one exempt GHS line of 7,777,777.77. */
async function issuedInvoice(owner: string, email: string | null = null): Promise<string> {
  const fields = {
    bill_to_name: `Reports ${tag}`,
    bill_to_email: email,
    owner_id: owner,
    payment_terms_days: 0,
  };
  const line = {
    description: "Agency fee",
    quantity: 1,
    unit_price: "7777777.77",
    tax_class: "exempt",
  } as const;
  return (await invoiceWithLines(fields, [line], { issue: true })).id;
}

// Forty days from now an invoice due today is 40 days past due (31–60), if nothing is paid.
const AS_OF = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
const receivables = async (a: Actor) =>
  receivablesRowSchema
    .array()
    .parse((await must(a.client.rpc("report_receivables", { as_of: AS_OF }), "receivables")) ?? []);
const ghs = (rows: Awaited<ReturnType<typeof receivables>>, k: "outstanding" | "overdue") =>
  totalsByCurrency(rows, (r) => r[k]).GHS ?? 0;

describe("report functions", () => {
  it("run for staff and admins at their assurance level, nobody else", async () => {
    for (const [fn, args] of REPORTS) {
      expect(
        await letters(
          `${fn} · execute`,
          async (a) => !(await a.client.rpc(fn as "report_stock", args as never)).error,
        ),
        fn,
      ).toBe("NNYYYNY");
    }
    const refused = await actors.visitor.client.rpc("report_agents", PERIOD);
    expect(refused.error?.message).toBe("Reports are for the team: sign in with a staff or admin account.");
  });

  it("refuse a reversed or over-long period and a year out of range, with no figures", async () => {
    const admin = actors.admin.client;
    const reversed = await admin.rpc("report_money_months", {
      period_from: "2026-05-01",
      period_to: "2026-04-30",
    });
    expect([reversed.data, reversed.error?.message]).toEqual([null, PERIOD_MESSAGES.reversed]);
    const long = await admin.rpc("report_leads", { period_from: "2021-01-01", period_to: "2026-01-01" });
    expect([long.data, long.error?.message]).toEqual([null, PERIOD_MESSAGES.tooLong]);
    const five = await admin.rpc("report_leads", { period_from: "2021-01-02", period_to: "2026-01-01" });
    expect(five.error).toBeNull();
    const old = await admin.rpc("report_annual_transactions", { report_year: 1999 });
    expect(old.error?.message).toBe("Choose a year between 2000 and 2100.");
  });

  it("receivables move by exactly an issued invoice's amount, for who may read it, as core computes them", async () => {
    const before = {
      staff: await receivables(actors.staff),
      other: await receivables(actors.other_staff),
    };
    // GHS 7,777,777.77 outstanding, all of it overdue on AS_OF, in the 31–60 bucket.
    await issuedInvoice(actors.staff.user!.id);
    const after = { staff: await receivables(actors.staff), other: await receivables(actors.other_staff) };
    expect(ghs(after.staff, "outstanding") - ghs(before.staff, "outstanding")).toBe(777_777_777);
    expect(ghs(after.staff, "overdue") - ghs(before.staff, "overdue")).toBe(777_777_777);
    const bucket = (rows: typeof after.staff) => rows.find((r) => r.currency === "GHS")?.age_31_60 ?? 0;
    expect(bucket(after.staff) - bucket(before.staff)).toBe(777_777_777);
    expect(ghs(after.other, "outstanding")).toBe(ghs(before.other, "outstanding"));

    // The admin's figures equal core's definitions over every invoice (other files write too:
    // asked again until a report and a read of the rows agree).
    let pair: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const report = await receivables(actors.admin);
      const docs = documentRowSchema
        .array()
        .parse(
          (await must(service.from("invoices").select(DOCUMENT_ROW_COLUMNS).limit(100_000), "rows")) ?? [],
        );
      pair = [
        [totalsByCurrency(report, (r) => r.outstanding), totalsByCurrency(report, (r) => r.overdue)],
        [outstanding(docs), overdue(docs, AS_OF)],
      ];
      if (JSON.stringify(pair[0]) === JSON.stringify(pair[1])) break;
    }
    expect(pair[0]).toEqual(pair[1]);
  });

  it("the annual transaction report lists a won deal with its certificate, to who may read it", async () => {
    const title = `Sale of 4-bed, East Legon ${tag}`;
    const deal = (await must(
      service
        .from("deals")
        .insert({
          title,
          pipeline_id: SALE,
          stage_id: WON,
          status: "won",
          closed_at: new Date().toISOString(),
          value: "9333333.32",
          currency: "GHS",
          commission_type: "percent",
          commission_rate: 5,
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "deal",
    )) as { id: string };
    // The owner enters the certificate number (the deal form's field), through their own token.
    const certificate = { transaction_certificate_no: `RETC/${year}/${tag}` };
    const byOther = await actors.other_staff.client
      .from("deals")
      .update(certificate)
      .eq("id", deal.id)
      .select("id");
    expect(byOther.data ?? []).toEqual([]);
    await must(
      actors.staff.client.from("deals").update(certificate).eq("id", deal.id).select("id").single(),
      "certificate",
    );
    const rows = async (a: Actor) =>
      annualRowSchema
        .array()
        .parse(
          (await must(a.client.rpc("report_annual_transactions", { report_year: year }), "annual")) ?? [],
        )
        .filter((r) => r.property === title);
    const [mine] = await rows(actors.staff);
    expect(mine).toMatchObject({
      transaction_type: "sale",
      value: 933_333_332,
      commission: 46_666_667,
      currency: "GHS",
      certificate_no: `RETC/${year}/${tag}`,
      completed_on: today,
    });
    expect(await rows(actors.other_staff)).toEqual([]);
    expect(await rows(actors.admin)).toHaveLength(1);
    const ago = await must(
      actors.admin.client.rpc("report_annual_transactions", { report_year: year - 1 }),
      "last year",
    );
    expect((ago as { property: string }[]).some((r) => r.property === title)).toBe(false);
    // The screen asks for the first rows only: the year's first by completion date, as many as asked.
    const all = annualRowSchema
      .array()
      .parse(
        (await must(actors.admin.client.rpc("report_annual_transactions", { report_year: year }), "all")) ??
          [],
      );
    const first = annualRowSchema
      .array()
      .parse(
        (await must(
          actors.admin.client.rpc("report_annual_transactions", { report_year: year, max_rows: 1 }),
          "first",
        )) ?? [],
      );
    expect(first).toEqual(all.slice(0, 1));
    const none = await actors.admin.client.rpc("report_annual_transactions", {
      report_year: year,
      max_rows: 0,
    });
    expect([none.data, none.error?.message]).toEqual([null, "Ask for at least one row."]);
  });

  it("the data-subject export holds the person's invoices and timeline; another agent's contact is refused", async () => {
    const email = `subject-${tag}@example.com`;
    const contact = (await must(
      service
        .from("contacts")
        .insert({ first_name: "Efua", last_name: `Reports-${tag}`, email, owner_id: actors.staff.user!.id })
        .select("id")
        .single(),
      "contact",
    )) as { id: string };
    const invoiceId = await issuedInvoice(actors.staff.user!.id, email.toUpperCase());
    const doc = (await must(
      actors.staff.client.rpc("export_contact", { contact_id: contact.id }),
      "export",
    )) as {
      invoices: { id: string }[];
      timeline: { kind: string }[];
    };
    expect(doc.invoices.map((i) => i.id)).toEqual([invoiceId]);
    expect(Array.isArray(doc.timeline)).toBe(true);
    const again = (await must(
      actors.staff.client.rpc("export_contact", { contact_id: contact.id }),
      "export",
    )) as {
      timeline: { kind: string }[];
    };
    expect(again.timeline.some((t) => t.kind === "data_export")).toBe(true); // the first request, logged
    const refused = await actors.other_staff.client.rpc("export_contact", { contact_id: contact.id });
    expect([refused.data, refused.error?.message]).toEqual([
      null,
      "That contact does not exist or you may not see it.",
    ]);
  });
});
