/**
 * The agents', client money and stock watch reports (20261202100000_reports_agents_money_stock.sql):
 * an agent's page for the agent and an admin, refused to a colleague and for someone not on the
 * team; the leaderboard's viewings and overdue tasks; commission per partner; the client trust
 * ledger per client (never the agency's income); mandates ending, price reductions, status moves;
 * unassigned inbox items. Each figure moves by exactly what this file adds, for who may read it.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { agentActivityRowSchema, agentGoalRowSchema, agentTrendRowSchema } from "#core/reports/agents.ts";
import { partnerCommissionRowSchema, trustLedgerRowSchema } from "#core/reports/ledger.ts";
import { PERIOD_MESSAGES } from "#core/reports/period.ts";
import { priceReductionRowSchema, stockWatchRowSchema, unassignedRowSchema } from "#core/reports/watch.ts";
import { serviceClient } from "#tests/support/supabase.ts";
import { createActors, deleteActors, must, type Actor, type ActorName } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let actors: Record<ActorName, Actor>;
const today = todayInAccra();
const month = `${today.slice(0, 7)}`;
const PERIOD = { period_from: `${today.slice(0, 4)}-01-01`, period_to: `${today.slice(0, 4)}-12-31` };
const SALE = "00000000-0000-4000-d100-000000000001";
const WON = "00000000-0000-4000-d200-000000000106";
let trustAccount = "";
let bankAccount = "";

beforeAll(async () => {
  actors = await createActors();
  const account = async (kind: string) =>
    (
      (await must(
        service
          .from("finance_accounts")
          .insert({ name: `Reports ${kind} ${tag}`, kind })
          .select("id")
          .single(),
        kind,
      )) as { id: string }
    ).id;
  trustAccount = await account("client_trust");
  bankAccount = await account("bank");
}, 60_000);

afterAll(async () => {
  await service.from("deals").delete().like("title", `%${tag}%`);
  await service.from("bookings").delete().like("full_name", `%${tag}%`);
  await service.from("tasks").delete().like("title", `%${tag}%`);
  await service.from("goals").delete().like("notes", `%${tag}%`);
  await service.from("finance_entries").delete().like("description", `%${tag}%`);
  await service.from("finance_accounts").delete().in("id", [trustAccount, bankAccount]);
  await service.from("properties").delete().like("slug", `%${tag}%`);
  await service.from("contact_submissions").delete().like("full_name", `%${tag}%`);
  await service.from("contacts").delete().eq("last_name", `Partner-${tag}`);
  await deleteActors(actors);
});

/** A GHS 9,333,333.32 sale at 5 % won today by `owner` (commission GHS 466,666.67). */
async function wonDeal(owner: string, name: string): Promise<string> {
  const deal = (await must(
    service
      .from("deals")
      .insert({
        title: `${name} ${tag}`,
        pipeline_id: SALE,
        stage_id: WON,
        status: "won",
        closed_at: new Date().toISOString(),
        value: "9333333.32",
        currency: "GHS",
        commission_type: "percent",
        commission_rate: 5,
        owner_id: owner,
      })
      .select("id")
      .single(),
    "deal",
  )) as { id: string };
  return deal.id;
}

const trend = async (a: Actor, agent: string) => {
  const rows = agentTrendRowSchema
    .array()
    .parse((await must(a.client.rpc("report_agent_trend", { agent_id: agent, ...PERIOD }), "trend")) ?? []);
  return rows.find((r) => r.month === month && r.currency === "GHS");
};
const activity = async (a: Actor, agent: string) =>
  agentActivityRowSchema
    .array()
    .parse((await must(a.client.rpc("report_agent_activity", PERIOD), "activity")) ?? [])
    .find((r) => r.agent_id === agent) ?? { viewings_held: 0, overdue_tasks: 0 };

