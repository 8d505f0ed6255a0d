/**
 * The stock report's days on market (private.listing_stock_groups, a security-definer reader that
 * repeats the listings' read policy) for staff whose listings module is restricted: with the
 * module set to "own records", then to "branch", inside a transaction that is rolled back (no
 * other file sees the switch or the branch), each member's groups count exactly the listings
 * RLS lets that member read, with the core definition's median over those listings only.
 */
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { medianDaysOnMarket } from "#core/reports/figures.ts";
import { inRolledBack, poolPerFile, USERS, type User } from "./hammer.ts";

let pool: pg.Pool;
poolPerFile((p) => (pool = p), { max: 2 });

const CITY = "Restricted Stock";

/** Drafts (never public, so only the module's scope shows them), days on market apart. */
const LISTINGS: { name: string; owner: User; agent: User; days: number }[] = [
  { name: "ama-own", owner: USERS.ama, agent: USERS.ama, days: 3 },
  { name: "ama-assigned", owner: USERS.admin, agent: USERS.ama, days: 5 },
  { name: "yaw-own", owner: USERS.yaw, agent: USERS.yaw, days: 10 },
  { name: "admin-own", owner: USERS.admin, agent: USERS.admin, days: 20 },
];

describe("days on market under a restricted listings module", () => {
  it("a staff member's groups count only the listings RLS lets them read, under own and branch", async () => {
    await inRolledBack(pool, async (c, as) => {
      for (const l of LISTINGS)
        await c.query(
          `insert into public.properties (slug, title, property_type, listing_type, price, currency, city, status,
                                          owner_id, agent_id, assignee_id, published_at)
           values ($1, $1, 'house', 'sale', 9333333.32, 'GHS', $2, 'draft', $3, $4, $4, now() - make_interval(days => $5))`,
          [`restricted-stock-${l.name}`, CITY, l.owner.sub, l.agent.sub, l.days],
        );

      /** What `u` reads of the city's listings under RLS, and what the report says of them. */
      const figures = async (u: User) => {
        const read = (
          await as(u, "select published_at from public.properties where city = $1 and status = 'draft'", [
            CITY,
          ])
        ).rows.map((r: { published_at: Date | null }) => r.published_at?.toISOString() ?? null);
        const group = (
          await as(
            u,
            `select listings::int, median_days_on_market::int as median
               from public.report_stock() where city = $1 and property_type = 'house' and status = 'draft'`,
            [CITY],
          )
        ).rows[0] as { listings: number; median: number | null } | undefined;
        return { read, group };
      };
      const expectFigures = async (u: User, visible: number) => {
        const { read, group } = await figures(u);
        expect(read.length, `${u.email} reads`).toBe(visible);
        expect(group, `${u.email} report`).toEqual({
          listings: visible,
          median: medianDaysOnMarket(read, new Date()),
        });
      };

      await c.query("update public.module_access set mode = 'own' where module = 'listings'");
      await expectFigures(USERS.ama, 2); // owned and assigned: 3 and 5 days, median 4
      await expectFigures(USERS.yaw, 1);
      await expectFigures(USERS.admin, 4);
      expect((await figures(USERS.ama)).group?.median).toBe(4);

      // Ama and Yaw in one branch of this transaction's own (set by an admin, as only an admin
      // may): each reads the other's listings too.
      await as(
        USERS.admin,
        `with b as (insert into public.branches (name) values ('Restricted stock branch') returning id)
         update public.profiles set branch_id = (select id from b) where user_id = any ($1::uuid[])`,
        [[USERS.ama.sub, USERS.yaw.sub]],
      );
      await c.query("update public.module_access set mode = 'branch' where module = 'listings'");
      await expectFigures(USERS.ama, 3);
      await expectFigures(USERS.yaw, 3);
      await expectFigures(USERS.admin, 4);
    });
  });
});
