/**
 * The collaboration portal end to end: a partner's agent signs in on
 * the collab host (the "Partner sign in" of the marketing page) and lands in the portal — not the
 * marketing page — seeing only the listing shared with them and its split, downloads its details
 * and registers a buyer. A second partner registering the same buyer is refused with who was first
 * and when (never the first partner's client), and a guessed listing id gives nothing. The
 * partner's agreement downloads as the edge's PDF. Offline, a reload opens the portal with the data
 * last seen, marked offline and read-only; signing out deletes what the device kept.
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadedBytes, hostUrl, launchBrowser, openPage, screenshot } from "#tests/support/browser.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import { fillCredentials } from "../shell/helpers.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
let browser: Browser;
const users: TestUser[] = [];
const partners: string[] = [];
const listings: string[] = [];

async function must<T>(
  p: PromiseLike<{ data: T; error: { message: string } | null }>,
  what: string,
): Promise<T> {
  const { data, error } = await p;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data;
}

async function partnerWithAgent(
  name: string,
  licence: string,
): Promise<{ partnerId: string; user: TestUser }> {
  const partner = (await must(
    service
      .from("partners")
      .insert({ kind: "agency", name, reac_licence_number: licence, default_split_percent: 40 })
      .select("id")
      .single(),
    "partner",
  )) as { id: string };
  partners.push(partner.id);
  const user = await createTestUser({ role: null });
  users.push(user);
  const member = (await must(
    service
      .from("partner_members")
      .insert({ partner_id: partner.id, full_name: `${name} agent`, email: user.email })
      .select("id")
      .single(),
    "member",
  )) as { id: string };
  await must(service.rpc("attach_partner_user", { member: member.id, account: user.id }), "attach");
  return { partnerId: partner.id, user };
}

async function listing(title: string): Promise<string> {
  const row = (await must(
    service
      .from("properties")
      .insert({
        title,
        slug: `portal-e2e-${crypto.randomUUID().slice(0, 8)}`,
        city: "Accra",
        neighbourhood: "Cantonments",
        price: 1_200_000,
        property_type: "house",
        listing_type: "sale",
        status: "available",
        bedrooms: 4,
      })
      .select("id")
      .single(),
    "listing",
  )) as { id: string };
  listings.push(row.id);
  return row.id;
}

/** The keys of the device's offline store (app/lib/offline/offline-store.ts) as the page sees them. */
function keptOfflineKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("ghana-realty-offline", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("kv");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction("kv").objectStore("kv").getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.map(String).filter((k) => k !== "owner"));
            open.result.close();
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

let first: { partnerId: string; user: TestUser };
let second: { partnerId: string; user: TestUser };
let sharedListing = "";
let otherListing = "";

beforeAll(async () => {
  browser = await launchBrowser();
  first = await partnerWithAgent(`Sankofa Realty ${tag}`, `REAC/AG/2026/S${tag}`.toUpperCase());
  second = await partnerWithAgent(`Kente Properties ${tag}`, `REAC/AG/2026/K${tag}`.toUpperCase());
  sharedListing = await listing(`Portal e2e 4-bedroom house, Cantonments ${tag}`);
  otherListing = await listing(`Portal e2e not shared with Sankofa ${tag}`);
  await must(
    service.from("partner_listing_shares").insert([
      {
        partner_id: first.partnerId,
        property_id: sharedListing,
        partner_split_percent: 45,
        note: "Viewings on weekdays only",
      },
      { partner_id: second.partnerId, property_id: sharedListing, partner_split_percent: 30 },
      { partner_id: second.partnerId, property_id: otherListing, partner_split_percent: 30 },
    ]),
    "shares",
  );
  await must(
    service.from("partner_agreements").insert({
      partner_id: first.partnerId,
      title: `Sankofa co-broking ${tag}`,
      starts_on: "2026-01-05",
      split_percent: 45,
      terms: "Viewings on weekdays only.",
    }),
    "agreement",
  );
});
afterAll(async () => {
  for (const id of partners) await service.from("partners").delete().eq("id", id);
  for (const id of listings) await service.from("properties").delete().eq("id", id);
  await browser?.close();
  for (const u of users) await deleteTestUser(u.id);
});