describe("an agent's page and the leaderboard's activity", () => {
  it("move by exactly a won deal, a viewing held and an overdue task, for the agent and an admin", async () => {
    const staff = actors.staff.user!.id;
    const before = { trend: await trend(actors.staff, staff), act: await activity(actors.admin, staff) };
    await wonDeal(staff, "Agent page sale");
    const startsAt = new Date(Date.now() - 3_600_000).toISOString();
    await must(
      service
        .from("bookings")
        .insert({
          preferred_date: today,
          time_slot: "10:00",
          starts_at: startsAt,
          full_name: `Viewer ${tag}`,
          email: `viewer.${tag}@example.com`,
          phone: "+233201234567",
          consent_at: startsAt,
          status: "completed",
          assignee_id: staff,
        })
        .select("id"),
      "viewing",
    );
    await must(
      service
        .from("tasks")
        .insert({
          title: `Call back ${tag}`,
          due_at: new Date(Date.now() - 86_400_000).toISOString(),
          assignee_id: staff,
          owner_id: staff,
        })
        .select("id"),
      "task",
    );
    const after = await trend(actors.staff, staff);
    expect(after!.deals_won - (before.trend?.deals_won ?? 0)).toBe(1);
    expect(after!.won_value - (before.trend?.won_value ?? 0)).toBe(933_333_332);
    expect(after!.commission - (before.trend?.commission ?? 0)).toBe(46_666_667);
    expect(after!.viewings_held - (before.trend?.viewings_held ?? 0)).toBe(1);
    expect(await trend(actors.admin, staff)).toEqual(after);
    const act = await activity(actors.admin, staff);
    expect([
      act.viewings_held - before.act.viewings_held,
      act.overdue_tasks - before.act.overdue_tasks,
    ]).toEqual([1, 1]);
    expect(await activity(actors.staff, staff)).toEqual(act);
  });

  it("shows goals against actuals to the agent", async () => {
    const staff = actors.staff.user!.id;
    await must(
      service
        .from("goals")
        .insert({
          metric: "deals_won",
          target: 4,
          period_type: "year",
          period_start: PERIOD.period_from,
          user_id: staff,
          notes: `Goal ${tag}`,
        })
        .select("id"),
      "goal",
    );
    const goals = agentGoalRowSchema
      .array()
      .parse(
        (await must(
          actors.staff.client.rpc("report_agent_goals", { agent_id: staff, ...PERIOD }),
          "goals",
        )) ?? [],
      );
    const goal = goals.find((g) => g.metric === "deals_won" && g.period_type === "year");
    expect(goal?.target).toBe(400);
    expect(goal!.actual).toBeGreaterThanOrEqual(100);
  });

  it("is refused for a colleague's page, someone not on the team, a visitor and a bad period, with no figures", async () => {
    const staff = actors.staff.user!.id;
    const ask = (a: Actor, agent: string, period = PERIOD) =>
      a.client.rpc("report_agent_trend", { agent_id: agent, ...period });
    const colleague = await ask(actors.other_staff, staff);
    expect([colleague.data, colleague.error?.message]).toEqual([
      null,
      "You can open your own agent page only.",
    ]);
    const goals = await actors.other_staff.client.rpc("report_agent_goals", { agent_id: staff, ...PERIOD });
    expect(goals.error?.message).toBe("You can open your own agent page only.");
    const nobody = await ask(actors.admin, crypto.randomUUID());
    expect([nobody.data, nobody.error?.message]).toEqual([null, "There is no such member of the team."]);
    const visitorPage = await ask(actors.admin, actors.visitor.user!.id);
    expect(visitorPage.error?.message).toBe("There is no such member of the team.");
    const visitor = await ask(actors.visitor, actors.visitor.user!.id);
    expect(visitor.error?.message).toBe("Reports are for the team: sign in with a staff or admin account.");
    const reversed = await ask(actors.staff, staff, { period_from: "2026-05-01", period_to: "2026-04-30" });
    expect([reversed.data, reversed.error?.message]).toEqual([null, PERIOD_MESSAGES.reversed]);
    const long = await ask(actors.staff, staff, { period_from: "2020-01-01", period_to: "2026-01-01" });
    expect(long.error?.message).toBe(PERIOD_MESSAGES.tooLong);
  });
});

describe("money apart from income", () => {
  it("the trust ledger keeps each client's money in, out and balance; the agency's income is not in it", async () => {
    const other = (await must(
      service.from("finance_categories").select("id").eq("code", "other_income").single(),
      "category",
    )) as { id: string };
    const client = `Ama Trust ${tag}`;
    const entry = (account: string, kind: string, amount: string, description: string) => ({
      kind,
      status: "approved",
      amount,
      category_id: other.id,
      account_id: account,
      counterparty: client,
      description: `${description} ${tag}`,
      entry_date: today,
      owner_id: actors.staff.user!.id,
    });
    await must(
      service
        .from("finance_entries")
        .insert([
          entry(trustAccount, "income", "9333333.32", "Deposit held"),
          entry(trustAccount, "expense", "1000000.00", "Paid to landlord"),
          entry(bankAccount, "income", "5000.00", "Agency fee"),
        ])
        .select("id"),
      "entries",
    );
    const ledger = async (a: Actor) =>
      trustLedgerRowSchema
        .array()
        .parse((await must(a.client.rpc("report_trust_ledger", PERIOD), "ledger")) ?? [])
        .filter((r) => r.client === client);
    const expected = [
      {
        client,
        currency: "GHS",
        money_in: 933_333_332,
        money_out: 100_000_000,
        balance: 833_333_332,
        entries: 2,
      },
    ];
    expect(await ledger(actors.staff)).toEqual(expected);
    expect(await ledger(actors.admin)).toEqual(expected);
    expect(await ledger(actors.other_staff)).toEqual([]);
    expect((await actors.visitor.client.rpc("report_trust_ledger", PERIOD)).error?.message).toBe(
      "Reports are for the team: sign in with a staff or admin account.",
    );
  });

  it("a co-broker's fixed share is the partner's commission and comes off the agent's", async () => {
    const staff = actors.staff.user!.id;
    const partner = (await must(
      service
        .from("contacts")
        .insert({ first_name: "Kofi", last_name: `Partner-${tag}`, owner_id: staff })
        .select("id, display_name")
        .single(),
      "partner",
    )) as { id: string; display_name: string };
    const mine = (await trend(actors.staff, staff))?.commission ?? 0;
    const deal = await wonDeal(staff, "Co-broke sale");
    await must(
      service
        .from("deal_commission_splits")
        .insert([
          {
            deal_id: deal,
            party: "co_broker",
            partner_contact_id: partner.id,
            share_type: "fixed",
            share_amount: "100000.00",
            position: 0,
          },
          {
            deal_id: deal,
            party: "agent",
            user_id: staff,
            share_type: "percent",
            share_percent: 100,
            position: 1,
          },
        ])
        .select("id"),
      "splits",
    );
    const rows = async (a: Actor) =>
      partnerCommissionRowSchema
        .array()
        .parse((await must(a.client.rpc("report_partner_commission", PERIOD), "partners")) ?? [])
        .filter((r) => r.partner === partner.display_name);
    const expected = [
      {
        partner: partner.display_name,
        source: "deal split",
        currency: "GHS",
        deals: 1,
        commission: 10_000_000,
        paid: null,
      },
    ];
    expect(await rows(actors.staff)).toEqual(expected);
    expect(await rows(actors.admin)).toEqual(expected);
    expect(await rows(actors.other_staff)).toEqual([]);
    // The agent earns the rest: GHS 466,666.67 − 100,000.00.
    expect((await trend(actors.staff, staff))!.commission - mine).toBe(36_666_667);
  });
});

