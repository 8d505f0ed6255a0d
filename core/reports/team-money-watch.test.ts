/** Worked examples of the agents', client money and stock watch figures (agents.ts, ledger.ts, watch.ts). */
import { describe, expect, it } from "vitest";
import { goalAttainment, leaderboard, overdueTaskOf, viewingHeld } from "./agents.ts";
import { partnerCommissionRowSchema, trustLedger, UNNAMED_CLIENT, type TrustEntry } from "./ledger.ts";
import { inboxAge, isPriceReduction, watchReason } from "./watch.ts";

describe("agents", () => {
  it("counts a viewing held only when completed and hosted by the agent", () => {
    expect(viewingHeld({ status: "completed", assignee_id: "a" }, "a")).toBe(true);
    expect(viewingHeld({ status: "confirmed", assignee_id: "a" }, "a")).toBe(false);
    expect(viewingHeld({ status: "completed", assignee_id: "b" }, "a")).toBe(false);
  });

  it("gives an open task past due to its assignee, else its owner", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const t = { status: "todo", due_at: "2026-11-28T11:59:00Z", assignee_id: null, owner_id: "o" };
    expect(overdueTaskOf(t, now)).toBe("o");
    expect(overdueTaskOf({ ...t, assignee_id: "a" }, now)).toBe("a");
    expect(overdueTaskOf({ ...t, status: "done" }, now)).toBeNull();
    expect(overdueTaskOf({ ...t, due_at: "2026-11-28T12:00:00Z" }, now)).toBeNull();
    expect(overdueTaskOf({ ...t, due_at: null }, now)).toBeNull();
  });

  it("states a goal's attainment as a whole percentage", () => {
    expect(goalAttainment(3, 4)).toBe(75);
    expect(goalAttainment(5, 4)).toBe(125);
    expect(goalAttainment(1, 0)).toBe(0);
  });

  it("puts activity on an agent's first row only, and adds agents with activity but no win", () => {
    const rows = leaderboard(
      [
        { agent_id: "a", currency: "GHS", deals_won: 2, won_value: 900_00, commission: 45_00 },
        { agent_id: "a", currency: "USD", deals_won: 1, won_value: 100_00, commission: 5_00 },
      ],
      [
        { agent_id: "a", viewings_held: 3, overdue_tasks: 1 },
        { agent_id: "b", viewings_held: 2, overdue_tasks: 4 },
      ],
    );
    expect(rows.map((r) => [r.agent_id, r.currency, r.viewings_held, r.overdue_tasks])).toEqual([
      ["a", "GHS", 3, 1],
      ["a", "USD", null, null],
      ["b", null, 2, 4],
    ]);
    expect(rows.reduce((s, r) => s + (r.viewings_held ?? 0), 0)).toBe(5);
  });
});

describe("client trust ledger", () => {
  const e = (over: Partial<TrustEntry>): TrustEntry => ({
    counterparty: "Ama Mensah",
    kind: "income",
    status: "approved",
    amount: 9_333_333_32,
    currency: "GHS",
    entry_date: "2026-11-10",
    account_kind: "client_trust",
    ...over,
  });

  it("keeps money in, out and the balance per client and currency, never income", () => {
    const rows = trustLedger(
      [
        e({}),
        e({ kind: "expense", amount: 1_000_000_00, entry_date: "2026-11-20" }),
        e({ entry_date: "2026-10-01", amount: 50_00 }), // before the period: balance only
        e({ entry_date: "2026-12-01" }), // after the period: nowhere
        e({ currency: "USD", amount: 10_00 }),
        e({ account_kind: "bank" }), // the agency's money
        e({ status: "pending" }),
        e({ counterparty: "  ", amount: 1_00 }),
      ],
      "2026-11-01",
      "2026-11-30",
    );
    expect(rows).toEqual([
      {
        client: "Ama Mensah",
        currency: "GHS",
        money_in: 9_333_333_32,
        money_out: 1_000_000_00,
        balance: 8_333_383_32,
        entries: 2,
      },
      { client: "Ama Mensah", currency: "USD", money_in: 10_00, money_out: 0, balance: 10_00, entries: 1 },
      { client: UNNAMED_CLIENT, currency: "GHS", money_in: 1_00, money_out: 0, balance: 1_00, entries: 1 },
    ]);
  });

  it("counts a negative income (a refund) as money out", () => {
    const [row] = trustLedger([e({ amount: -20_00 })], "2026-11-01", "2026-11-30");
    expect(row).toMatchObject({ money_in: 0, money_out: 20_00, balance: -20_00 });
  });

  it("reads a partner's commission row exactly, paid unknown for deal splits", () => {
    expect(
      partnerCommissionRowSchema.parse({
        partner: "Kofi Realty",
        source: "deal split",
        currency: "GHS",
        deals: "2",
        commission: "9333333.32",
        paid: null,
      }),
    ).toEqual({
      partner: "Kofi Realty",
      source: "deal split",
      currency: "GHS",
      deals: 2,
      commission: 933333332,
      paid: null,
    });
  });
});

describe("stock watch and inbox ages", () => {
  const today = "2026-11-28";
  it("flags mandates ending within 30 days or ended on a marketed listing, and withdrawn listings", () => {
    expect(watchReason({ status: "available", mandate_expires_on: "2026-12-28" }, today)).toBe(
      "mandate_expiring",
    );
    expect(watchReason({ status: "available", mandate_expires_on: "2026-12-29" }, today)).toBeNull();
    expect(watchReason({ status: "available", mandate_expires_on: "2026-11-28" }, today)).toBe(
      "mandate_expiring",
    );
    expect(watchReason({ status: "reserved", mandate_expires_on: "2026-11-27" }, today)).toBe(
      "mandate_expired",
    );
    expect(watchReason({ status: "sold", mandate_expires_on: "2026-11-27" }, today)).toBeNull();
    expect(watchReason({ status: "withdrawn", mandate_expires_on: null }, today)).toBe("withdrawn");
    expect(watchReason({ status: "available", mandate_expires_on: null }, today)).toBeNull();
  });

  it("counts a price reduction only when the new price is lower", () => {
    expect(isPriceReduction({ old: "9333333.32", new: "9333333.31" })).toBe(true);
    expect(isPriceReduction({ old: "100", new: "100" })).toBe(false);
    expect(isPriceReduction({ old: null, new: "100" })).toBe(false);
    expect(isPriceReduction(undefined)).toBe(false);
  });

  it("buckets unassigned items by days since arrival", () => {
    expect(inboxAge("2026-11-27", today)).toBe("age_0_1");
    expect(inboxAge("2026-11-26", today)).toBe("age_2_7");
    expect(inboxAge("2026-11-21", today)).toBe("age_2_7");
    expect(inboxAge("2026-11-20", today)).toBe("age_8_30");
    expect(inboxAge("2026-10-29", today)).toBe("age_8_30");
    expect(inboxAge("2026-10-28", today)).toBe("age_30_plus");
  });
});
