/**
 * Contact merges from many connections at once on a real PostgreSQL:
 *   - merges of contacts that have deals, while the deals' stages are being moved (a stage move
 *     locks the deal, then writes on the contact's timeline, which touches the contact);
 *   - the same pair merged both ways at the same moment, merge_contacts(a, b) and (b, a): one
 *     merge happens, the other is told a contact no longer exists.
 * Afterwards nothing in the server log about deadlocks, and every deal points at a contact.
 */
import crypto from "node:crypto";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import {
  asUser,
  CONNECTIONS,
  SECONDS,
  SCENARIO_TIMEOUT_MS,
  pick,
  USERS,
  hammerClean,
  poolPerFile,
} from "./hammer.ts";

let pool: pg.Pool;
const tag = crypto.randomUUID().slice(0, 8);
const owner = USERS.ama;

poolPerFile((p) => (pool = p));

interface Pair {
  a: string;
  b: string;
}

/** `n` pairs of contacts owned by Ama, each contact with `deals` open deals in the sale pipeline. */
async function pairsWithDeals(
  n: number,
  deals: number,
): Promise<{ pairs: Pair[]; dealsOf: Map<string, string[]> }> {
  const { rows } = await pool.query<{ id: string; n: number }>(
    `insert into public.contacts (kind, first_name, last_name, owner_id)
     select 'person', 'Merge', $1::text || '-' || g, $2::uuid from generate_series(1, $3::int * 2) g
     returning id, split_part(last_name, '-', 2)::int as n`,
    [tag, owner.sub, n],
  );
  const ids = rows.sort((x, y) => x.n - y.n).map((r) => r.id);
  const pairs = Array.from({ length: n }, (_, i) => ({ a: ids[2 * i]!, b: ids[2 * i + 1]! }));
  const { rows: d } = await pool.query<{ id: string; contact_id: string }>(
    `insert into public.deals (title, pipeline_id, stage_id, contact_id, value, currency, owner_id)
     select 'Deal ' || c || '/' || g, s.pipeline_id, s.id, c, 100000, 'GHS', $2::uuid
       from unnest($1::uuid[]) c, generate_series(1, $3::int) g,
            (select st.id, st.pipeline_id from public.deal_stages st join public.deal_pipelines p on p.id = st.pipeline_id
              where p.key = 'sale' and st.outcome = 'open' order by st.position limit 1) s
     returning id, contact_id`,
    [ids, owner.sub, deals],
  );
  const dealsOf = new Map<string, string[]>();
  for (const r of d) dealsOf.set(r.contact_id, [...(dealsOf.get(r.contact_id) ?? []), r.id]);
  return { pairs, dealsOf };
}

async function openStages(): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `select st.id from public.deal_stages st join public.deal_pipelines p on p.id = st.pipeline_id
      where p.key = 'sale' and st.outcome = 'open' and not st.is_archived`,
  );
  return rows.map((r) => r.id);
}

describe("contact merges on a real PostgreSQL, many connections at once", {
  timeout: SCENARIO_TIMEOUT_MS,
}, () => {
  it("merging contacts while their deals change stage: no deadlock", async () => {
    const { pairs, dealsOf } = await pairsWithDeals(60 * SECONDS, 2);
    const dealIds = [...dealsOf.values()].flat();
    const stages = await openStages();
    let next = 0;
    let merges = 0;
    // A third of the connections merge pairs (either argument order); the rest move the deals of
    // the pairs being merged right now.
    await hammerClean(
      pool,
      "merge_contacts × deal stage moves",
      async (c, worker) => {
        if (worker % 3 === 0) {
          const pair = pairs[next++];
          if (!pair) return false;
          const [keep, merge] = Math.random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
          await asUser(c, owner, () =>
            c.query("select id from public.merge_contacts($1, $2)", [keep, merge]),
          );
          merges++;
        } else {
          const latest = Math.min(next, pairs.length) - 1;
          const pair = pairs[Math.max(latest - Math.floor(Math.random() * (CONNECTIONS / 3)), 0)]!;
          const deal = pick(dealsOf.get(pick([pair.a, pair.b]))!);
          await asUser(c, owner, () =>
            c.query("update public.deals set stage_id = $2 where id = $1", [deal, pick(stages)]),
          );
        }
      },
      { more: () => `${merges} merges` },
    );
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from public.deals d where d.id = any ($1::uuid[]) and not exists (select 1 from public.contacts c where c.id = d.contact_id)`,
      [dealIds],
    );
    expect(rows[0]!.n, "deals pointing at a merged-away contact").toBe(0);
  });

  it("merge_contacts(a, b) and merge_contacts(b, a) at the same moment: one merges, the other is refused", async () => {
    const { pairs } = await pairsWithDeals(Math.ceil(CONNECTIONS / 2) * 5 * SECONDS, 1);
    // Workers 2k and 2k+1 take the same pair in each round, in opposite argument orders, and
    // start together.
    const gates = new Map<string, { waiting: number; open: () => void; opened: Promise<void> }>();
    const together = (key: string) => {
      let gate = gates.get(key);
      if (!gate) {
        let open!: () => void;
        const opened = new Promise<void>((r) => (open = r));
        gate = { waiting: 0, open, opened };
        gates.set(key, gate);
      }
      if (++gate.waiting === 2) gate.open();
      return Promise.race([gate.opened, new Promise((r) => setTimeout(r, 1000))]);
    };
    let merged = 0;
    const outcome = await hammerClean(
      pool,
      "merge_contacts(a, b) × merge_contacts(b, a)",
      async (c, worker, i) => {
        const slot = i * Math.floor(CONNECTIONS / 2) + Math.floor(worker / 2);
        const pair = pairs[slot];
        if (!pair) return false;
        const [keep, merge] = worker % 2 === 0 ? [pair.a, pair.b] : [pair.b, pair.a];
        await together(String(slot));
        await asUser(c, owner, () => c.query("select id from public.merge_contacts($1, $2)", [keep, merge]));
        merged++;
      },
    );
    expect(
      [...outcome.refusals.keys()].every((m) => /no longer exists/.test(m)),
      [...outcome.refusals.keys()].join("; "),
    ).toBe(true);
    expect(merged).toBeGreaterThan(0);
  });
});