describe("stock watch and inbox", () => {
  it("lists a mandate ending within 30 days and a price reduction, to the listing's agent and an admin", async () => {
    const staff = actors.staff.user!.id;
    const soon = new Date(Date.parse(today) + 10 * 86_400_000).toISOString().slice(0, 10);
    const listing = (await must(
      service
        .from("properties")
        .insert({
          slug: `mandate-${tag}`,
          title: `Mandate ${tag}`,
          property_type: "house",
          listing_type: "sale",
          price: "9333333.32",
          currency: "GHS",
          city: "Accra",
          status: "available",
          owner_id: staff,
          agent_id: staff,
          mandate_expires_on: soon,
        })
        .select("id")
        .single(),
      "listing",
    )) as { id: string };
    await must(
      service.from("properties").update({ price: "9000000.00" }).eq("id", listing.id).select("id"),
      "price",
    );
    const watch = async (a: Actor) =>
      stockWatchRowSchema
        .array()
        .parse((await must(a.client.rpc("report_stock_watch"), "watch")) ?? [])
        .filter((r) => r.property_id === listing.id)
        .map((r) => [r.reason, r.mandate_expires_on]);
    expect(await watch(actors.staff)).toEqual([["mandate_expiring", soon]]);
    expect(await watch(actors.admin)).toEqual([["mandate_expiring", soon]]);
    const reductions = async (a: Actor) =>
      priceReductionRowSchema
        .array()
        .parse((await must(a.client.rpc("report_price_reductions", PERIOD), "reductions")) ?? [])
        .filter((r) => r.property_id === listing.id)
        .map((r) => [r.old_price, r.new_price]);
    expect(await reductions(actors.staff)).toEqual([[933_333_332, 900_000_000]]);
    expect(await reductions(actors.admin)).toEqual([[933_333_332, 900_000_000]]);
    // Never a drop of a listing the colleague may not read (the owner's drops go through a definer).
    const { data: seen } = await actors.other_staff.client
      .from("properties")
      .select("id")
      .eq("id", listing.id);
    expect((await reductions(actors.other_staff)).length).toBeLessThanOrEqual(seen?.length ?? 0);
  });

  it("counts an unassigned enquiry by its age for who may see it", async () => {
    const count = async (a: Actor) =>
      unassignedRowSchema
        .array()
        .parse((await must(a.client.rpc("report_unassigned_inbox"), "unassigned")) ?? [])
        .find((r) => r.inbox === "contact_submissions")?.age_0_1 ?? 0;
    const before = { admin: await count(actors.admin), staff: await count(actors.staff) };
    const { id } = (await must(
      service
        .from("contact_submissions")
        .insert({
          full_name: `Enquirer ${tag}`,
          email: `enquirer.${tag}@example.com`,
          phone: "+233201234568",
          message: "Is it still available?",
          consent_at: new Date().toISOString(),
        })
        .select("id")
        .single(),
      "enquiry",
    )) as { id: string };
    // Other files add enquiries too: a count grows by at least this one, for who may read it.
    expect(await count(actors.admin)).toBeGreaterThan(before.admin);
    const readable = (
      (await actors.staff.client.from("contact_submissions").select("id").eq("id", id)).data ?? []
    ).length;
    const staffAfter = await count(actors.staff);
    if (readable) expect(staffAfter).toBeGreaterThan(before.staff);
    else expect(staffAfter).toBe(before.staff);
  });
});
