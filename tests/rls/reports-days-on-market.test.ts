/**
 * Days on market has one definition: the stock report's median per city, type and status (SQL,
 * report_stock) equals core/reports/figures.ts medianDaysOnMarket over the same listings — whole
 * Africa/Accra calendar days, whatever the hour of publication or of the report — for the
 * listings' agent and an admin.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { medianDaysOnMarket, stockRowSchema } from "#core/reports/figures.ts";
import { serviceClient } from "#tests/support/supabase.ts";
import { createActors, deleteActors, must, type Actor, type ActorName } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let actors: Record<ActorName, Actor>;

beforeAll(async () => {
  actors = await createActors();
}, 60_000);

afterAll(async () => {
  await service.from("properties").delete().like("slug", `%${tag}%`);
  await deleteActors(actors);
});

/** The instant `days` Accra days before today at hh:mm:ss (Accra is UTC+0 all year). */
function accraAt(days: number, time: string): string {
  return new Date(Date.parse(`${todayInAccra()}T${time}Z`) - days * 86_400_000).toISOString();
}

describe("days on market", () => {
  it("the stock report's median equals the core definition on the same listings", async () => {
    const staff = actors.staff.user!.id;
    // Two groups (cities) of this test's own: published at the first and the last second of a
    // day three days ago, and an odd and even count, so that fractional days rounded would differ
    // from calendar days at any hour of the report.
    const groups: Record<string, Array<string | null>> = {
      [`Early ${tag}`]: [accraAt(3, "00:00:01")],
      [`Late ${tag}`]: [accraAt(3, "23:59:59")],
      [`Mixed ${tag}`]: [accraAt(3, "23:59:59"), accraAt(6, "12:00:00"), null],
    };
    let n = 0;
    const rows = Object.entries(groups).flatMap(([city, published]) =>
      published.map((published_at) => ({
        slug: `dom-${tag}-${++n}`,
        title: `Days on market ${tag} ${n}`,
        property_type: "house",
        listing_type: "sale",
        price: "9333333.32",
        currency: "GHS",
        city,
        status: "available",
        owner_id: staff,
        agent_id: staff,
        published_at,
      })),
    );
    await must(service.from("properties").insert(rows).select("id"), "listings");

    for (const who of ["staff", "other_staff", "admin"] as const) {
      const client = actors[who].client;
      const stock = stockRowSchema
        .array()
        .parse((await must(client.rpc("report_stock"), `${who} stock`)) ?? []);
      // The same rows, read back as stored, through the core definition.
      const stored = (await must(
        client.from("properties").select("city, published_at").like("slug", `dom-${tag}-%`),
        `${who} listings`,
      )) as Array<{ city: string; published_at: string | null }>;
      const now = new Date();
      for (const city of Object.keys(groups)) {
        const row = stock.find(
          (r) => r.city === city && r.property_type === "house" && r.status === "available",
        );
        const published = stored.filter((s) => s.city === city).map((s) => s.published_at);
        expect(published.length, `${who} ${city}`).toBeGreaterThan(0);
        expect(row, `${who} ${city}`).toMatchObject({
          listings: published.length,
          median_days_on_market: medianDaysOnMarket(published, now),
        });
      }
      if (who === "other_staff") continue;
      // Calendar days, spelled out: three days ago is 3 at any hour; 3 and 6 (the unpublished
      // listing does not count) have the median 4.5, a whole day 5.
      expect(stock.filter((r) => r.city.endsWith(tag)).map((r) => [r.city, r.median_days_on_market])).toEqual(
        [
          [`Early ${tag}`, 3],
          [`Late ${tag}`, 3],
          [`Mixed ${tag}`, 5],
        ],
      );
    }
  });
});
