/**
 * Deals in the database (migration 20261125100000_crm_contacts_deals.sql), judged by what is
 * stored afterwards (read with the secret key):
 *   - deals: record-level access of module 'deals' (own by default);
 *   - deal_contacts and deal_commission_splits follow the deal's access;
 *   - deal_pipelines, deal_stages, deal_lost_reasons: staff read, admins maintain;
 *   - the stage-move rules hold for every caller, in core's words (core/deals/deal-rules.ts);
 *   - save_deal_commission: all or nothing, fixed ≤ commission, percentages = 100 %.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { allDealMoves, dealMoveError } from "#core/deals/deal-rules.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Deals RLS");

const SALE = "00000000-0000-4000-d100-000000000001";
const RENTAL = "00000000-0000-4000-d100-000000000002";
const STAGE = {
  new: "00000000-0000-4000-d200-000000000101",
  offer: "00000000-0000-4000-d200-000000000103",
  won: "00000000-0000-4000-d200-000000000106",
  lost: "00000000-0000-4000-d200-000000000107",
  rentalEnquiry: "00000000-0000-4000-d200-000000000201",
};
const REASON = "00000000-0000-4000-d300-000000000001";

const deal = (title: string, extra: Record<string, unknown> = {}) => ({
  title: `${title} ${tag}`,
  pipeline_id: SALE,
  stage_id: STAGE.new,
  value: 750000,
  currency: "GHS",
  ...extra,
});
async function seedDeal(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = (await must(
    service
      .from("deals")
      .insert(deal(title, { owner_id: actors.staff.user!.id, ...extra }))
      .select("id")
      .single(),
    `seed ${title}`,
  )) as { id: string };
  return row.id;
}
const exists = async (table: string, column: string, value: string) =>
  ((await service.from(table).select(column).eq(column, value)).data ?? []).length >= 1;

cleanup.push(async () => {
  await service.from("deals").delete().like("title", `% ${tag}`);
  await service.from("contacts").delete().eq("last_name", `Deals-${tag}`);
  await service.from("deal_lost_reasons").delete().like("label", `%${tag}%`);
});

describe("deals", () => {
  let dealId = "";
  beforeAll(async () => {
    dealId = await seedDeal("Owned");
  });

  it("own mode: the owner and admins", async () => {
    expect(
      await letters(
        "deals · select (mode own)",
        async (a) => ((await a.client.from("deals").select("id").eq("id", dealId)).data ?? []).length === 1,
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("deals · insert as owner", async (a, i) => {
        await a.client.from("deals").insert(deal(`Insert ${i}`, { owner_id: a.user?.id ?? null }));
        return exists("deals", "title", `Insert ${i} ${tag}`);
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("deals · update · value (mode own)", async (a, i) => {
        const value = 100000 + i;
        await a.client.from("deals").update({ value }).eq("id", dealId);
        return (
          Number(
            (
              (await must(service.from("deals").select("value").eq("id", dealId).single(), "read")) as {
                value: number;
              }
            ).value,
          ) === value
        );
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("deals · delete (mode own)", async (a, i) => {
        const id = await seedDeal(`Delete ${i}`);
        await a.client.from("deals").delete().eq("id", id);
        return !(await exists("deals", "id", id));
      }),
    ).toBe("NNYNYNY");
  });

  it("status, closed_at and days in stage are the database's, not the client's", async () => {
    const { error } = await actors.staff.client.from("deals").update({ status: "won" }).eq("id", dealId);
    expect(error?.code).toBe("42501");
  });
});

describe("deal_contacts and commission splits follow the deal", () => {
  let dealId = "";
  let contactId = "";
  beforeAll(async () => {
    dealId = await seedDeal("Links", { value: 1_000_000 });
    // Owned by the staff member: linking needs the deal AND the contact to be visible.
    contactId = (
      (await must(
        service
          .from("contacts")
          .insert({ first_name: "Linked", last_name: `Deals-${tag}`, owner_id: actors.staff.user!.id })
          .select("id")
          .single(),
        "contact",
      )) as { id: string }
    ).id;
  });

  it("deal_contacts: link, read, unlink", async () => {
    expect(
      await letters("deal_contacts · insert", async (a) => {
        await service.from("deal_contacts").delete().eq("deal_id", dealId);
        await a.client
          .from("deal_contacts")
          .insert({ deal_id: dealId, contact_id: contactId, role: "buyer" });
        return exists("deal_contacts", "deal_id", dealId);
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "deal_contacts · select",
        async (a) =>
          ((await a.client.from("deal_contacts").select("deal_id").eq("deal_id", dealId)).data ?? [])
            .length === 1,
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("deal_contacts · delete", async (a) => {
        await service.from("deal_contacts").upsert({ deal_id: dealId, contact_id: contactId, role: "buyer" });
        await a.client.from("deal_contacts").delete().eq("deal_id", dealId);
        return !(await exists("deal_contacts", "deal_id", dealId));
      }),
    ).toBe("NNYNYNY");
  });

  it("save_deal_commission: whoever may edit the deal; all or nothing", async () => {
    const splits = [
      { party: "co_broker", share_type: "fixed", share_amount: 5000 },
      { party: "agent", user_id: actors.staff.user!.id, share_type: "percent", share_percent: 60 },
      { party: "house", share_type: "percent", share_percent: 40 },
    ];
    expect(
      await letters("rpc save_deal_commission", async (a) => {
        await service.from("deal_commission_splits").delete().eq("deal_id", dealId);
        await a.client.rpc("save_deal_commission", {
          deal_id: dealId,
          commission_type: "percent",
          commission_rate: 5,
          commission_amount: null,
          splits,
        });
        return (
          ((await service.from("deal_commission_splits").select("id").eq("deal_id", dealId)).data ?? [])
            .length === 3
        );
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "deal_commission_splits · select",
        async (a) =>
          ((await a.client.from("deal_commission_splits").select("id").eq("deal_id", dealId)).data ?? [])
            .length === 3,
      ),
    ).toBe("NNYNYNY");

    const short = await actors.staff.client.rpc("save_deal_commission", {
      deal_id: dealId,
      commission_type: "percent",
      commission_rate: 5,
      commission_amount: null,
      splits: splits.slice(0, 2),
    });
    expect(short.error?.message).toBe("The percentage shares must add up to 100 % (they add up to 60 %).");
    const tooMuch = await actors.staff.client.rpc("save_deal_commission", {
      deal_id: dealId,
      commission_type: "fixed",
      commission_rate: null,
      commission_amount: 4000,
      splits,
    });
    expect(tooMuch.error?.message).toBe("The fixed shares come to more than the commission.");
    const kept = (await must(
      service.from("deals").select("commission_type, commission_rate").eq("id", dealId).single(),
      "deal",
    )) as { commission_type: string; commission_rate: number };
    expect(kept.commission_type, "a refused save changes nothing").toBe("percent");
    expect(
      ((await service.from("deal_commission_splits").select("id").eq("deal_id", dealId)).data ?? []).length,
    ).toBe(3);
  });
});

describe("pipelines, stages and lost reasons", () => {
  it("staff read; admins maintain", async () => {
    expect(
      await letters(
        "deal_pipelines · select",
        async (a) =>
          ((await a.client.from("deal_pipelines").select("id").eq("id", SALE)).data ?? []).length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters(
        "deal_stages · select",
        async (a) =>
          ((await a.client.from("deal_stages").select("id").eq("pipeline_id", SALE)).data ?? []).length === 7,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("deal_lost_reasons · insert", async (a, i) => {
        await a.client.from("deal_lost_reasons").insert({ label: `Reason ${i} ${tag}`, position: 50 + i });
        return exists("deal_lost_reasons", "label", `Reason ${i} ${tag}`);
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("deal_stages · update · probability", async (a, i) => {
        const probability = 41 + i;
        await a.client.from("deal_stages").update({ probability }).eq("id", STAGE.offer);
        const now = (
          (await must(
            service.from("deal_stages").select("probability").eq("id", STAGE.offer).single(),
            "read",
          )) as { probability: number }
        ).probability;
        await must(
          service.from("deal_stages").update({ probability: 40 }).eq("id", STAGE.offer).select("id"),
          "reset",
        );
        return now === probability;
      }),
    ).toBe("NNNNYNY");
  });
});

describe("stage moves", () => {
  it("the database refuses exactly the moves core refuses, in core's words (as staff)", async () => {
    const stages = (await must(service.from("deal_stages").select("id, pipeline_id, outcome"), "stages")) as {
      id: string;
      pipeline_id: string;
      outcome: "open" | "won" | "lost";
    }[];
    const sale = stages.filter((s) => s.pipeline_id === SALE);
    const disagreements: string[] = [];
    for (const m of allDealMoves()) {
      const from = sale.find((s) => s.outcome === m.from)!;
      const to = m.otherPipeline
        ? stages.find((s) => s.pipeline_id === RENTAL && s.outcome === m.to)!
        : (sale.find((s) => s.outcome === m.to && s.id !== from.id) ?? from);
      if (to.id === from.id) continue;
      const id = await seedDeal(`Move ${m.from}-${m.to}`, {
        stage_id: from.id,
        value: m.value,
        lost_reason_id: m.from === "lost" ? REASON : null,
        closed_at: m.from === "open" ? null : new Date().toISOString(),
      });
      const client = m.asAdmin ? actors.admin.client : actors.staff.client;
      const patch: Record<string, unknown> = { stage_id: to.id };
      if (m.lostReason) patch.lost_reason_id = REASON;
      const { error } = await client.from("deals").update(patch).eq("id", id);
      const expected = dealMoveError({
        from: m.from,
        to: m.to,
        samePipeline: !m.otherPipeline,
        value: m.value,
        hasLostReason: m.lostReason,
        isAdmin: m.asAdmin,
      });
      const got = error ? error.message : null;
      if (got !== expected)
        disagreements.push(
          `${JSON.stringify(m)}: core ${JSON.stringify(expected)}, database ${JSON.stringify(got)}`,
        );
    }
    expect(disagreements).toEqual([]);
  });

  it("through the API a deal starts open; a move records days in stage and the closing time", async () => {
    const won = await actors.staff.client
      .from("deals")
      .insert(deal("Starts won", { stage_id: STAGE.won, owner_id: actors.staff.user!.id }));
    expect(won.error?.message).toBe("A new deal starts in an open stage.");
    const id = await seedDeal("Closing", {
      stage_entered_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    });
    const { data, error } = await actors.staff.client
      .from("deals")
      .update({ stage_id: STAGE.won })
      .eq("id", id)
      .select("status, closed_at, stage_entered_at")
      .single();
    expect(error).toBeNull();
    const row = data as { status: string; closed_at: string; stage_entered_at: string };
    expect(row.status).toBe("won");
    expect(Date.now() - new Date(row.stage_entered_at).getTime()).toBeLessThan(60_000);
    expect(row.closed_at).not.toBeNull();
  });
});
