/**
 * Action plans in the database (migrations 20261201500100_action_plans.sql and
 * …500200_action_plan_runner.sql), judged by what is stored afterwards (read with the secret key):
 *   - action_plans / action_plan_steps: admins keep shared plans, staff their own personal ones
 *     (the steps follow their plan); a plan is checked whole (save_action_plan refuses no steps,
 *     a wait of zero, a loop that does not wait, a template whose parameters do not fit);
 *   - action_plan_runs: readable by whoever may read the contact; started by hand for contacts
 *     the caller may see (apply_action_plan), paused, resumed and stopped by them, nothing else;
 *   - triggers start a plan once per event (a tag, a stage, an overdue invoice), a contact runs a
 *     plan once at a time; a reply pauses it, so does the deal being won;
 *   - the runner's RPCs are the secret key's only, and a stale claim changes nothing.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { must, type Actor } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Action plans RLS");

/** Harmless steps: the runner (when a stack runs beside the tests) only moves such a run along. */
const WAITS = [
  { kind: "wait", config: { amount: 30, unit: "days" } },
  { kind: "wait", config: { amount: 30, unit: "days" } },
];
const fields = (name: string, extra: Record<string, unknown> = {}) => ({
  name: `${name} ${tag}`,
  scope: "shared",
  is_active: true,
  trigger_kind: "manual",
  ...extra,
});

async function planAs(
  a: Actor | null,
  name: string,
  extra: Record<string, unknown> = {},
  steps: unknown[] = WAITS,
) {
  const client = a?.client ?? service;
  return client.rpc("save_action_plan", {
    plan_id: null as unknown as string,
    fields: fields(name, extra),
    steps: steps as never,
  });
}
async function plan(
  name: string,
  extra: Record<string, unknown> = {},
  steps: unknown[] = WAITS,
): Promise<string> {
  return (await must(planAs(null, name, extra, steps), `plan ${name}`)) as string;
}
async function contact(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (
    (await must(
      service
        .from("contacts")
        .insert({ first_name: name, last_name: `Plan-${tag}`, owner_id: actors.staff.user!.id, ...extra })
        .select("id")
        .single(),
      `contact ${name}`,
    )) as { id: string }
  ).id;
}
const runsOf = async (planId: string) =>
  ((
    await service
      .from("action_plan_runs")
      .select("id, contact_id, status, paused_reason, replied_at, trigger_key")
      .eq("plan_id", planId)
  ).data ?? []) as Array<{
    id: string;
    contact_id: string;
    status: string;
    paused_reason: string | null;
    replied_at: string | null;
    trigger_key: string;
  }>;

cleanup.push(async () => {
  await service.from("action_plans").delete().like("name", `%${tag}%`);
  await service.from("invoices").delete().like("bill_to_name", `%${tag}%`);
  const { data } = await service.from("contacts").select("id").eq("last_name", `Plan-${tag}`);
  const ids = ((data ?? []) as { id: string }[]).map((r) => r.id);
  if (ids.length) {
    await service.from("tasks").delete().in("contact_id", ids);
    await service.from("deals").delete().in("contact_id", ids);
    await service.from("contacts").delete().in("id", ids);
  }
});

