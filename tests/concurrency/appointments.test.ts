/**
 * Viewings of one listing from many connections at once on a real PostgreSQL: a listing takes one
 * viewing at a time even when two hosts are free (the per-host lock alone would let both in).
 *   - visitors racing for the same time of the same listing through book_appointment (the edge
 *     worker's call, secret key): one is booked, the others are told the time is taken;
 *   - two agents moving their own viewings of one listing to the same free time at the same
 *     moment: one move happens, the other is refused with the reason.
 * Afterwards no two active viewings of a listing overlap, and nothing in the server log about
 * deadlocks.
 */
import crypto from "node:crypto";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import {
  asService,
  asUser,
  CONNECTIONS,
  SCENARIO_TIMEOUT_MS,
  USERS,
  hammerClean,
  poolPerFile,
} from "./hammer.ts";

/** The seed's "Property viewing" event type, hosted by Ama and Yaw. */
const VIEWING = "00000000-0000-4000-b000-000000000e04";
const TAKEN =
  /That listing already has a viewing at that time|That time was just booked|That time is not free/;

let pool: pg.Pool;
const tag = crypto.randomUUID().slice(0, 8);

poolPerFile((p) => (pool = p));

async function listing(name: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into public.properties (slug, title, property_type, listing_type, price, currency, city, status)
     values ($1, $2, 'house', 'sale', 950000, 'GHS', 'Accra', 'available') returning id`,
    [`viewing-race-${name}-${tag}`, `Viewing race ${name} ${tag}`],
  );
  return rows[0]!.id;
}

/** Times at which both hosts are free, at most one a day (each host has a daily cap). */
async function timesWithTwoHosts(max: number): Promise<Date[]> {
  const { rows } = await pool.query<{ starts_at: Date }>(
    `select distinct on ((f.starts_at at time zone 'Africa/Accra')::date) f.starts_at
       from private.free_slots($1, (now() at time zone 'Africa/Accra')::date, 21) f
      where cardinality(f.host_ids) >= 2
      order by (f.starts_at at time zone 'Africa/Accra')::date, f.starts_at
      limit $2`,
    [VIEWING, max],
  );
  return rows.map((r) => r.starts_at);
}

const accra = (t: Date) => {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Africa/Accra",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(t);
  const v = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    preferred_date: `${v("year")}-${v("month")}-${v("day")}`,
    time_slot: `${v("hour")}:${v("minute")}`,
  };
};

/**
 * Lets `n` workers start a round together; with `patience`, the first go on alone after that
 * many milliseconds (when some workers have already stopped).
 */
function gates(n: number, patience = 1000) {
  const rounds = new Map<string, { waiting: number; open: () => void; opened: Promise<void> }>();
  return (key: string) => {
    let gate = rounds.get(key);
    if (!gate) {
      let open!: () => void;
      const opened = new Promise<void>((r) => (open = r));
      gate = { waiting: 0, open, opened };
      rounds.set(key, gate);
    }
    if (++gate.waiting === n) gate.open();
    return patience === Infinity
      ? gate.opened
      : Promise.race([gate.opened, new Promise((r) => setTimeout(r, patience))]);
  };
}

async function overlappingViewings(listingIds: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ what: string }>(
    `select format('%s: %s and %s', a.property_id, a.starts_at, b.starts_at) as what
       from public.bookings a join public.bookings b
         on b.property_id = a.property_id and b.id > a.id
        and b.starts_at < a.ends_at and b.ends_at > a.starts_at
      where a.property_id = any ($1::uuid[])
        and a.status in ('requested', 'confirmed') and b.status in ('requested', 'confirmed')`,
    [listingIds],
  );
  return rows.map((r) => r.what);
}

describe("viewings of one listing on a real PostgreSQL, many connections at once", {
  timeout: SCENARIO_TIMEOUT_MS,
}, () => {
  it("visitors racing for the same time of one listing: one is booked, the others hear it is taken", async () => {
    const property = await listing("visitors");
    const times = await timesWithTwoHosts(8);
    expect(times.length, "times at which both viewing hosts are free").toBeGreaterThan(2);
    const together = gates(CONNECTIONS);
    const booked = new Map<number, number>();
    const outcome = await hammerClean(
      pool,
      "book_appointment × one listing's time",
      async (c, worker, round) => {
        const at = times[round];
        if (!at) return false;
        await together(String(round));
        const fields = {
          property_id: property,
          ...accra(at),
          full_name: `Visitor ${worker} ${tag}`,
          email: `visitor${worker}.${tag}@example.com`,
          phone: "+233244000000",
          consent_at: new Date().toISOString(),
        };
        await asService(c, () => c.query("select public.book_appointment('viewing', $1)", [fields]));
        booked.set(round, (booked.get(round) ?? 0) + 1);
      },
    );
    expect(
      [...outcome.refusals.keys()].filter((m) => !TAKEN.test(m)),
      "other refusals",
    ).toEqual([]);
    const rounds = Math.max(...booked.keys()) + 1;
    expect(rounds).toBeGreaterThan(0);
    for (let r = 0; r < rounds; r++)
      expect(booked.get(r) ?? 0, `bookings at ${times[r]!.toISOString()}`).toBe(1);
    expect(await overlappingViewings([property])).toEqual([]);
  });

  it("two agents moving their viewings of one listing to the same time: one moves, the other is refused", async () => {
    // Each pair needs three times of its own (Ama's viewing, Yaw's, the one both move to): the
    // two hosts are the seed's only viewing hosts, so pairs never share a time.
    const times = await timesWithTwoHosts(15);
    const pairs = Math.min(Math.floor(CONNECTIONS / 2), Math.floor(times.length / 3));
    expect(pairs, "pairs of free times").toBeGreaterThan(1);
    const setup: Array<{
      property: string;
      first: Date;
      second: Date;
      target: Date;
      ama: string;
      yaw: string;
    }> = [];
    for (let p = 0; p < pairs; p++) {
      const [first, second, target] = times.slice(3 * p, 3 * p + 3) as [Date, Date, Date];
      const property = await listing(`agents-${p}`);
      const { rows } = await pool.query<{ id: string; assignee_id: string }>(
        `insert into public.bookings (property_id, full_name, email, phone, consent_at, starts_at, status, assignee_id,
                                      event_type_id, duration_minutes, buffer_before_minutes, buffer_after_minutes)
         values ($1, 'Move race A', $3, '+233244000001', now(), $4, 'confirmed', $6, $2, 45, 0, 0),
                ($1, 'Move race B', $3, '+233244000002', now(), $5, 'confirmed', $7, $2, 45, 0, 0)
         returning id, assignee_id`,
        [property, VIEWING, `move.${tag}@example.com`, first, second, USERS.ama.sub, USERS.yaw.sub],
      );
      setup.push({
        property,
        first,
        second,
        target,
        ama: rows.find((r) => r.assignee_id === USERS.ama.sub)!.id,
        yaw: rows.find((r) => r.assignee_id === USERS.yaw.sub)!.id,
      });
    }
    const ROUNDS = 20;
    // No patience: a pair goes on only together, so a late partner never finds the time freed by
    // the other's reset (which would count as two moves in one round).
    const together = gates(2, Infinity);
    const moved = new Map<string, number>();
    const tried = new Set<string>();
    const atTarget = new Map<string, number>();
    const outcome = await hammerClean(
      pool,
      `two agents × one listing's time, ${ROUNDS} rounds a pair`,
      async (c, worker, round) => {
        const pair = Math.floor(worker / 2);
        const s = setup[pair];
        if (round >= ROUNDS || !s) return false;
        const [who, id] = worker % 2 === 0 ? [USERS.ama, s.ama] : [USERS.yaw, s.yaw];
        await together(`${pair}/${round}`);
        tried.add(`${pair}/${round}`);
        try {
          await asUser(c, who, () =>
            c.query("update public.bookings set starts_at = $2 where id = $1", [id, s.target]),
          );
          moved.set(`${pair}/${round}`, (moved.get(`${pair}/${round}`) ?? 0) + 1);
        } finally {
          // Both tried: the one that moved goes back to its own time for the next round.
          await together(`${pair}/${round}/tried`);
          if (worker % 2 === 0) {
            const { rows } = await c.query<{ n: number }>(
              "select count(*)::int as n from public.bookings where property_id = $1 and starts_at = $2",
              [s.property, s.target],
            );
            atTarget.set(`${pair}/${round}`, rows[0]!.n);
          }
          await together(`${pair}/${round}/counted`);
          await c.query("update public.bookings set starts_at = $2 where id = $1 and starts_at = $3", [
            id,
            worker % 2 === 0 ? s.first : s.second,
            s.target,
          ]);
          await together(`${pair}/${round}/reset`);
        }
      },
      { seconds: 300 },
    );
    expect(
      [...outcome.refusals.keys()].filter((m) => !TAKEN.test(m)),
      "other refusals",
    ).toEqual([]);
    expect(tried.size).toBeGreaterThan(pairs);
    for (const r of tried) {
      expect(moved.get(r) ?? 0, `moves in round ${r}`).toBe(1);
      expect(atTarget.get(r), `viewings at the time both asked for, round ${r}`).toBe(1);
    }
    expect(await overlappingViewings(setup.map((s) => s.property))).toEqual([]);
  });
});
