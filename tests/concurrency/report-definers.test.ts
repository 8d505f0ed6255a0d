/**
 * The reports' security-definer readers on a real PostgreSQL, with the listings module switched
 * to "own records" inside a transaction that is rolled back (no other file sees the switch):
 * private.agency_listing_price_drops answers only a caller who may read every listing, and
 * report_price_reductions shows a colleague no drop of a listing they may not read, whichever
 * way the module is set. Response times read each item's first reply once (one pass): the median
 * is the minutes to the first reply, not to a later one. The kept lead days answer only a caller
 * who may read every contact.
 */
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { inRolledBack, poolPerFile, USERS, type User } from "./hammer.ts";

let pool: pg.Pool;
poolPerFile((p) => (pool = p), { max: 2 });

const YEAR = new Date().getUTCFullYear();
const PERIOD = [`${YEAR}-01-01`, `${YEAR}-12-31`];

describe("report definers", () => {
  it("price drops of every listing only for who may read every listing; never a colleague's unseen listing", async () => {
    await inRolledBack(pool, async (c, as) => {
      const listing = (
        await c.query<{ id: string }>(
          `insert into public.properties (slug, title, property_type, listing_type, price, currency, city, status, owner_id, agent_id)
           values ('report-definer-drop', 'Report definer drop', 'house', 'sale', 9333333.32, 'GHS', 'Accra', 'draft', $1, $1)
           returning id`,
          [USERS.ama.sub],
        )
      ).rows[0]!.id;
      await c.query("update public.properties set price = 9000000.00 where id = $1", [listing]);
      const drops = async (u: User) =>
        (
          await as(
            u,
            "select property_id from private.agency_listing_price_drops($1, $2, 500) where property_id = $3",
            [...PERIOD, listing],
          )
        ).rowCount;
      const reported = async (u: User) =>
        (
          await as(
            u,
            "select old_price, new_price from public.report_price_reductions($1, $2) where property_id = $3",
            [...PERIOD, listing],
          )
        ).rows.map((r: { old_price: string; new_price: string }) => [r.old_price, r.new_price]);
      const drop = [["9333333.32", "9000000.00"]];

      await c.query("update public.module_access set mode = 'own' where module = 'listings'");
      expect(await drops(USERS.admin)).toBe(1);
      expect(await drops(USERS.yaw)).toBe(0);
      expect(await drops(USERS.ama)).toBe(0);
      expect(await reported(USERS.admin)).toEqual(drop);
      expect(await reported(USERS.ama)).toEqual(drop);
      expect(await reported(USERS.yaw)).toEqual([]);

      // Company-wide listings: every listing and its history is the colleague's to read too.
      await c.query("update public.module_access set mode = 'all' where module = 'listings'");
      expect(await drops(USERS.yaw)).toBe(1);
      expect(await reported(USERS.yaw)).toEqual(drop);
    });
  });

  it("kept lead days only for who may read every contact", async () => {
    await inRolledBack(pool, async (c, as) => {
      await c.query(
        `insert into public.contacts (first_name, last_name, owner_id, created_at)
         values ('Kept', 'Lead Days', $1, now())`,
        [USERS.admin.sub],
      );
      await c.query("select private.rebuild_lead_days()");
      const days = async (u: User) =>
        (await as(u, "select day from private.kept_lead_days($1, $2)", PERIOD)).rowCount;

      await c.query("update public.module_access set mode = 'own' where module = 'contacts'");
      expect(await days(USERS.admin)).toBeGreaterThan(0);
      expect(await days(USERS.ama), "staff on own contacts: the agency's totals are not theirs").toBe(0);
      await c.query("update public.module_access set mode = 'all' where module = 'contacts'");
      expect(await days(USERS.ama)).toBeGreaterThan(0);
    });
  });

  it("response times run from arrival to the first reply", async () => {
    await inRolledBack(pool, async (c, as) => {
      const item = (
        await c.query<{ id: string }>(
          `insert into public.contact_submissions (full_name, email, message, consent_at, created_at, assignee_id)
           values ('Report Definer', 'report-definer@example.test', 'When can I view it?', now(), now() - interval '90 minutes', $1)
           returning id`,
          [USERS.ama.sub],
        )
      ).rows[0]!.id;
      for (const ago of ["30 minutes", "60 minutes"])
        await c.query(
          `insert into public.inbox_replies (record_table, record_id, to_address, subject, body, sent_by, created_at)
           values ('contact_submissions', $1, 'report-definer@example.test', 'Re: viewing', 'Tomorrow at ten.', $2, now() - $3::interval)`,
          [item, USERS.ama.sub, ago],
        );
      const mine = async (u: User) =>
        (
          await as(
            u,
            "select items, answered, median_minutes from public.report_response_times($1, $2) where agent_id = $3",
            [...PERIOD, USERS.ama.sub],
          )
        ).rows[0] as { items: string; answered: string; median_minutes: string } | undefined;
      // The first reply came 30 minutes after arrival (the second, 60 minutes after, is not the response).
      const row = await mine(USERS.admin);
      expect(row?.median_minutes).toBeDefined();
      const others = (
        await c.query<{ n: string; median: string | null }>(
          `select count(*) as n,
                  round((percentile_cont(0.5) within group (order by extract(epoch from f.first_reply - s.created_at) / 60))::numeric, 1) as median
             from public.contact_submissions s
             left join lateral (select min(r.created_at) as first_reply from public.inbox_replies r
                                 where r.record_table = 'contact_submissions' and r.record_id = s.id) f on true
            where s.assignee_id = $1 and s.created_at >= $2::date and s.created_at < ($3::date + 1)`,
          [USERS.ama.sub, ...PERIOD],
        )
      ).rows[0]!;
      expect(row).toMatchObject({ items: others.n, median_minutes: others.median });
    });
  });
});
