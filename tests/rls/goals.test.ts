/**
 * Goals in the database (migration 20261125120000_goals.sql), judged by what is stored afterwards
 * (read with the secret key):
 *   - goals: staff read their own and the team's, admins all; staff set, change and remove only
 *     goals for themselves that they set themselves; admins anyone's and the team's;
 *   - goal_values / goal_progress count only for goals the caller may see, and count from the
 *     data (a won deal of the goal's owner in the period moves "deals won" and "revenue").
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { accraToday, periodStart } from "#core/goals/goal-schema.ts";
import { must, type Actor } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Goals RLS");
const month = periodStart("month", accraToday());

const SALE = "00000000-0000-4000-d100-000000000001";
const WON = "00000000-0000-4000-d200-000000000106";
const NEW = "00000000-0000-4000-d200-000000000101";

/** A goal written with the secret key (who set it: `owner`). */
async function seedGoal(values: {
  metric: string;
  user_id: string | null;
  owner_id: string | null;
  period_start?: string;
  period_type?: string;
  target?: number;
}): Promise<string> {
  const row = (await must(
    service
      .from("goals")
      .insert({ period_type: "month", period_start: month, target: 5, notes: `rls ${tag}`, ...values })
      .select("id")
      .single(),
    "seed goal",
  )) as { id: string };
  return row.id;
}
const goalExists = async (id: string) =>
  ((await service.from("goals").select("id").eq("id", id)).data ?? []).length === 1;
/** A distinct month per actor and probe (2030 onwards), so inserts never collide on the one-goal-per-period index. */
const futureMonth = (probe: number, i: number) => `${2030 + probe}-${String(i + 1).padStart(2, "0")}-01`;

cleanup.push(async () => {
  await service.from("goals").delete().like("notes", `%${tag}%`);
  await service.from("deals").delete().like("title", `%${tag}`);
});

describe("goals", () => {
  let own = "";
  let team = "";
  let setByAdmin = "";
  beforeAll(async () => {
    const staff = actors.staff.user!.id;
    own = await seedGoal({ metric: "deals_won", user_id: staff, owner_id: staff });
    team = await seedGoal({ metric: "leads_contacted", user_id: null, owner_id: null, target: 200 });
    setByAdmin = await seedGoal({
      metric: "revenue",
      user_id: staff,
      owner_id: actors.admin.user!.id,
      target: 100000,
    });
  });

  it("reading: own and the team's for staff, all for admins", async () => {
    const sees = (id: string) => async (a: Actor) =>
      ((await a.client.from("goals").select("id").eq("id", id)).data ?? []).length === 1;
    expect(await letters("goals · select · a staff member's own", sees(own))).toBe("NNYNYNY");
    expect(await letters("goals · select · the team's", sees(team))).toBe("NNYYYNY");
  });

  it("setting: staff for themselves, admins for anyone and the team", async () => {
    expect(
      await letters("goals · insert · for oneself", async (a, i) => {
        const { data } = await a.client
          .from("goals")
          .insert({
            metric: "viewings_held",
            target: 4,
            period_type: "month",
            period_start: futureMonth(0, i),
            user_id: a.user?.id ?? null,
            notes: `own ${tag}`,
          })
          .select("id");
        return !!data?.length && (await goalExists((data[0] as { id: string }).id));
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("goals · insert · for the team", async (a, i) => {
        await a.client.from("goals").insert({
          metric: "listings_published",
          target: 30,
          period_type: "month",
          period_start: futureMonth(1, i),
          user_id: null,
          notes: `team ${i} ${tag}`,
        });
        return (
          ((await service.from("goals").select("id").eq("notes", `team ${i} ${tag}`)).data ?? []).length === 1
        );
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("goals · insert · for a colleague", async (a, i) => {
        await a.client.from("goals").insert({
          metric: "deals_won",
          target: 2,
          period_type: "month",
          period_start: futureMonth(2, i),
          user_id: actors.other_staff.user!.id,
          notes: `colleague ${i} ${tag}`,
        });
        return (
          ((await service.from("goals").select("id").eq("notes", `colleague ${i} ${tag}`)).data ?? [])
            .length === 1
        );
      }),
    ).toBe("NNNYYNY");
  });

  it("changing and removing: staff only what they set for themselves", async () => {
    const target = async (id: string) =>
      Number(
        (
          (await must(service.from("goals").select("target").eq("id", id).single(), "read")) as {
            target: number;
          }
        ).target,
      );
    expect(
      await letters("goals · update · own, set by oneself", async (a, i) => {
        await a.client
          .from("goals")
          .update({ target: 10 + i })
          .eq("id", own);
        return (await target(own)) === 10 + i;
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("goals · update · own, set by an admin", async (a, i) => {
        await a.client
          .from("goals")
          .update({ target: 200000 + i })
          .eq("id", setByAdmin);
        return (await target(setByAdmin)) === 200000 + i;
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("goals · delete · own, set by oneself", async (a, i) => {
        const staff = actors.staff.user!.id;
        const id = await seedGoal({
          metric: "viewings_held",
          user_id: staff,
          owner_id: staff,
          period_type: "year",
          period_start: `${2040 + i}-01-01`,
        });
        await a.client.from("goals").delete().eq("id", id);
        return !(await goalExists(id));
      }),
    ).toBe("NNYNYNY");
    // Staff cannot hand their goal to someone else or to the team.
    const { error } = await actors.staff.client.from("goals").update({ user_id: null }).eq("id", own);
    expect(error?.code ?? "no error").toBe("42501");
  });

  it("progress comes from the data and only for goals the caller may see", async () => {
    const staff = actors.staff.user!.id;
    // A deal of the staff member, won now (the trigger dates closed_at): 1 deal, 5 % of 400,000.
    const deal = (await must(
      service
        .from("deals")
        .insert({
          title: `Won for goals ${tag}`,
          pipeline_id: SALE,
          stage_id: NEW,
          value: 400000,
          currency: "GHS",
          commission_type: "percent",
          commission_rate: 5,
          owner_id: staff,
        })
        .select("id")
        .single(),
      "seed deal",
    )) as { id: string };
    await must(service.from("deals").update({ stage_id: WON }).eq("id", deal.id).select("id"), "win deal");

    const valueOf = async (a: Actor, id: string) => {
      const { data } = await a.client.rpc("goal_values", { goal_ids: [id] });
      return (data as { goal_id: string; value: number }[] | null)?.[0]?.value;
    };
    expect(Number(await valueOf(actors.staff, own))).toBe(1);
    expect(Number(await valueOf(actors.staff, setByAdmin))).toBe(20000);
    expect(
      await letters(
        "goal_values · a staff member's goal",
        async (a) => (await valueOf(a, own)) !== undefined,
      ),
    ).toBe("NNYNYNY");

    const { data: days } = await actors.staff.client.rpc("goal_progress", { goal_id: own });
    const series = (days ?? []) as { day: string; value: number }[];
    expect(series[0]?.day).toBe(month);
    expect(series.at(-1)).toEqual({ day: accraToday(), value: 1 });
    const { data: hidden } = await actors.other_staff.client.rpc("goal_progress", { goal_id: own });
    expect(hidden ?? []).toEqual([]);
  });
});
