/**
 * The leads report's kept days (private.lead_days, 20261203000100_lead_days_kept.sql) from many
 * connections at once on a real PostgreSQL: staff add contacts several at a time under sources
 * (none counts as "unknown"), change their sources and delete them, while others do the
 * same on the same days and sources. Afterwards nothing in the server log about deadlocks, the
 * kept days equal a fresh count of every contact, and the admin's report (from the kept days)
 * equals the weeks counted from the rows.
 */
import crypto from "node:crypto";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import {
  asUser,
  hammerClean,
  ownerQuery,
  pick,
  poolPerFile,
  SCENARIO_TIMEOUT_MS,
  STAFF,
  USERS,
  type User,
} from "./hammer.ts";

let pool: pg.Pool;
const tag = crypto.randomUUID().slice(0, 8);
const SOURCES = ["website_form", "referral", "walk_in", null];

poolPerFile((p) => (pool = p), {
  cleanup: (p) => p.query("delete from public.contacts where last_name like $1", [`Lead-${tag}%`]),
});

const year = new Date().getUTCFullYear();
const period = [`${year}-01-01`, `${year}-12-31`];

/** `user`'s leads report equals the weeks counted from the contacts (only `ownerOf`'s, if given). */
async function expectReportCounts(user: User, ownerOf: string | null) {
  const reported = await asUser(
    pool,
    user,
    async (c) =>
      (
        await c.query(
          "select week::text, source, leads::text from public.report_leads($1, $2) order by 1, 2",
          period,
        )
      ).rows,
  );
  const counted = await ownerQuery(
    pool,
    `select date_trunc('week', created_at at time zone 'Africa/Accra')::date::text as week,
            coalesce(nullif(btrim(source), ''), 'unknown') as source, count(*)::text as leads
       from public.contacts
      where created_at >= $1::date and created_at < ($2::date + 1)
        and ($3::uuid is null or $3::uuid in (owner_id, assignee_id))
      group by 1, 2 order by 1, 2`,
    [...period, ownerOf],
  );
  expect(reported, user.email).toEqual(counted);
}

describe("the leads report's kept days", () => {
  it(
    "stay equal to a fresh count while contacts are added, re-sourced and deleted at once",
    async () => {
      const outcome = await hammerClean(pool, "lead days", async (client, worker, i) => {
        const user = STAFF[worker % STAFF.length]!;
        await asUser(client, user, async (c) => {
          const op = i % 4;
          if (op === 0 || op === 1) {
            await c.query(
              `insert into public.contacts (kind, first_name, last_name, owner_id, source)
               select 'person', 'Lead', $1::text || '-' || $2::text || '-' || g, $3::uuid, (array[$4, $5, $6])[1 + g % 3]
                 from generate_series(1, 3) g`,
              [`Lead-${tag}`, `${worker}-${i}`, user.sub, pick(SOURCES), pick(SOURCES), pick(SOURCES)],
            );
          } else if (op === 2) {
            await c.query(
              `update public.contacts set source = $1
                where id in (select id from public.contacts where last_name like $2 and owner_id = $3 order by random() limit 2)`,
              [pick(SOURCES), `Lead-${tag}%`, user.sub],
            );
          } else {
            await c.query(
              `delete from public.contacts
                where id in (select id from public.contacts where last_name like $1 and owner_id = $2 order by random() limit 2)`,
              [`Lead-${tag}%`, user.sub],
            );
          }
        });
      });
      expect(outcome.done).toBeGreaterThan(0);

      const differ = await ownerQuery<{ line: string }>(
        pool,
        `select format('%s %s: kept %s, counted %s', coalesce(k.day, f.day), coalesce(k.source, f.source), k.leads, f.leads) as line
           from (select day, source, leads from private.lead_days where leads <> 0) k
           full join (select (created_at at time zone 'Africa/Accra')::date as day, coalesce(nullif(btrim(source), ''), 'unknown') as source,
                             count(*) as leads
                        from public.contacts group by 1, 2) f using (day, source)
          where k.leads is distinct from f.leads`,
      );
      expect(differ.map((d) => d.line)).toEqual([]);
      expect(
        (
          await ownerQuery<{ n: string }>(
            pool,
            "select count(*) as n from public.contacts where last_name like $1",
            [`Lead-${tag}%`],
          )
        )[0]!.n,
      ).not.toBe("0");

      // The admin's report (kept days) equals the weeks counted from the rows; a staff member's
      // counts their own contacts' rows.
      await expectReportCounts(USERS.admin, null);
      await expectReportCounts(USERS.ama, USERS.ama.sub);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
