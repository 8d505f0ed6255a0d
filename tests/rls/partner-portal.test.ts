/**
 * Collaborations in the database, continued (collaboration-management.test.ts has who reads which rows):
 *   - listings shared in the portal;
 *   - buyer registration: first wins per listing (phone or e-mail, however the phone is typed);
 *     a second is refused naming who registered first and when, not their client's details;
 *   - an invited account is linked by the secret key only, never to a team member;
 *   - agreement documents (private partner-documents bucket): admins and the partner itself;
 *   - commissions.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 · partner · other partner.
 */
import { describe, expect, it } from "vitest";
import { partnerCommission } from "#core/collaboration-management/commission.ts";
import { createTestUser, deleteTestUser } from "#tests/support/supabase.ts";
import {
  ADMINS_AND_OWNER,
  ADMINS_ONLY,
  partnersFixture,
  sharedListings,
} from "./collaboration-management-fixture.ts";
import { must } from "./support.ts";

const fx = partnersFixture("Partners RLS (portal)");
const { service, tag, letters } = fx;

const shared = sharedListings(fx);

describe("shared listings in the portal", () => {
  it("each partner sees its shared listings with its own split; a guessed id gives nothing", async () => {
    const split = (
      (await must(
        service
          .from("partner_listing_shares")
          .select("partner_split_percent")
          .eq("partner_id", fx.partners.partner.partnerId)
          .eq("property_id", shared.listingId)
          .single(),
        "split",
      )) as {
        partner_split_percent: number;
      }
    ).partner_split_percent;
    const mine = await fx.partners.partner.client.rpc("partner_shared_listings", {});
    expect(
      ((mine.data ?? []) as { property_id: string; partner_split_percent: number; title: string }[]).map(
        (r) => [r.property_id, r.partner_split_percent, r.title],
      ),
    ).toEqual([[shared.listingId, split, "Partner RLS shared"]]);
    const guessed = await fx.partners.partner.client.rpc("partner_shared_listings", {
      listing: shared.otherListingId,
    });
    expect(guessed.data, "another partner's listing").toEqual([]);
    expect(
      await letters(
        "partner_shared_listings (own share)",
        async (a) =>
          ((await a.client.rpc("partner_shared_listings", { listing: shared.listingId })).data ?? [])
            .length === 1,
      ),
    ).toBe("NNNNNNNYY");
  });
});

describe("registering a buyer: first wins", () => {
  it("refuses a second registration of the same buyer, naming who was first and when — not their client", async () => {
    const first = await fx.partners.partner.client.rpc("register_partner_buyer", {
      listing: shared.listingId,
      buyer_name: "Mrs. Efua Mensah",
      buyer_phone: "024 455 1020",
      buyer_email: "efua.mensah@example.com",
      notes: "Cash buyer from the UK",
    });
    expect(first.error).toBeNull();
    const row = first.data as { id: string; buyer_phone: string; created_at: string; partner_id: string };
    expect(row.buyer_phone, "stored in E.164").toBe("+233244551020");
    expect(row.partner_id).toBe(fx.partners.partner.partnerId);

    const second = await fx.partners.other_partner.client.rpc("register_partner_buyer", {
      listing: shared.listingId,
      buyer_name: "E. Mensah",
      buyer_phone: "+233 24 455 1020",
    });
    const partnerName = `RLS partner 1 ${tag}`;
    expect(second.error?.message).toMatch(
      new RegExp(
        `^This buyer was already registered for this listing by ${partnerName} on \\d{2} [A-Z][a-z]{2} \\d{4} at \\d{2}:\\d{2}\\. The first registration stands\\.$`,
      ),
    );
    expect(second.error?.message).not.toMatch(/Efua|efua|UK|0244/);
    const byEmail = await fx.partners.other_partner.client.rpc("register_partner_buyer", {
      listing: shared.listingId,
      buyer_name: "Efua",
      buyer_email: "EFUA.MENSAH@example.com",
    });
    expect(byEmail.error?.message, "the same e-mail in capitals is the same buyer").toMatch(
      /^This buyer was already registered/,
    );
    const again = await fx.partners.partner.client.rpc("register_partner_buyer", {
      listing: shared.listingId,
      buyer_name: "Efua",
      buyer_phone: "0244551020",
    });
    expect(again.error?.message).toMatch(/^You registered this buyer for this listing on /);

    const theirs = await fx.partners.other_partner.client
      .from("partner_buyer_registrations")
      .select("buyer_name, buyer_phone");
    expect(theirs.data, "the other partner never sees the first one's client").toEqual([]);
    const stored = await service
      .from("partner_buyer_registrations")
      .select("id")
      .eq("property_id", shared.listingId);
    expect(stored.data).toHaveLength(1);
    const notified = await service
      .from("notifications")
      .select("kind")
      .eq("record_id", row.id)
      .eq("user_id", fx.actors.admin.user!.id);
    expect(notified.data).toEqual([{ kind: "lead_partner_buyer" }]);
  });

  it("refuses a listing that is not shared with the partner, the same way whether it exists or not", async () => {
    const notShared = await fx.partners.partner.client.rpc("register_partner_buyer", {
      listing: shared.otherListingId,
      buyer_name: "Kojo",
      buyer_phone: "0201234567",
    });
    const missing = await fx.partners.partner.client.rpc("register_partner_buyer", {
      listing: crypto.randomUUID(),
      buyer_name: "Kojo",
      buyer_phone: "0201234567",
    });
    expect(notShared.error?.message).toBe("This listing is not shared with you.");
    expect(missing.error?.message).toBe("This listing is not shared with you.");
    const staff = await fx.actors.staff.client.rpc("register_partner_buyer", {
      listing: shared.listingId,
      buyer_name: "Kojo",
      buyer_phone: "0201234567",
    });
    expect(staff.error?.message).toBe("Only a partner's account can register buyers.");
    const direct = await fx.partners.partner.client.from("partner_buyer_registrations").insert({
      partner_id: fx.partners.partner.partnerId,
      property_id: shared.listingId,
      buyer_name: "Direct",
      buyer_phone: "+233201112233",
    });
    expect(direct.error, "no way around the first-wins rule").not.toBeNull();
  });

  it("holds under concurrent registrations of the same buyer: exactly one wins", async () => {
    const shared = await fx.listing("race");
    await must(
      service
        .from("partner_listing_shares")
        .insert([
          { partner_id: fx.partners.partner.partnerId, property_id: shared, partner_split_percent: 40 },
          { partner_id: fx.partners.other_partner.partnerId, property_id: shared, partner_split_percent: 40 },
        ])
        .select("id"),
      "shares",
    );
    const results = await Promise.all(
      [fx.partners.partner, fx.partners.other_partner].map((p) =>
        p.client.rpc("register_partner_buyer", {
          listing: shared,
          buyer_name: "Race buyer",
          buyer_phone: "0557001122",
        }),
      ),
    );
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    expect(results.find((r) => r.error)?.error?.message).toMatch(
      /^This buyer was already registered for this listing by RLS partner \d/,
    );
  });
});

