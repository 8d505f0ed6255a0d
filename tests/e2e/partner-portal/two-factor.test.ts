/**
 * Partner two-factor sign-in end to end (issue 16 item 5 "with two-factor available"): a partner
 * turns on an authenticator from the portal's own Security page (the section the staff's /settings
 * shows), and from then on the portal opens only after the code: a password-only session sent to
 * the collab root lands on the code step, and the code brings the partner's listings back.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { hostUrl, launchBrowser, openPage, screenshot } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectToast, fillCredentials, totpCode } from "../shell/helpers.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const partnerName = `Adom Estates ${tag}`;
const listingTitle = `Two-factor e2e townhouse, Labone ${tag}`;
let browser: Browser;
let user: TestUser;
let partnerId = "";
let listingId = "";

async function must<T>(
  p: PromiseLike<{ data: T; error: { message: string } | null }>,
  what: string,
): Promise<T> {
  const { data, error } = await p;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createTestUser({ role: null });
  partnerId = (
    (await must(
      service
        .from("partners")
        .insert({
          kind: "agency",
          name: partnerName,
          reac_licence_number: `REAC/AG/2026/T${tag}`.toUpperCase(),
        })
        .select("id")
        .single(),
      "partner",
    )) as { id: string }
  ).id;
  const member = (await must(
    service
      .from("partner_members")
      .insert({ partner_id: partnerId, full_name: "Esi Adom", email: user.email })
      .select("id")
      .single(),
    "member",
  )) as { id: string };
  await must(service.rpc("attach_partner_user", { member: member.id, account: user.id }), "attach");
  listingId = (
    (await must(
      service
        .from("properties")
        .insert({
          title: listingTitle,
          slug: `two-factor-e2e-${tag}`,
          city: "Accra",
          neighbourhood: "Labone",
          price: 2_100_000,
          property_type: "house",
          listing_type: "sale",
          status: "available",
          bedrooms: 3,
        })
        .select("id")
        .single(),
      "listing",
    )) as { id: string }
  ).id;
  await must(
    service
      .from("partner_listing_shares")
      .insert({ partner_id: partnerId, property_id: listingId, partner_split_percent: 40 }),
    "share",
  );
});
afterAll(async () => {
  if (partnerId) await service.from("partners").delete().eq("id", partnerId);
  if (listingId) await service.from("properties").delete().eq("id", listingId);
  await browser?.close();
  if (user) await deleteTestUser(user.id);
});

describe("partner two-factor sign-in", () => {
  it("a partner turns on an authenticator in the portal; the portal then opens only after the code", async () => {
    const first = await openPage(browser);
    let secret: string;
    try {
      await first.page.goto(hostUrl("collab", "/auth"));
      await fillCredentials(first.page, user.email, user.password);
      await first.page.getByRole("heading", { level: 1, name: partnerName }).waitFor();
      await first.page
        .getByRole("navigation", { name: "Portal" })
        .getByRole("button", { name: "Security" })
        .click();
      await first.page.getByRole("button", { name: "Set up an authenticator app" }).click();
      const secretEl = first.page.getByTestId("totp-secret");
      await secretEl.waitFor();
      secret = (await secretEl.textContent())!.trim();
      await first.page.getByLabel("Code from the app").fill(totpCode(secret));
      await first.page.getByRole("button", { name: "Confirm and turn on" }).click();
      await expectToast(first.page, "Two-factor authentication is on");
      await first.page.getByTestId("factor-row").filter({ hasText: "Verified" }).waitFor();
      expect(first.errors).toEqual([]);
    } catch (err) {
      await screenshot(first.page, "partner-two-factor-enrol");
      throw err;
    } finally {
      await first.context.close();
    }

    const second = await openPage(browser);
    const { page } = second;
    try {
      await page.goto(hostUrl("collab", "/auth"));
      await fillCredentials(page, user.email, user.password);
      await page.getByText(TEXT.twoFactorHeading).waitFor();
      // Password only (aal1): the collab root does not open the portal, it asks for the code.
      await page.goto(hostUrl("collab", "/"));
      await page.getByText(TEXT.twoFactorHeading).waitFor();
      expect(new URL(page.url()).pathname).toBe("/auth");
      expect(await page.getByRole("heading", { name: partnerName }).count()).toBe(0);
      // The enrolment spent this step's code (accepted once): the next step's.
      await page.getByLabel("Authentication code").fill(totpCode(secret, 30_000));
      await page.getByRole("button", { name: TEXT.verifyCode }).click();
      await page.getByRole("heading", { level: 1, name: partnerName }).waitFor();
      await page
        .getByRole("list", { name: "Shared listings" })
        .getByRole("listitem", { name: listingTitle })
        .waitFor();
      expect(second.errors).toEqual([]);
    } catch (err) {
      await screenshot(page, "partner-two-factor-sign-in");
      throw err;
    } finally {
      await second.context.close();
    }
  });
});
