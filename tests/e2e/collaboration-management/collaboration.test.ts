/**
 * Working with a partner end to end: an admin records an
 * agreement and attaches the signed copy (a text file refused), records a co-broke deal on a
 * shared listing with the partner's split, declines a client the partner registered (with a
 * reason) and writes to the partner; the partner, in the portal, reads the deal and its commission
 * (read-only), the decline and its reason, the agreement, and the message — and answers, which
 * rings the admin's bell. Everything is read back from the database as well.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  navigateInApp,
  openPage,
  screenshot,
  signedInPage,
  signInOnPage,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
let agent: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const partnerName = `Nkyinkyim Realty ${tag}`;
const listingTitle = `Co-broke e2e 3-bedroom house, East Legon ${tag}`;
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
  admin = await createTestUser({ role: "admin" });
  agent = await createTestUser({ role: null });
  partnerId = (
    (await must(
      service
        .from("partners")
        .insert({
          kind: "agency",
          name: partnerName,
          reac_licence_number: `REAC/AG/2026/C${tag}`.toUpperCase(),
          default_split_percent: 40,
        })
        .select("id")
        .single(),
      "partner",
    )) as { id: string }
  ).id;
  const member = (await must(
    service
      .from("partner_members")
      .insert({ partner_id: partnerId, full_name: "Kwesi Nkyinkyim", email: agent.email })
      .select("id")
      .single(),
    "member",
  )) as { id: string };
  await must(service.rpc("attach_partner_user", { member: member.id, account: agent.id }), "attach");
  listingId = (
    (await must(
      service
        .from("properties")
        .insert({
          title: listingTitle,
          slug: `co-broke-e2e-${tag}`,
          city: "Accra",
          neighbourhood: "East Legon",
          price: 1_500_000,
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
  const db = await signedInClient(agent.email, agent.password);
  await must(
    db.rpc("register_partner_buyer", {
      listing: listingId,
      buyer_name: "Adwoa Sarpong",
      buyer_phone: "+233245550777",
    }),
    "registration",
  );
});
afterAll(async () => {
  const paths = ((
    await service.from("partner_agreements").select("document_path").eq("partner_id", partnerId)
  ).data ?? []) as { document_path: string | null }[];
  const stored = paths.flatMap((p) => (p.document_path ? [p.document_path] : []));
  if (stored.length) await service.storage.from("partner-documents").remove(stored);
  if (partnerId) {
    await service.from("co_broke_deals").delete().eq("partner_id", partnerId);
    await service.from("partners").delete().eq("id", partnerId);
  }
  if (listingId) await service.from("properties").delete().eq("id", listingId);
  await browser?.close();
  for (const u of [admin, agent]) if (u) await deleteTestUser(u.id);
});

const pdf = {
  name: "signed-agreement.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
};
const text = { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an agreement") };

describe("working with a partner", () => {
  it("agreement, co-broke deal, a declined client and a message, as the admin records them and the partner reads them", async () => {
    const { page, errors } = await signedInPage(
      browser,
      admin,
      `/collaboration-management/${partnerId}?tab=agreements`,
    );
    try {
      // ── Agreement with its signed copy ──
      await page.getByRole("button", { name: "New agreement" }).click();
      const form = page.getByRole("form", { name: "New agreement" });
      await form.getByRole("textbox", { name: "Title", exact: true }).fill("Co-broking agreement 2026");
      await form.getByLabel("Starts").fill("2026-11-01");
      await form.getByLabel("Ends").fill("2027-10-31");
      await form.getByRole("textbox", { name: "Partner's split (%)" }).fill("40");
      await form.getByRole("button", { name: "Record agreement" }).click();
      await toast(page, "Agreement recorded").waitFor();
      const item = page
        .getByRole("list", { name: "Agreements" })
        .getByRole("listitem", { name: "Co-broking agreement 2026" });
      await item.getByText("No signed copy yet").waitFor();
      await item.getByLabel("Signed document for Co-broking agreement 2026").setInputFiles(text);
      await toast(page, "Document not attached")
        .filter({ hasText: "The signed agreement must be a PDF, JPEG or PNG file." })
        .waitFor();
      await item.getByLabel("Signed document for Co-broking agreement 2026").setInputFiles(pdf);
      await toast(page, "Signed document attached").waitFor();
      await item.getByRole("button", { name: "signed-agreement.pdf" }).waitFor();
      const agreement = (await must(
        service
          .from("partner_agreements")
          .select("status, split_percent, document_path")
          .eq("partner_id", partnerId)
          .single(),
        "agreement",
      )) as { status: string; split_percent: number; document_path: string };
      expect(agreement).toMatchObject({ status: "active", split_percent: 40 });
      expect(agreement.document_path.startsWith(`${partnerId}/`)).toBe(true);

      // ── Co-broke deal on the shared listing ──
      await navigateInApp(page, `/collaboration-management/${partnerId}?tab=deals`);
      await page.getByRole("button", { name: "New co-broke deal" }).click();
      const deal = page.getByRole("form", { name: "New co-broke deal" });
      await deal.getByRole("textbox", { name: "Deal", exact: true }).fill(`Sale to Adwoa Sarpong ${tag}`);
      await deal.getByRole("combobox", { name: "Listing" }).selectOption({ label: listingTitle });
      await deal.getByRole("combobox", { name: "Stage" }).selectOption({ label: "Offer made" });
      await deal.getByRole("textbox", { name: "Agreed price" }).fill("1450000");
      await deal.getByRole("textbox", { name: "Agency commission" }).fill("43500");
      await deal.getByRole("textbox", { name: "Partner's split (%)" }).fill("45");
      await deal
        .getByRole("textbox", { name: "Note for the partner" })
        .fill("Offer accepted in principle; documents next week.");
      await deal.getByRole("button", { name: "Record deal" }).click();
      await toast(page, "Deal recorded").waitFor();
      await page
        .getByRole("list", { name: "Co-broke deals" })
        .getByRole("listitem", { name: `Sale to Adwoa Sarpong ${tag}` })
        .waitFor();
      const stored = (await must(
        service
          .from("co_broke_deals")
          .select("property_id, stage, partner_commission")
          .eq("partner_id", partnerId)
          .single(),
        "deal",
      )) as { property_id: string; stage: string; partner_commission: number };
      expect(stored).toMatchObject({ property_id: listingId, stage: "offer", partner_commission: 19575 });

      // ── The registered client, declined with a reason ──
      await navigateInApp(page, `/collaboration-management/${partnerId}?tab=buyers`);
      const buyer = page
        .getByRole("list", { name: "Registered buyers" })
        .getByRole("listitem", { name: "Adwoa Sarpong" });
      await buyer.getByRole("button", { name: "Decline Adwoa Sarpong" }).click();
      const decline = page.getByRole("form", { name: "Decline Adwoa Sarpong" });
      await decline.getByRole("button", { name: "Decline registration" }).click();
      await decline.getByText("Say why (the partner reads it)").first().waitFor();
      await decline
        .getByLabel("Reason (the partner reads it)")
        .fill("She enquired with us directly in October.");
      await decline.getByRole("button", { name: "Decline registration" }).click();
      await toast(page, "Adwoa Sarpong declined").waitFor();
      await buyer.getByText("Declined: She enquired with us directly in October.").waitFor();

      // ── A message to the partner ──
      await navigateInApp(page, `/collaboration-management/${partnerId}?tab=messages`);
      await page.getByLabel("Message", { exact: true }).fill(`Viewing on Saturday at 10:00? ${tag}`);
      await page.getByRole("button", { name: "Send" }).click();
      await page
        .getByRole("list", { name: `Messages with ${partnerName}` })
        .getByText(`Viewing on Saturday at 10:00? ${tag}`)
        .waitFor();
      // The refused text file is logged once with its reason (the toast said it); nothing else.
      expect(
        errors.filter(
          (e) =>
            !e.startsWith(
              "Document not attached: RecordError: The signed agreement must be a PDF, JPEG or PNG file.",
            ),
        ),
      ).toEqual([]);
    } catch (err) {
      await screenshot(page, "collaboration-admin");
      throw err;
    } finally {
      await page.context().close();
    }

    // ── The partner, in the portal ──
    const portal = await openPage(browser);
    const p = portal.page;
    try {
      await signInOnPage(p, agent, "/", { host: "collab" });
      await p.getByRole("heading", { level: 1, name: partnerName }).waitFor();
      const dealItem = p
        .getByRole("list", { name: "Co-broke deals" })
        .getByRole("listitem", { name: `Sale to Adwoa Sarpong ${tag}` });
      await dealItem.getByText(/Offer made/).waitFor();
      await dealItem.getByText("Offer accepted in principle; documents next week.").waitFor();
      expect(await dealItem.textContent()).toMatch(/your split 45% = GHS\s?19,575/);
      expect(await dealItem.getByRole("button").count(), "read-only").toBe(0);
      const registration = p
        .getByRole("list", { name: "Registered buyers" })
        .getByRole("listitem", { name: "Adwoa Sarpong" });
      await registration.getByText(/Declined on/).waitFor();
      await registration.getByText("Reason: She enquired with us directly in October.").waitFor();

      const nav = p.getByRole("navigation", { name: "Portal" });
      await nav.getByRole("button", { name: /Messages.*1 new/ }).click();
      const thread = p.getByRole("list", { name: /^Messages with / });
      await thread.getByText(`Viewing on Saturday at 10:00? ${tag}`).waitFor();
      await p.getByLabel("Message", { exact: true }).fill(`Saturday works for my client ${tag}`);
      await p.getByRole("button", { name: "Send" }).click();
      await thread.getByText(`Saturday works for my client ${tag}`).waitFor();
      await nav.getByRole("button", { name: "Messages" }).filter({ hasNotText: "new" }).waitFor();

      await nav.getByRole("button", { name: "Agreements" }).click();
      const ag = p
        .getByRole("list", { name: "Agreements" })
        .getByRole("listitem", { name: "Co-broking agreement 2026" });
      await ag.getByText(/Active/).waitFor();
      await ag.getByRole("button", { name: "signed-agreement.pdf" }).waitFor();
      expect(portal.errors).toEqual([]);
    } catch (err) {
      await screenshot(p, "collaboration-portal");
      throw err;
    } finally {
      await portal.context.close();
    }
    const bell = await service
      .from("notifications")
      .select("title")
      .eq("user_id", admin.id)
      .eq("kind", "partner_message");
    // Every admin hears every partner: files running beside this one message their own partners.
    expect((bell.data ?? []).filter((n) => n.title.includes(partnerName))).toEqual([
      { title: `Message from ${partnerName}` },
    ]);
    const mail = await service.from("outgoing_emails").select("subject").eq("to_address", agent.email);
    expect(mail.data).toEqual([{ subject: "New message in your partner portal" }]);
  });
});