describe("linking an invited account", () => {
  it("is the secret key's alone, and never makes a team member a partner", async () => {
    const member = (
      (await must(
        service
          .from("partner_members")
          .insert({
            partner_id: fx.partners.other_partner.partnerId,
            full_name: "New person",
            email: `invitee-${tag}@example.com`,
          })
          .select("id")
          .single(),
        "member",
      )) as { id: string }
    ).id;
    const invitee = await createTestUser({ role: null });
    try {
      expect(
        await letters("attach_partner_user", async (a) => {
          const { error } = await a.client.rpc("attach_partner_user", { member, account: invitee.id });
          return !error;
        }),
      ).toBe("NNNNNNNNN");
      const staffLink = await service.rpc("attach_partner_user", {
        member,
        account: fx.actors.staff.user!.id,
      });
      expect(staffLink.error?.message).toBe(
        "This e-mail address belongs to a team member: a team member cannot be a partner.",
      );
      await must(service.rpc("attach_partner_user", { member, account: invitee.id }), "attach");
      expect(
        await must(service.from("profiles").select("role").eq("user_id", invitee.id).single(), "role"),
      ).toEqual({ role: "partner" });
      await must(service.from("partner_members").delete().eq("id", member).select("id"), "remove contact");
      expect(
        await must(service.from("profiles").select("role").eq("user_id", invitee.id).single(), "role"),
        "removing the contact takes the portal away",
      ).toEqual({ role: null });
    } finally {
      await deleteTestUser(invitee.id);
    }
  });
});

describe("agreement documents (private partner-documents bucket)", () => {
  it("admins and the partner itself; nobody else", async () => {
    const path = `${fx.partners.partner.partnerId}/agreement-${tag}.pdf`;
    await must(
      service.storage
        .from("partner-documents")
        .upload(path, new Blob(["%PDF-1.4"], { type: "application/pdf" }), {
          contentType: "application/pdf",
        }),
      "seed",
    );
    expect(
      await letters(
        "storage partner-documents · download",
        async (a) => !(await a.client.storage.from("partner-documents").download(path)).error,
      ),
    ).toBe(ADMINS_AND_OWNER);
    expect(
      await letters("storage partner-documents · upload", async (a, i) => {
        const p = `${fx.partners.partner.partnerId}/up-${i}-${tag}.pdf`;
        await a.client.storage
          .from("partner-documents")
          .upload(p, new Blob(["%PDF-1.4"], { type: "application/pdf" }), { contentType: "application/pdf" });
        return (
          (
            (
              await service.storage
                .from("partner-documents")
                .list(fx.partners.partner.partnerId, { search: `up-${i}-` })
            ).data ?? []
          ).length === 1
        );
      }),
    ).toBe(ADMINS_ONLY);
    const files = await service.storage.from("partner-documents").list(fx.partners.partner.partnerId);
    if (files.data?.length)
      await service.storage
        .from("partner-documents")
        .remove(files.data.map((f) => `${fx.partners.partner.partnerId}/${f.name}`));
  });
});

describe("commissions", () => {
  it("the stored partner commission is core's partnerCommission", async () => {
    const cases = [
      [13200, 40],
      [93000, 35],
      [1000.01, 33.33],
      [0, 50],
    ] as const;
    for (const [commission, split] of cases) {
      const row = (await must(
        service
          .from("co_broke_deals")
          .insert({
            partner_id: fx.partners.partner.partnerId,
            title: `Split ${commission}`,
            agency_commission: commission,
            partner_split_percent: split,
          })
          .select("partner_commission")
          .single(),
        "deal",
      )) as { partner_commission: number };
      expect(Number(row.partner_commission)).toBe(partnerCommission(commission, split));
    }
  });
});
