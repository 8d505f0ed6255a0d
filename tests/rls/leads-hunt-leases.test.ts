/**
 * A rental deal's lease dates (migration 20261129400000_deal_lease_dates.sql),
 * judged by what is stored afterwards (read with the secret key):
 *   - who writes and reads them follows the deal's record-level access (module 'deals', own);
 *   - the end comes after the start, for every caller;
 *   - only deals of the rental pipeline carry them;
 *   - the leads hunt's query (won rentals ending within the window, with the tenant) gives each
 *     user only the deals and tenants they may see.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { isoDay } from "#core/leads-hunt/call-list.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Deal lease dates RLS");

const SALE = "00000000-0000-4000-d100-000000000001";
const RENTAL = "00000000-0000-4000-d100-000000000002";
const RENTAL_ENQUIRY = "00000000-0000-4000-d200-000000000201";
const RENTAL_WON = "00000000-0000-4000-d200-000000000205";
const SALE_NEW = "00000000-0000-4000-d200-000000000101";
const now = new Date();
let tenantId = "";

async function seedRental(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = (await must(
    service
      .from("deals")
      .insert({
        title: `${title} ${tag}`,
        pipeline_id: RENTAL,
        stage_id: RENTAL_ENQUIRY,
        value: 3000,
        currency: "GHS",
        owner_id: actors.staff.user!.id,
        ...extra,
      })
      .select("id")
      .single(),
    `seed ${title}`,
  )) as { id: string };
  return row.id;
}
const leaseOf = async (id: string) =>
  (await must(
    service.from("deals").select("lease_start_date, lease_end_date").eq("id", id).single(),
    "read",
  )) as { lease_start_date: string | null; lease_end_date: string | null };

beforeAll(async () => {
  tenantId = (
    (await must(
      service
        .from("contacts")
        .insert({
          first_name: "Tenant",
          last_name: `Lease-${tag}`,
          phone: "+233241110000",
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "tenant",
    )) as { id: string }
  ).id;
}, 60_000);

cleanup.push(async () => {
  await service.from("deals").delete().like("title", `% ${tag}`);
  await service.from("contacts").delete().eq("last_name", `Lease-${tag}`);
});

describe("lease dates on rental deals", () => {
  it("are written by whoever may edit the deal (the owner and admins)", async () => {
    const id = await seedRental("Lease write");
    expect(
      await letters("deals · update · lease dates (mode own)", async (a, i) => {
        const end = isoDay(now, 100 + i);
        await a.client
          .from("deals")
          .update({ lease_start_date: isoDay(now, -200), lease_end_date: end })
          .eq("id", id);
        return (await leaseOf(id)).lease_end_date === end;
      }),
    ).toBe("NNYNYNY");
  });

  it("are read by whoever may see the deal", async () => {
    const id = await seedRental("Lease read", { lease_end_date: isoDay(now, 30) });
    expect(
      await letters("deals · select · lease_end_date (mode own)", async (a) => {
        const { data } = await a.client.from("deals").select("lease_end_date").eq("id", id);
        return data?.[0]?.lease_end_date === isoDay(now, 30);
      }),
    ).toBe("NNYNYNY");
  });

  it("refuse an end on or before the start, whoever writes", async () => {
    const id = await seedRental("Lease order");
    for (const client of [actors.staff.client, actors.admin_mfa_aal2.client]) {
      const { error } = await client
        .from("deals")
        .update({ lease_start_date: "2026-06-01", lease_end_date: "2026-06-01" })
        .eq("id", id);
      expect(error?.code).toBe("23514");
      expect(error?.message).toContain("deals_lease_end_after_start");
    }
    expect(await leaseOf(id)).toEqual({ lease_start_date: null, lease_end_date: null });
    const { error } = await actors.staff.client
      .from("deals")
      .update({ lease_end_date: "2026-06-01" })
      .eq("id", id);
    expect(error).toBeNull();
  });

  it("belong to the rental pipeline only: a sale refuses them, and a rental with them cannot move away", async () => {
    const { error: onSale } = await actors.staff.client.from("deals").insert({
      title: `Sale with lease ${tag}`,
      pipeline_id: SALE,
      stage_id: SALE_NEW,
      value: 900000,
      currency: "GHS",
      owner_id: actors.staff.user!.id,
      lease_end_date: isoDay(now, 10),
    });
    expect(onSale?.message).toContain("Lease dates belong to rental deals");
    const id = await seedRental("Lease move", { lease_end_date: isoDay(now, 10) });
    const { error: moved } = await actors.staff.client
      .from("deals")
      .update({ pipeline_id: SALE, stage_id: SALE_NEW })
      .eq("id", id);
    expect(moved?.message).toContain("Lease dates belong to rental deals");
    const { error: cleared } = await actors.staff.client
      .from("deals")
      .update({ pipeline_id: SALE, stage_id: SALE_NEW, lease_start_date: null, lease_end_date: null })
      .eq("id", id);
    expect(cleared).toBeNull();
  });
});

describe("the leads hunt's expiring rentals", () => {
  it("give each user the tenants of the won rentals they may see, ending within the window", async () => {
    const ending = await seedRental("Lease ending", {
      contact_id: tenantId,
      lease_start_date: isoDay(now, -300),
      lease_end_date: isoDay(now, 20),
    });
    await service.from("deals").update({ stage_id: RENTAL_WON }).eq("id", ending);
    expect(
      await letters("deals · expiring rentals with tenant (mode own)", async (a) => {
        const { data } = await a.client
          .from("deals")
          .select("id, lease_end_date, tenant:contacts!deals_contact_id_fkey(id, phone)")
          .eq("status", "won")
          .gte("lease_end_date", isoDay(now))
          .lte("lease_end_date", isoDay(now, 60))
          .eq("id", ending);
        const row = data?.[0] as { tenant: { id: string } | null } | undefined;
        return row?.tenant?.id === tenantId;
      }),
    ).toBe("NNYNYNY");
  });
});