describe("the collaboration portal", () => {
  it("a partner signs in on the collab host, sees only their shared listing and registers a buyer first", async () => {
    const { page, context, errors } = await openPage(browser, { serviceWorkers: "allow" });
    try {
      await page.goto(hostUrl("collab", "/"));
      await page.getByRole("heading", { level: 1, name: /Partner with/ }).waitFor();
      await page.getByRole("link", { name: "Partner sign in" }).click();
      await fillCredentials(page, first.user.email, first.user.password);
      await page.getByRole("heading", { level: 1, name: `Sankofa Realty ${tag}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");

      const shared = page.getByRole("list", { name: "Shared listings" });
      const card = shared.getByRole("listitem", { name: `Portal e2e 4-bedroom house, Cantonments ${tag}` });
      await card.waitFor();
      await card.getByTestId("partner-split").getByText("Your split: 45%").waitFor();
      expect(await shared.getByRole("listitem").count(), "only the listing shared with this partner").toBe(1);
      expect(await page.getByText(`Portal e2e not shared with Sankofa ${tag}`).count()).toBe(0);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        card.getByRole("button", { name: "Download details" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^portal-e2e-.*\.txt$/);

      await card.getByRole("button", { name: "Register a buyer" }).click();
      const form = page.getByRole("form", {
        name: `Register a buyer for Portal e2e 4-bedroom house, Cantonments ${tag}`,
      });
      await form.getByRole("button", { name: "Register" }).click();
      await card.getByRole("alert").getByText("Enter the buyer's name").waitFor();
      await form.getByLabel("Buyer's name").fill("Efua Mensah-Bonsu");
      await form.getByLabel("Buyer's phone").fill("024 555 0199");
      await form.getByRole("button", { name: "Register" }).click();
      await card.getByRole("status").getByText("Efua Mensah-Bonsu is registered for this listing.").waitFor();
      await page.getByRole("list", { name: "Registered buyers" }).getByText("Efua Mensah-Bonsu").waitFor();

      // The second partner: the same buyer is refused, naming who was first and when, without the client.
      const db = await signedInClient(second.user.email, second.user.password);
      const again = await db.rpc("register_partner_buyer", {
        listing: sharedListing,
        buyer_name: "E. Bonsu",
        buyer_phone: "+233245550199",
      });
      expect(again.error?.message).toMatch(
        new RegExp(
          `^This buyer was already registered for this listing by Sankofa Realty ${tag} on \\d{2} \\w{3} \\d{4} at \\d{2}:\\d{2}\\. The first registration stands\\.$`,
        ),
      );
      expect(again.error?.message).not.toContain("Efua");
      // A guessed id: the first partner's view of a listing not shared with them is empty.
      const firstDb = await signedInClient(first.user.email, first.user.password);
      expect((await firstDb.rpc("partner_shared_listings", { listing: otherListing })).data).toEqual([]);
      expect(
        (await firstDb.from("partner_buyer_registrations").select("id").eq("partner_id", second.partnerId))
          .data,
      ).toEqual([]);

      // The agreement as a PDF the edge makes under the partner's own RLS.
      await page
        .getByRole("navigation", { name: "Portal" })
        .getByRole("button", { name: "Agreements" })
        .click();
      const agreement = page.getByRole("listitem", { name: `Sankofa co-broking ${tag}` });
      const [pdf] = await Promise.all([
        page.waitForEvent("download"),
        agreement.getByRole("button", { name: `Download “Sankofa co-broking ${tag}” as a PDF` }).click(),
      ]);
      expect(pdf.suggestedFilename()).toBe(
        `co-broking-agreement-sankofa-co-broking-${tag.toLowerCase()}-2026-01-05.pdf`,
      );
      expect((await downloadedBytes(pdf)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(errors).toEqual([]);

      // In a dead zone: the service worker has the portal's code, the device its data last seen.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page
        .getByRole("navigation", { name: "Portal" })
        .getByRole("button", { name: "Listings and deals" })
        .click();
      await context.setOffline(true);
      await page.reload();
      await page.getByRole("heading", { level: 1, name: `Sankofa Realty ${tag}` }).waitFor();
      await page
        .getByTestId("portal-offline")
        .getByText(/^Offline: this is what was last loaded/)
        .waitFor();
      const kept = page.getByRole("list", { name: "Shared listings" }).getByRole("listitem", {
        name: `Portal e2e 4-bedroom house, Cantonments ${tag}`,
      });
      await kept.getByTestId("partner-split").getByText("Your split: 45%").waitFor();
      expect(await kept.getByRole("button", { name: "Register a buyer" }).isDisabled()).toBe(true);
      await page.getByRole("list", { name: "Registered buyers" }).getByText("Efua Mensah-Bonsu").waitFor();
      await context.setOffline(false);
      await page.getByTestId("portal-offline").waitFor({ state: "detached" });

      // Offline, the fetches fail and the hub cannot connect; nothing else may go wrong.
      expect(
        errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|network|websocket/i.test(e)),
      ).toEqual([]);

      // Signing out deletes everything the device kept for this partner.
      expect(await keptOfflineKeys(page)).toContain("partner-portal");
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { level: 1, name: /Partner with/ }).waitFor();
      expect(await keptOfflineKeys(page)).toEqual([]);
    } catch (err) {
      await screenshot(page, "partner-portal");
      throw err;
    } finally {
      await context.close();
    }
  });
});