describe("plans and their steps", () => {
  it("admins keep shared plans, staff their own personal ones", async () => {
    expect(
      await letters("action_plans · create shared (save_action_plan)", async (a, i) => {
        await planAs(a, `Shared ${i}`);
        return (
          (await service.from("action_plans").select("id").eq("name", `Shared ${i} ${tag}`)).data?.length ===
          1
        );
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("action_plans · create personal", async (a, i) => {
        await planAs(a, `Mine ${i}`, { scope: "personal" });
        const row = (await service.from("action_plans").select("owner_id").eq("name", `Mine ${i} ${tag}`))
          .data?.[0] as { owner_id: string } | undefined;
        return !!row && row.owner_id === a.user?.id;
      }),
    ).toBe("NNYYYNY");
    const personal = (await must(
      planAs(actors.staff, "Staff's own", { scope: "personal" }),
      "staff plan",
    )) as string;
    const shared = await plan("Team plan");
    expect(
      await letters(
        "action_plans · select shared",
        async (a) =>
          ((await a.client.from("action_plans").select("id").eq("id", shared)).data ?? []).length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters(
        "action_plans · select a colleague's personal plan",
        async (a) =>
          ((await a.client.from("action_plans").select("id").eq("id", personal)).data ?? []).length === 1,
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "action_plan_steps · select (personal plan)",
        async (a) =>
          ((await a.client.from("action_plan_steps").select("id").eq("plan_id", personal)).data ?? [])
            .length === 2,
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("action_plans · update shared", async (a, i) => {
        await a.client
          .from("action_plans")
          .update({ description: `edited ${i}` })
          .eq("id", shared);
        return (
          (
            (await service.from("action_plans").select("description").eq("id", shared).single()).data as {
              description: string;
            }
          ).description === `edited ${i}`
        );
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("action_plan_steps · update (shared plan)", async (a, i) => {
        await a.client
          .from("action_plan_steps")
          .update({ config: { amount: 40 + i, unit: "days" } })
          .eq("plan_id", shared)
          .eq("position", 0);
        const row = (
          await service
            .from("action_plan_steps")
            .select("config")
            .eq("plan_id", shared)
            .eq("position", 0)
            .single()
        ).data as {
          config: { amount: number };
        };
        return row.config.amount === 40 + i;
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("action_plans · delete a colleague's personal plan", async (a, i) => {
        const id = (await must(
          planAs(actors.staff, `Doomed ${i}`, { scope: "personal" }),
          "doomed",
        )) as string;
        await a.client.from("action_plans").delete().eq("id", id);
        return !(await service.from("action_plans").select("id").eq("id", id)).data?.length;
      }),
    ).toBe("NNYNYNY");
  });

  it("a plan is checked whole: no steps, a wait of zero, a loop that does not wait, parameters that do not fit", async () => {
    const refusal = async (steps: unknown[]) => (await planAs(actors.admin, "Bad", {}, steps)).error?.message;
    expect(await refusal([])).toBe("A plan needs at least one step.");
    expect(await refusal([{ kind: "wait", config: { amount: 0, unit: "hours" } }])).toBe(
      "Step 1: a wait lasts at least 1 hour or day (a wait of zero would not wait)",
    );
    expect(
      await refusal([
        { kind: "notify", config: { title: "Call them" } },
        { kind: "repeat", config: { to_step: 1, times: 5 } },
      ]),
    ).toBe("Steps 1–1 would repeat without waiting: add a wait of at least 1 hour to the loop.");
    expect(
      await refusal([
        {
          kind: "whatsapp",
          config: { template: "consultation_confirmation", language: "en", params: ["Ama"] },
        },
      ]),
    ).toBe('Step 1: The template "consultation_confirmation" takes 3 parameters; 1 was given.');
    expect(await refusal([{ kind: "whatsapp", config: { template: "no_such_template", params: [] } }])).toBe(
      'Step 1: "no_such_template" (en) is not an approved template.',
    );
    expect((await service.from("action_plans").select("id").eq("name", `Bad ${tag}`)).data).toEqual([]);
    // Emptying a saved plan's steps by hand is refused at commit too.
    const id = await plan("Kept whole");
    const emptied = await actors.admin.client.from("action_plan_steps").delete().eq("plan_id", id);
    expect(emptied.error?.message).toBe("A plan needs at least one step.");
    expect((await service.from("action_plan_steps").select("id").eq("plan_id", id)).data).toHaveLength(2);
  });
});

describe("runs", () => {
  it("are started by hand for contacts the caller may see, then paused, resumed or stopped", async () => {
    const shared = await plan("Applied");
    expect(
      await letters("apply_action_plan (runs · insert)", async (a, i) => {
        const c = await contact(`Apply${i}`);
        await a.client.rpc("apply_action_plan", { plan_id: shared, contact_ids: [c] });
        return (await runsOf(shared)).some((r) => r.contact_id === c);
      }),
    ).toBe("NNYNYNY");
    const c = await contact("Running");
    const started = await actors.staff.client.rpc("apply_action_plan", {
      plan_id: shared,
      contact_ids: [c, c],
    });
    expect(started.data).toEqual({ started: 1, running: 0, not_visible: 0 });
    const again = await actors.staff.client.rpc("apply_action_plan", { plan_id: shared, contact_ids: [c] });
    expect(again.data, "a contact runs a plan once at a time").toEqual({
      started: 0,
      running: 1,
      not_visible: 0,
    });
    const run = (await runsOf(shared)).find((r) => r.contact_id === c)!;
    expect(
      await letters(
        "action_plan_runs · select",
        async (a) =>
          ((await a.client.from("action_plan_runs").select("id").eq("id", run.id)).data ?? []).length === 1,
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("action_plan_runs · pause", async (a) => {
        await service
          .from("action_plan_runs")
          .update({ status: "active", paused_reason: null })
          .eq("id", run.id);
        await a.client.from("action_plan_runs").update({ status: "paused" }).eq("id", run.id);
        return (await runsOf(shared)).find((r) => r.id === run.id)!.status === "paused";
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("action_plan_runs · move to another step (position)", async (a) => {
        await a.client
          .from("action_plan_runs")
          .update({ position: 1 } as never)
          .eq("id", run.id);
        return (
          (
            (await service.from("action_plan_runs").select("position").eq("id", run.id).single()).data as {
              position: number;
            }
          ).position === 1
        );
      }),
    ).toBe("NNNNNNN");
    await must(
      actors.staff.client.from("action_plan_runs").update({ status: "active" }).eq("id", run.id).select(),
      "resume",
    );
    await must(
      actors.staff.client.from("action_plan_runs").update({ status: "stopped" }).eq("id", run.id).select(),
      "stop",
    );
    const revived = await actors.admin.client
      .from("action_plan_runs")
      .update({ status: "active" })
      .eq("id", run.id);
    expect(revived.error?.message).toBe("A stopped run cannot change: apply the plan again.");
    expect(
      await letters("action_plan_runs · delete", async (a, i) => {
        const cx = await contact(`Del${i}`);
        await must(
          actors.admin.client.rpc("apply_action_plan", { plan_id: shared, contact_ids: [cx] }),
          "apply",
        );
        const id = (await runsOf(shared)).find((r) => r.contact_id === cx)!.id;
        await a.client.from("action_plan_runs").delete().eq("id", id);
        return !(await service.from("action_plan_runs").select("id").eq("id", id)).data?.length;
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("rpc action_plan_figures", async (a) => {
        const { data } = await a.client.rpc("action_plan_figures", { plan_id: shared });
        return ((data ?? []) as Array<{ total: number }>)[0]?.total === (await runsOf(shared)).length;
      }),
    ).toBe("NNYNYNY");
  });

  it("the runner's RPCs are the secret key's only", async () => {
    for (const [name, args] of [
      ["claim_action_plan_runs", { batch_size: 1, lease_seconds: 5 }],
      [
        "complete_action_plan_step",
        { run_id: crypto.randomUUID(), claim_token: crypto.randomUUID(), outcome: { action: "complete" } },
      ],
      ["start_due_action_plan_runs", { max_runs: 1 }],
    ] as const)
      expect(
        await letters(`rpc ${name}`, async (a) => !(await a.client.rpc(name, args as never)).error),
      ).toBe("NNNNNNN");
  });
});

describe("triggers, pauses and the runner's claims", () => {
  it("a tag starts a plan once per contact; a stage while the plan is live starts nothing more", async () => {
    const byTag = await plan("Tagged", { trigger_kind: "contact_tag", trigger_tag: `vip-${tag}` });
    const byStage = await plan("Staged", { trigger_kind: "contact_stage", trigger_stage: "past_client" });
    const c = await contact("Tagged", { tags: [`vip-${tag}`] });
    await must(service.from("contacts").update({ tags: [] }).eq("id", c).select(), "untag");
    await must(
      service
        .from("contacts")
        .update({ tags: [`vip-${tag}`] })
        .eq("id", c)
        .select(),
      "tag again",
    );
    expect((await runsOf(byTag)).map((r) => r.trigger_key)).toEqual([`contacts/${c}/tag/vip-${tag}`]);
    await must(service.from("contacts").update({ stage: "past_client" }).eq("id", c).select(), "stage");
    await must(service.from("contacts").update({ stage: "client" }).eq("id", c).select(), "back");
    await must(service.from("contacts").update({ stage: "past_client" }).eq("id", c).select(), "stage again");
    expect((await runsOf(byStage)).filter((r) => r.contact_id === c)).toHaveLength(1);
    await service.from("action_plans").update({ is_active: false }).eq("id", byStage);
  });

  it("a reply pauses the run and counts for the reply rate; a deal won pauses its runs", async () => {
    const shared = await plan("Paused by replies");
    const c = await contact("Replier");
    await must(actors.staff.client.rpc("apply_action_plan", { plan_id: shared, contact_ids: [c] }), "apply");
    await must(
      actors.staff.client.from("contact_activities").insert({
        contact_id: c,
        kind: "call",
        direction: "inbound",
        summary: "Called back about the flat",
        actor_id: actors.staff.user!.id,
      }),
      "log reply",
    );
    expect((await runsOf(shared))[0]).toMatchObject({ status: "paused", paused_reason: "replied" });
    expect((await runsOf(shared))[0]!.replied_at).not.toBeNull();
    const { data } = await actors.admin.client.rpc("action_plan_figures", { plan_id: shared });
    expect(data).toEqual([{ active: 0, paused: 1, completed: 0, stopped: 0, replied: 1, total: 1 }]);

    const d = (await must(
      service
        .from("deals")
        .insert({
          title: `Won deal ${tag}`,
          pipeline_id: "00000000-0000-4000-d100-000000000001",
          stage_id: "00000000-0000-4000-d200-000000000101",
          value: 1000,
          contact_id: c,
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "deal",
    )) as { id: string };
    const onDeal = await plan("Deal plan");
    await must(
      actors.staff.client.rpc("apply_action_plan", { plan_id: onDeal, contact_ids: [c], deal_id: d.id }),
      "apply on deal",
    );
    await must(
      service
        .from("deals")
        .update({ stage_id: "00000000-0000-4000-d200-000000000106" })
        .eq("id", d.id)
        .select(),
      "won",
    );
    expect((await runsOf(onDeal))[0]).toMatchObject({ status: "paused", paused_reason: "deal_won" });
  });

  it("an invoice overdue by N days starts its plan once, however often the runner looks", async () => {
    // Issued documents keep their dates (the money rules): the demo's overdue invoice is the case.
    const today = new Date().toISOString().slice(0, 10);
    const late = ((
      await service
        .from("invoices")
        .select("id, due_date, bill_to_email")
        .eq("kind", "invoice")
        .in("status", ["sent", "partially_paid"])
        .not("bill_to_email", "is", null)
        .lt("due_date", today)
        .limit(1)
    ).data ?? []) as Array<{ id: string; due_date: string; bill_to_email: string }>;
    expect(late, "the demo data has an overdue invoice").toHaveLength(1);
    const inv = late[0]!;
    const c = await contact("Debtor", { email: inv.bill_to_email });
    const overdue = await plan("Overdue", { trigger_kind: "invoice_overdue", trigger_days: 1 });
    await must(service.rpc("start_due_action_plan_runs", { max_runs: 200 }), "first look");
    const first = await runsOf(overdue);
    await must(service.rpc("start_due_action_plan_runs", { max_runs: 200 }), "second look");
    expect(await runsOf(overdue)).toHaveLength(first.length);
    expect(
      first
        .filter((r) => r.trigger_key === `invoices/${inv.id}/overdue/${inv.due_date}`)
        .map((r) => r.contact_id),
    ).toEqual([c]);
    await service.from("action_plans").update({ is_active: false }).eq("id", overdue);
  });

  it("a claimed step is recorded once: a second report of the same claim changes nothing", async () => {
    const notify = await plan("Claimed", {}, [
      { kind: "notify", config: { title: "Call {{first_name}}" } },
      { kind: "wait", config: { amount: 30, unit: "days" } },
    ]);
    const c = await contact("Claimed");
    await must(actors.staff.client.rpc("apply_action_plan", { plan_id: notify, contact_ids: [c] }), "apply");
    // A claim as claim_action_plan_runs makes it (a lease and a token), taken here directly so a
    // job runner beside the tests cannot take this run first.
    const run = (await runsOf(notify)).find((r) => r.contact_id === c)!;
    const mine = { run_id: run.id, claim_token: crypto.randomUUID() };
    await must(
      service
        .from("action_plan_runs")
        .update({ claim_token: mine.claim_token, lease_until: new Date(Date.now() + 60_000).toISOString() })
        .eq("id", run.id)
        .select(),
      "lease",
    );
    const outcome = {
      action: "run",
      title: "Call Claimed",
      body: "",
      next_at: new Date().toISOString(),
      cap: 2,
      cap_until: new Date().toISOString(),
    };
    expect(
      await must(
        service.rpc("complete_action_plan_step", {
          run_id: mine.run_id,
          claim_token: mine.claim_token,
          outcome,
        }),
        "complete",
      ),
    ).toBe("active");
    expect(
      await must(
        service.rpc("complete_action_plan_step", {
          run_id: mine.run_id,
          claim_token: mine.claim_token,
          outcome,
        }),
        "again",
      ),
    ).toBe("stale");
    const notes =
      (await service.from("notifications").select("id").eq("record_id", c).eq("kind", "action_plan")).data ??
      [];
    expect(notes, "the owner notified once").toHaveLength(1);
  });
});
