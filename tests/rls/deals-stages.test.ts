/**
 * Editing deal stages (migration 20261128100500) with real supabase-js: only admins add, rename,
 * reorder and archive (the secret key reads the result); an archived stage takes no deal; the
 * won/lost stage, a stage with open deals and a pipeline's last open stage are not archived.
 * Each test has a pipeline of its own. Letters per actor: anon · visitor · staff · other staff ·
 * admin aal1 · admin+TOTP aal1 · admin+TOTP aal2 (Y allowed, N denied).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceClient } from "#tests/support/supabase.ts";
import {
  createActors,
  deleteActors,
  matrixProbe,
  must,
  renderMatrix,
  type Actor,
  type ActorName,
  type MatrixRow,
} from "./support.ts";

const service = serviceClient();
// Pipeline and stage keys are letters and underscores.
const tag = crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 6)
  .padEnd(6, "x");
let actors: Record<ActorName, Actor>;
const printed: MatrixRow[] = [];
const letters = matrixProbe(() => actors, printed);
let seq = 0;

type Stage = {
  id: string;
  key: string;
  name: string;
  position: number;
  probability: number;
  outcome: string;
  is_archived: boolean;
};
async function pipeline(): Promise<{ id: string; open: string[]; won: string; lost: string }> {
  const key = `rls_${tag}_${"abcdefghij"[seq++ % 10]}${"abcdefghij"[Math.floor(seq / 10) % 10]}`;
  const p = (await must(
    service
      .from("deal_pipelines")
      .insert({ key, name: `Stages ${key}`, position: 90 })
      .select("id")
      .single(),
    "pipeline",
  )) as { id: string };
  const rows = [
    { key: "first", name: "First", position: 0, probability: 10, outcome: "open" },
    { key: "second", name: "Second", position: 1, probability: 50, outcome: "open" },
    { key: "won", name: "Won", position: 2, probability: 100, outcome: "won" },
    { key: "lost", name: "Lost", position: 3, probability: 0, outcome: "lost" },
  ].map((r) => ({ ...r, pipeline_id: p.id }));
  const s = (await must(
    service.from("deal_stages").insert(rows).select("id, key").order("position"),
    "stages",
  )) as Array<{ id: string; key: string }>;
  const id = (k: string) => s.find((x) => x.key === k)!.id;
  return { id: p.id, open: [id("first"), id("second")], won: id("won"), lost: id("lost") };
}
const stagesOf = async (pipelineId: string) =>
  (await must(
    service.from("deal_stages").select("*").eq("pipeline_id", pipelineId).order("position"),
    "stages",
  )) as Stage[];

beforeAll(async () => {
  actors = await createActors();
}, 60_000);
afterAll(async () => {
  await service.from("deals").delete().like("title", `%${tag}%`);
  await service.from("deal_pipelines").delete().like("key", `rls_${tag}%`);
  await deleteActors(actors);
  if (printed.length) console.log(`\nDeal stages (✓ allowed, ✗ denied)\n${renderMatrix(printed)}\n`);
});

describe("editing stages", () => {
  it("admins only: add (before won/lost), rename and set probability, reorder", async () => {
    const p = await pipeline();
    expect(
      await letters("rpc add_deal_stage", async (a, i) => {
        await a.client.rpc("add_deal_stage", { pipeline_id: p.id, name: `Added ${i}`, probability: 70 });
        return (await stagesOf(p.id)).some((s) => s.name === `Added ${i}`);
      }),
    ).toBe("NNNNYNY");
    const after = await stagesOf(p.id);
    expect(after.map((s) => [s.name, s.position, s.outcome])).toEqual([
      ["First", 0, "open"],
      ["Second", 1, "open"],
      ["Added 4", 2, "open"],
      ["Added 6", 3, "open"],
      ["Won", 4, "won"],
      ["Lost", 5, "lost"],
    ]);
    expect(after.find((s) => s.name === "Added 4")).toMatchObject({ key: "added", probability: 70 });
    expect(after.find((s) => s.name === "Added 6")!.key).toBe("added_x");

    expect(
      await letters("deal_stages · update · name, probability", async (a, i) => {
        await a.client
          .from("deal_stages")
          .update({ name: `Renamed ${i}`, probability: 33 })
          .eq("id", p.open[0]!);
        return (await stagesOf(p.id)).some((s) => s.name === `Renamed ${i}` && s.probability === 33);
      }),
    ).toBe("NNNNYNY");

    const openOrder = async () => (await stagesOf(p.id)).filter((s) => s.outcome === "open").map((s) => s.id);
    expect(
      await letters("rpc reorder_deal_stages", async (a) => {
        const want = (await openOrder()).reverse();
        await a.client.rpc("reorder_deal_stages", { pipeline_id: p.id, stage_ids: want });
        return (await openOrder()).join() === want.join();
      }),
    ).toBe("NNNNYNY");
    const open = await openOrder();
    // Not every open stage: refused, nothing moves.
    const partial = await actors.admin.client.rpc("reorder_deal_stages", {
      pipeline_id: p.id,
      stage_ids: open.slice(1),
    });
    expect(partial.error?.message).toBe("Reorder lists every open stage of the pipeline once.");
    expect((await stagesOf(p.id)).slice(-2).map((s) => s.outcome)).toEqual(["won", "lost"]);
  });

  it("archives only an open stage without open deals, never the last; no deal moves into it", async () => {
    const p = await pipeline();
    const deal = (await must(
      service
        .from("deals")
        .insert({
          title: `Stage probe ${tag}`,
          pipeline_id: p.id,
          stage_id: p.open[1],
          value: 1000,
          currency: "GHS",
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "deal",
    )) as { id: string };
    const archive = (id: string) =>
      actors.admin.client.from("deal_stages").update({ is_archived: true }).eq("id", id).select("id");
    expect((await archive(p.open[1]!)).error?.message).toBe(
      'Move its 1 open deal to another stage before archiving "Second".',
    );
    expect((await archive(p.won)).error?.message).toBe("The won stage of a pipeline cannot be archived.");
    expect(
      await letters("deal_stages · update · archive (no open deals)", async (a) => {
        await must(
          service.from("deal_stages").update({ is_archived: false }).eq("id", p.open[0]!).select("id"),
          "reset",
        );
        await a.client.from("deal_stages").update({ is_archived: true }).eq("id", p.open[0]!);
        return (await stagesOf(p.id)).find((s) => s.id === p.open[0])!.is_archived;
      }),
    ).toBe("NNNNYNY");
    const moveIn = await actors.admin.client
      .from("deals")
      .update({ stage_id: p.open[0] })
      .eq("id", deal.id)
      .select("id");
    expect(moveIn.error?.message).toBe("That stage is archived: choose another.");
    // The deal leaves "Second" (won), which could then go — but not as the last open stage.
    await must(service.from("deals").update({ stage_id: p.won }).eq("id", deal.id).select("id"), "win");
    expect((await archive(p.open[1]!)).error?.message).toBe("A pipeline keeps at least one open stage.");
  });
});
