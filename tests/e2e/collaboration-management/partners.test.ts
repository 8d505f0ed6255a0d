/**
 * Collaboration management end to end (issue 16 item 4): an admin records a partner agency (a bad
 * licence number refused at the field), adds its agent, invites them to the portal by e-mail (the
 * edge creates a `partner` account linked to the contact and queues the mail) and shares a listing
 * on an agreed split — all read back from the database.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const agentEmail = `kojo.partner.${tag}@example.com`;
let listingId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  const { data, error } = await service
    .from("properties")
    .insert({
      title: `Partner e2e 2-bedroom flat, Osu ${tag}`,
      slug: `partner-e2e-osu-${tag}`,
      city: "Accra",
      neighbourhood: "Osu",
      price: 850000,
      property_type: "apartment",
      listing_type: "sale",
      status: "available",
      bedrooms: 2,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  listingId = (data as { id: string }).id;
});
afterAll(async () => {
  const partner = (
    await service
      .from("partners")
      .select("id")
      .eq("reac_licence_number", `REAC/AG/2026/${tag.toUpperCase()}`)
      .maybeSingle()
  ).data as { id: string } | null;
  const member = (
    await service.from("partner_members").select("user_id").eq("email", agentEmail).maybeSingle()
  ).data as { user_id: string | null } | null;
  if (partner) await service.from("partners").delete().eq("id", partner.id);
  if (member?.user_id) await deleteTestUser(member.user_id);
  await service.from("properties").delete().eq("id", listingId);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("partners, invitations and shares", () => {
  it("an admin records a partner, invites its agent and shares a listing on a split", async () => {
    const { page, errors } = await signedInPage(browser, admin, "/collaboration-management");
    try {
      await page.getByRole("heading", { name: "Collaborations" }).waitFor();
      await page.getByRole("button", { name: "New partner" }).click();
      const form = page.getByRole("form", { name: "New partner" });
      await form.getByRole("textbox", { name: "Name", exact: true }).fill(`Adinkra Homes ${tag}`);
      await form.getByRole("textbox", { name: "REAC licence number" }).fill("??");
      await form.getByRole("button", { name: "Create partner" }).click();
      await form.getByText("Enter the licence number as printed, e.g. REAC/AG/2025/00417").waitFor();
      await form.getByRole("textbox", { name: "REAC licence number" }).fill(`reac/ag/2026/${tag}`);
      await form.getByRole("textbox", { name: "Usual split (%)" }).fill("35");
      await form.getByRole("button", { name: "Create partner" }).click();
      await toast(page, "Partner created").waitFor();
      await page.getByRole("heading", { level: 1, name: `Adinkra Homes ${tag}` }).waitFor();
      const partner = (
        await service
          .from("partners")
          .select("id, reac_licence_number, default_split_percent")
          .eq("name", `Adinkra Homes ${tag}`)
          .single()
      ).data as { id: string; reac_licence_number: string; default_split_percent: number };
      expect(partner).toMatchObject({
        reac_licence_number: `REAC/AG/2026/${tag.toUpperCase()}`,
        default_split_percent: 35,
      });

      // ── The agent, invited to the portal ──
      const person = page.getByRole("form", { name: "Add a person" });
      await person.getByRole("textbox", { name: "Name" }).fill("Kojo Antwi");
      await person.getByRole("textbox", { name: "Email" }).fill(agentEmail);
      await person.getByRole("textbox", { name: "Position" }).fill("Sales agent");
      await person.getByRole("button", { name: "Add person" }).click();
      await toast(page, "Person added").waitFor();
      await page.getByRole("button", { name: "Invite to the portal (Kojo Antwi)" }).click();
      await toast(page, `Invitation sent to ${agentEmail}`).waitFor();
      await page.getByRole("listitem", { name: "Kojo Antwi" }).getByText("Portal account").waitFor();
      const member = (
        await service.from("partner_members").select("user_id, invited_at").eq("email", agentEmail).single()
      ).data as { user_id: string | null; invited_at: string | null };
      expect(member.user_id).not.toBeNull();
      expect(member.invited_at).not.toBeNull();
      const profile = (await service.from("profiles").select("role").eq("user_id", member.user_id!).single())
        .data as { role: string | null };
      expect(profile.role, "a partner account, never staff").not.toMatch(/^(staff|admin)$/);
      const mail =
        (await service.from("outgoing_emails").select("to_address").eq("to_address", agentEmail)).data ?? [];
      expect(mail.length, "the invitation mail is queued").toBeGreaterThan(0);

      // ── A listing shared on a split ──
      await page.getByRole("tab", { name: "Shared listings" }).click();
      const share = page.getByRole("form", { name: "Share a listing" });
      await share
        .getByRole("combobox", { name: "Listing" })
        .selectOption({ label: `Partner e2e 2-bedroom flat, Osu ${tag} · Accra` });
      await expect
        .poll(() => share.getByRole("textbox", { name: "Partner's split (%)" }).inputValue())
        .toBe("35");
      await share.getByRole("textbox", { name: "Partner's split (%)" }).fill("40");
      await share.getByRole("button", { name: "Share listing" }).click();
      await toast(page, "Listing shared").waitFor();
      await page.getByRole("list", { name: "Shared listings" }).getByText("Partner's split 40%").waitFor();
      const shares = (
        await service
          .from("partner_listing_shares")
          .select("property_id, partner_split_percent")
          .eq("partner_id", partner.id)
      ).data;
      expect(shares).toEqual([{ property_id: listingId, partner_split_percent: 40 }]);
      expect(errors).toEqual([]);
    } catch (err) {
      await screenshot(page, "collaboration-partners");
      throw err;
    } finally {
      await page.context().close();
    }
  });
});
