/**
 * Leads hunt, expiring rentals: a staff member enters a let's lease dates in the
 * deal form (an end before the start is refused on the field), then the leads hunt brings up the
 * tenant — the deal's main contact, not a lead — with the reason "Lease ends <day>"; a colleague's
 * expiring tenant stays off the list (record-level access), so one outcome empties it.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callReasonLabel, isoDay } from "#core/leads-hunt/call-list.ts";
import { hostUrl, launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

const RENTAL = "00000000-0000-4000-d100-000000000002";
const LET = "00000000-0000-4000-d200-000000000205";

let browser: Browser;
let staff: TestUser;
let colleague: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const now = new Date();
const leaseEnd = isoDay(now, 25);
const contactIds: string[] = [];
let dealId = "";

async function wonRental(
  title: string,
  owner: string,
  contactId: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  // A let as the seeds load it (the secret key may insert a closed deal).
  const { data, error } = await service
    .from("deals")
    .insert({
      title: `${title} ${tag}`,
      pipeline_id: RENTAL,
      stage_id: LET,
      value: 4200,
      currency: "USD",
      commission_type: "fixed",
      commission_amount: 4200,
      commission_rate: null,
      contact_id: contactId,
      owner_id: owner,
      ...extra,
    })
    .select("id")
    .single();
  if (error) throw new Error(`deal ${title}: ${error.message}`);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, colleague] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  const { data, error } = await service
    .from("contacts")
    .insert([
      // Clients, not leads: only their lease puts them on the call list.
      {
        first_name: "Esi",
        last_name: `Ankrah ${tag}`,
        phone: `+23324${String(Date.now()).slice(-6)}1`,
        stage: "client",
        owner_id: staff.id,
        city: "Accra",
        neighbourhood: "Labone",
      },
      {
        first_name: "Kojo",
        last_name: `Annan ${tag}`,
        phone: `+23324${String(Date.now()).slice(-6)}2`,
        stage: "client",
        owner_id: colleague.id,
        city: "Takoradi",
      },
    ])
    .select("id");
  if (error) throw new Error(error.message);
  contactIds.push(...(data as { id: string }[]).map((r) => r.id));
  dealId = await wonRental("Furnished 3-bed, Labone", staff.id, contactIds[0]!);
  await wonRental("Office, Anaji", colleague.id, contactIds[1]!, {
    lease_start_date: isoDay(now, -355),
    lease_end_date: isoDay(now, 10),
  });
});
afterAll(async () => {
  if (contactIds.length) {
    await service.from("deals").delete().in("contact_id", contactIds);
    await service.from("contact_activities").delete().in("contact_id", contactIds);
    await service.from("contacts").delete().in("id", contactIds);
  }
  await browser?.close();
  for (const u of [staff, colleague]) if (u) await deleteTestUser(u.id);
});

describe("expiring rentals in the leads hunt", () => {
  it("the lease end entered in the deal form brings the tenant onto the call list with the date", async () => {
    const { page, errors } = await signedInPage(browser, staff, `/deals/${dealId}?tab=details`);
    try {
      const form = page.getByRole("form", { name: "Deal details" });
      await form.waitFor();
      const start = form.getByLabel("Lease starts");
      const end = form.getByLabel("Lease ends");
      await start.fill(isoDay(now, -340));
      await end.fill(isoDay(now, -341));
      await form.getByRole("button", { name: "Save changes" }).click();
      await form.getByText("The lease ends after it starts").waitFor();
      await end.fill(leaseEnd);
      await form.getByRole("button", { name: "Save changes" }).click();
      await toast(page, "Deal saved").waitFor();
      await expect
        .poll(
          async () =>
            (
              (await service.from("deals").select("lease_end_date").eq("id", dealId).single()).data as {
                lease_end_date: string | null;
              }
            ).lease_end_date,
        )
        .toBe(leaseEnd);

      await page.goto(hostUrl("crm", "/leads-hunt"));
      const lead = page.getByRole("article", { name: `Lead: Esi Ankrah ${tag}` });
      await lead.waitFor();
      const reason = callReasonLabel({ reason: "lease_ending", leaseEndDate: leaseEnd });
      expect(reason).toMatch(/^Lease ends \d{1,2} [A-Z][a-z]{2}$/);
      expect(await lead.getByTestId("call-reason").textContent()).toBe(reason);
      expect(await lead.getByText("1 to call").count(), "the colleague's tenant is not listed").toBe(1);

      // One outcome and the list is done: nobody else's tenant was on it.
      await page.keyboard.press("1");
      await page.getByText("The call list is done for now.").waitFor();
      await expect
        .poll(
          async () =>
            (
              (
                await service
                  .from("contact_activities")
                  .select("id")
                  .eq("contact_id", contactIds[0]!)
                  .eq("kind", "call")
              ).data ?? []
            ).length,
        )
        .toBe(1);
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "leads-hunt-expiring-rental");
      throw e;
    } finally {
      await page.context().close();
    }
  });
});
