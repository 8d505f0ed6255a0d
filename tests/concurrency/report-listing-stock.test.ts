/**
 * The stock report's kept listing columns (private.listing_stock, 20261204000000_report_stock_kept.sql)
 * from many connections at once on a real PostgreSQL: staff add listings several at a time,
 * publish, move and re-type them, and delete them, while others do the same. Afterwards nothing
 * in the server log about deadlocks, the kept rows equal the listings' own columns, and the
 * admin's stock report equals the groups counted from the listings with the core definition's
 * whole Africa/Accra days.
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
} from "./hammer.ts";

let pool: pg.Pool;
const tag = crypto.randomUUID().slice(0, 8);
const STATUSES = ["draft", "coming_soon", "available", "reserved", "withdrawn"];
const CITIES = [`Stock-${tag}-A`, `Stock-${tag}-B`];

poolPerFile((p) => (pool = p), {
  cleanup: (p) => p.query("delete from public.properties where slug like $1", [`stock-${tag}-%`]),
});

describe("the stock report's kept listings", () => {
  it(
    "stay equal to the listings while they are added, published, moved and deleted at once",
    async () => {
      const outcome = await hammerClean(pool, "listing stock", async (client, worker, i) => {
        const user = STAFF[worker % STAFF.length]!;
        await asUser(client, user, async (c) => {
          const op = i % 4;
          if (op === 0 || op === 1) {
            await c.query(
              `insert into public.properties (slug, title, property_type, listing_type, price, currency, city, status, owner_id, published_at)
               select $1::text || '-' || $2::text || '-' || g, 'Stock ' || $2::text, (array['house', 'apartment'])[1 + g % 2],
                      'sale', 9333333.32, 'GHS', $3, $4, $5::uuid, now() - (g || ' days')::interval
                 from generate_series(1, 3) g`,
              [`stock-${tag}`, `${worker}-${i}`, pick(CITIES), pick(STATUSES), user.sub],
            );
          } else if (op === 2) {
            await c.query(
              `update public.properties
                  set status = $1, city = $2, published_at = case when random() < 0.3 then null else now() - interval '3 days' end
                where id in (select id from public.properties where slug like $3 and owner_id = $4 order by random() limit 2)`,
              [pick(STATUSES), pick(CITIES), `stock-${tag}-%`, user.sub],
            );
          } else {
            await c.query(
              `delete from public.properties
                where id in (select id from public.properties where slug like $1 and owner_id = $2 order by random() limit 2)`,
              [`stock-${tag}-%`, user.sub],
            );
          }
        });
      });
      expect(outcome.done).toBeGreaterThan(0);

      const differ = await ownerQuery<{ line: string }>(
        pool,
        `select format('%s: kept %s, listing %s', coalesce(k.property_id, p.id), to_jsonb(k) - 'property_id', to_jsonb(p) - 'id') as line
           from private.listing_stock k
           full join (select id, city, property_type, status, published_at, public_since, owner_id, assignee_id
                        from public.properties) p on p.id = k.property_id
          where (k.city, k.property_type, k.status, k.published_at, k.public_since, k.owner_id, k.assignee_id)
                is distinct from (p.city, p.property_type, p.status, p.published_at, p.public_since, p.owner_id, p.assignee_id)`,
      );
      expect(differ.map((d) => d.line)).toEqual([]);
      expect(
        (
          await ownerQuery<{ n: string }>(
            pool,
            "select count(*) as n from public.properties where slug like $1",
            [`stock-${tag}-%`],
          )
        )[0]!.n,
      ).not.toBe("0");

      // The admin's report equals the groups counted from the listings themselves.
      const reported = await asUser(
        pool,
        USERS.admin,
        async (c) =>
          (
            await c.query(
              `select city, property_type, status, listings::text, median_days_on_market::text
                 from public.report_stock() where city like $1 order by 1, 2, 3`,
              [`Stock-${tag}-%`],
            )
          ).rows,
      );
      const counted = await ownerQuery(
        pool,
        `select city, property_type, status, count(*)::text as listings,
                round((percentile_cont(0.5) within group (order by case when published_at is not null
                  then greatest((now() at time zone 'Africa/Accra')::date - (published_at at time zone 'Africa/Accra')::date, 0) end))::numeric, 0)::text
                  as median_days_on_market
           from public.properties where city like $1 group by 1, 2, 3 order by 1, 2, 3`,
        [`Stock-${tag}-%`],
      );
      expect(reported).toEqual(counted);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
