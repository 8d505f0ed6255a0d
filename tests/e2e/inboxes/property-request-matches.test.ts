/**
 * Two-way matching end to end: a property request shows its best listings with the reasons
 * ("budget fits, 1 bedroom short"); the owner e-mails the visitor a curated pick in one click;
 * a matching listing published afterwards notifies the request's owner (job listing-matches);
 * and the listing's page in properties admin shows the request it matches.
 * Places are unique to this file (a made-up neighbourhood), so no other listing or request joins.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { kickJobsAs, mailTo, service, toast } from "./helpers.ts";
import { recordPath } from "#core/records/record-links.ts";

let browser: Browser;
let staff: TestUser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const place = `Abokobi Heights ${tag}`;
const visitor = { name: `Akua Boateng ${tag}`, email: uniqueEmail("akua") };
const listings: string[] = [];
let requestId = "";

async function listing(title: string, bedrooms: number, price: number): Promise<string> {
  const { data, error } = await service
    .from("properties")
    .insert({
      slug: `e2e-match-${tag}-${listings.length}`,
      title,
      property_type: "house",
      listing_type: "sale",
      status: "available",
      price,
      currency: "GHS",
      city: "Accra",
      neighbourhood: place,
      bedrooms,
      published_at: new Date().toISOString(),
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  listings.push((data as { id: string }).id);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, admin] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "admin" })]);
  await listing(`Three-bedroom house, ${place}`, 3, 1_200_000);
  const { data, error } = await service
    .from("property_requests")
    .insert({
      full_name: visitor.name,
      email: visitor.email,
      phone: "0244123456",
      listing_type: "buy",
      property_type: "house",
      property_types: ["house"],
      locations: [place],
      budget_max: 1_500_000,
      currency: "GHS",
      bedrooms_min: 4,
      timeline: "1_3_months",
      consent_at: new Date().toISOString(),
      assignee_id: staff.id,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  requestId = (data as { id: string }).id;
});
afterAll(async () => {
  if (requestId) await service.from("property_requests").delete().eq("id", requestId);
  if (listings.length) await service.from("properties").delete().in("id", listings);
  await browser?.close();
  await Promise.all([staff, admin].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

describe("property request matching", () => {
  it("ranks listings with reasons, e-mails a pick, and notifies the owner of a new match", async () => {
    const { page, context, errors } = await signedInPage(browser, staff, `/property-requests/${requestId}`);
    try {
      const matches = page.getByRole("list", { name: "Matching listings" });
      const first = matches.getByRole("listitem").filter({ hasText: `Three-bedroom house, ${place}` });
      await first.waitFor();
      expect(await first.getByTestId("match-reasons").textContent()).toMatch(/budget fits.*1 bedroom short/);

      // The best matches not yet sent come preselected.
      expect(
        await first.getByRole("checkbox", { name: `Include Three-bedroom house, ${place}` }).isChecked(),
      ).toBe(true);
      await page.getByRole("button", { name: "E-mail 1 listing to the visitor" }).click();
      await toast(page, new RegExp(`^1 listings? e-mailed to ${visitor.name}`)).waitFor();
      const mail = await mailTo(visitor.email, /.+/, () => kickJobsAs(staff));
      expect(mail.html).toContain(`e2e-match-${tag}-0`);

      // A new matching listing: its owner (the request's assignee) is notified.
      const fresh = await listing(`Four-bedroom house, ${place}`, 4, 1_400_000);
      await expect
        .poll(
          async () => {
            await kickJobsAs(staff).catch(() => undefined);
            const made =
              (
                await service
                  .from("notifications")
                  .select("title, link")
                  .eq("user_id", staff.id)
                  .eq("kind", "match_listing")
              ).data ?? [];
            return made.filter((n) =>
              n.title.startsWith(`Four-bedroom house, ${place} matches ${visitor.name}`),
            );
          },
          { timeout: 45_000, interval: 3000 },
        )
        .toEqual([expect.objectContaining({ link: recordPath("property_requests", requestId) })]);
      expect(
        (
          await service
            .from("property_request_matches")
            .select("property_id, score")
            .eq("request_id", requestId)
            .eq("property_id", fresh)
        ).data,
      ).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The listing's page shows the request it matches.
    const adminView = await signedInPage(browser, admin, `/properties-admin/${listings[1]}`);
    try {
      await adminView.page
        .getByTestId("listing-requests")
        .getByRole("link", { name: visitor.name })
        .waitFor();
    } finally {
      await adminView.context.close();
    }
  });
});
