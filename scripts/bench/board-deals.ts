/**
 * A full deals board for the browser benches: `count` open deals in the sales pipeline's open
 * stages (supabase/seeds/71-deals.sql), round-robin, owned by `ownerId`. Deal i is titled
 * "<3|4|5>-bed house, <area> <tag>-<i>" (3 + i % 3 bedrooms, stage i % 5), so a bench can name a
 * card; `removeBoardDeals` deletes them by the tag.
 */
import type { SupabaseClient } from "@supabase/supabase-js";

const SALE = "00000000-0000-4000-d100-000000000001";
const OPEN_STAGES = ["101", "102", "103", "104", "105"].map((n) => `00000000-0000-4000-d200-000000000${n}`);
const AREAS = ["East Legon", "Cantonments", "Airport Residential", "Osu", "Labone", "Spintex", "Adenta"];

export const boardDealTitle = (tag: string, i: number) =>
  `${3 + (i % 3)}-bed house, ${AREAS[i % AREAS.length]} ${tag}-${i}`;

export async function addBoardDeals(
  service: SupabaseClient,
  ownerId: string,
  tag: string,
  count: number,
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    title: boardDealTitle(tag, i),
    pipeline_id: SALE,
    stage_id: OPEN_STAGES[i % OPEN_STAGES.length]!,
    value: 450_000 + (i % 40) * 25_000,
    currency: "GHS",
    owner_id: ownerId,
  }));
  for (let i = 0; i < rows.length; i += 100) {
    const { error } = await service.from("deals").insert(rows.slice(i, i + 100));
    if (error) throw new Error(`seeding deals: ${error.message}`);
  }
}

export async function removeBoardDeals(service: SupabaseClient, tag: string): Promise<void> {
  await service.from("deals").delete().like("title", `%${tag}-%`);
}
