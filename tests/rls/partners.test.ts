/**
 * Collaborations in the database (migration 20261125600300_partners.sql), with two partner
 * accounts beside the usual actors, judged by what is stored afterwards (read with the secret
 * key):
 *   - admins manage partners, people, agreements, shares, registrations, co-broke deals and the
 *     thread; a partner reads only its own rows — a guessed id of another's gives nothing;
 *   - the partner role is never back-office: staff-only tables stay closed to partners;
 *   - buyer registration: first wins per listing (phone or e-mail, however the phone is typed);
 *     a second is refused naming who registered first and when, not their client's details;
 *   - an invited account is linked by the secret key only, never to a team member;
 *   - agreement documents (private partner-documents bucket): admins and the partner itself.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 · partner · other partner.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { partnerCommission } from "#core/partners/commission.ts";
import { createTestUser, deleteTestUser } from "#tests/support/supabase.ts";
import { ADMINS_AND_OWNER, ADMINS_ONLY, partnersFixture } from "./partners-fixture.ts";
import { must, type Actor } from "./support.ts";

const fx = partnersFixture("Partners RLS");
const { service, tag, letters } = fx;

let listingId = "";
let otherListingId = "";

beforeAll(async () => {
  listingId = await fx.listing("shared");
  otherListingId = await fx.listing("other");
  await must(
    service
      .from("partner_listing_shares")
      .insert([
        { partner_id: fx.partners.partner.partnerId, property_id: listingId, partner_split_percent: 40 },
        {
          partner_id: fx.partners.other_partner.partnerId,
          property_id: listingId,
          partner_split_percent: 30,
        },
        {
          partner_id: fx.partners.other_partner.partnerId,
          property_id: otherListingId,
          partner_split_percent: 30,
        },
      ])
      .select("id"),
    "shares",
  );
});

const seen = async (a: Actor, table: string, column: string, value: string) =>
  ((await a.client.from(table).select("id").eq(column, value)).data ?? []).length > 0;

describe("partners read their own rows only", () => {
  let agreementId = "";
  let dealId = "";
  let messageId = "";
  beforeAll(async () => {
    const p = fx.partners.partner.partnerId;
    agreementId = (
      (await must(
        service
          .from("partner_agreements")
          .insert({ partner_id: p, title: "Agreement", starts_on: "2026-01-01", split_percent: 40 })
          .select("id")
          .single(),
        "agreement",
      )) as { id: string }
    ).id;
    dealId = (
      (await must(
        service
          .from("co_broke_deals")
          .insert({
            partner_id: p,
            property_id: listingId,
            title: "Deal",
            agreed_price: 880000,
            agency_commission: 26400,
            partner_split_percent: 40,
          })
          .select("id")
          .single(),
        "deal",
      )) as { id: string }
    ).id;
    messageId = (
      (await must(
        service
          .from("partner_messages")
          .insert({ partner_id: p, from_partner: false, body: "Welcome" })
          .select("id")
          .single(),
        "message",
      )) as { id: string }
    ).id;
  });

  it("partners, people, agreements, shares, deals and the thread", async () => {
    const p = fx.partners.partner.partnerId;
    expect(await letters("partners · select", (a) => seen(a, "partners", "id", p))).toBe(ADMINS_AND_OWNER);
    expect(
      await letters("partner_members · select", (a) => seen(a, "partner_members", "partner_id", p)),
    ).toBe(ADMINS_AND_OWNER);
    expect(
      await letters("partner_agreements · select", (a) => seen(a, "partner_agreements", "id", agreementId)),
    ).toBe(ADMINS_AND_OWNER);
    expect(
      await letters(
        "partner_listing_shares · select",
        async (a) =>
          ((await a.client.from("partner_listing_shares").select("id").eq("partner_id", p)).data ?? [])
            .length === 1,
      ),
    ).toBe(ADMINS_AND_OWNER);
    expect(
      await letters("co_broke_deals · select (guessed id)", (a) => seen(a, "co_broke_deals", "id", dealId)),
    ).toBe(ADMINS_AND_OWNER);
    expect(
      await letters("partner_messages · select", (a) => seen(a, "partner_messages", "id", messageId)),
    ).toBe(ADMINS_AND_OWNER);
  });

  it("only admins write them", async () => {
    const p = fx.partners.partner.partnerId;
    expect(
      await letters("partners · update", async (a, i) => {
        const city = `City ${i}`;
        await a.client.from("partners").update({ city }).eq("id", p);
        return (
          (
            (await must(service.from("partners").select("city").eq("id", p).single(), "read")) as {
              city: string | null;
            }
          ).city === city
        );
      }),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("partners · insert", async (a, i) => {
        await a.client.from("partners").insert({
          name: `New partner ${i} ${tag}`,
          reac_licence_number: `REAC/NEW/${tag.toUpperCase()}/${i}`,
        });
        return (
          ((await service.from("partners").select("id").eq("name", `New partner ${i} ${tag}`)).data ?? [])
            .length === 1
        );
      }),
    ).toBe(ADMINS_ONLY);
    await service.from("partners").delete().like("name", `New partner % ${tag}`);
    expect(
      await letters("partner_listing_shares · update split", async (a, i) => {
        const split = 20 + i;
        await a.client
          .from("partner_listing_shares")
          .update({ partner_split_percent: split })
          .eq("partner_id", p)
          .eq("property_id", listingId);
        return (
          (
            (await must(
              service
                .from("partner_listing_shares")
                .select("partner_split_percent")
                .eq("partner_id", p)
                .eq("property_id", listingId)
                .single(),
              "read",
            )) as { partner_split_percent: number }
          ).partner_split_percent === split
        );
      }),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("co_broke_deals · update stage", async (a, i) => {
        const stage = i % 2 === 0 ? "agreed" : "offer";
        await service
          .from("co_broke_deals")
          .update({ stage: stage === "agreed" ? "offer" : "agreed" })
          .eq("id", dealId);
        await a.client.from("co_broke_deals").update({ stage }).eq("id", dealId);
        return (
          (
            (await must(
              service.from("co_broke_deals").select("stage").eq("id", dealId).single(),
              "read",
            )) as { stage: string }
          ).stage === stage
        );
      }),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("partner_members · link an account by hand", async (a) => {
        const member = (
          (await must(
            service
              .from("partner_members")
              .insert({
                partner_id: p,
                full_name: "Link probe",
                email: `probe-${crypto.randomUUID().slice(0, 6)}@example.com`,
              })
              .select("id")
              .single(),
            "member",
          )) as { id: string }
        ).id;
        await a.client
          .from("partner_members")
          .update({ user_id: a.user?.id ?? null })
          .eq("id", member);
        const linked =
          (
            (await must(
              service.from("partner_members").select("user_id").eq("id", member).single(),
              "read",
            )) as { user_id: string | null }
          ).user_id !== null;
        await service.from("partner_members").delete().eq("id", member);
        return linked;
      }),
    ).toBe("NNNNNNNNN");
  });

  it("the thread: each side writes as itself; the partner only into its own thread", async () => {
    const p = fx.partners.partner.partnerId;
    expect(
      await letters("partner_messages · insert (partner side)", async (a, i) => {
        const body = `From partner ${i} ${tag}`;
        await a.client
          .from("partner_messages")
          .insert({ partner_id: p, from_partner: true, body, author_id: a.user?.id ?? null });
        return (
          ((await service.from("partner_messages").select("id").eq("body", body)).data ?? []).length === 1
        );
      }),
    ).toBe("NNNNNNNYN");
    expect(
      await letters("partner_messages · insert (agency side)", async (a, i) => {
        const body = `From agency ${i} ${tag}`;
        await a.client
          .from("partner_messages")
          .insert({ partner_id: p, from_partner: false, body, author_id: a.user?.id ?? null });
        return (
          ((await service.from("partner_messages").select("id").eq("body", body)).data ?? []).length === 1
        );
      }),
    ).toBe(ADMINS_ONLY);
    const notified = await service
      .from("notifications")
      .select("id")
      .eq("record_table", "partner_messages")
      .eq("user_id", fx.actors.admin.user!.id);
    expect((notified.data ?? []).length, "the partner's message reached the admins' bells").toBeGreaterThan(
      0,
    );
    const { data } = await fx.partners.partner.client.rpc("mark_partner_thread_read", {});
    expect(Number(data)).toBeGreaterThan(0);
    const other = await fx.partners.other_partner.client.rpc("mark_partner_thread_read", { partner: p });
    expect(Number(other.data ?? 0), "another partner's thread is not theirs to mark").toBe(0);
  });
});

describe("the partner role is not a back-office role", () => {
  it("staff-only tables and functions stay closed to a partner", async () => {
    const partner = fx.partners.partner.client;
    for (const table of [
      "property_hunts",
      "contact_submissions",
      "property_requests",
      "module_access",
      "audit_log",
      "title_files",
      "property_owner_contacts",
    ]) {
      const { data } = await partner.from(table).select("*").limit(1);
      expect(data ?? [], table).toEqual([]);
    }
    const drafts = await partner.from("properties").select("id").eq("id", listingId);
    expect(drafts.data, "a shared draft listing is not readable as a row").toEqual([]);
    const others = await partner
      .from("profiles")
      .select("user_id")
      .neq("user_id", fx.partners.partner.user!.id)
      .limit(1);
    expect(others.data, "no colleague profiles").toEqual([]);
    const notify = await partner.from("notifications").insert({
      user_id: fx.actors.admin.user!.id,
      kind: "partner_spam",
      title: "Hi",
      actor_id: fx.partners.partner.user!.id,
    });
    expect(notify.error, "a partner cannot write into the team's bells").not.toBeNull();
  });

  it("a suspended partner sees nothing", async () => {
    await must(
      service
        .from("partners")
        .update({ status: "suspended" })
        .eq("id", fx.partners.partner.partnerId)
        .select("id"),
      "suspend",
    );
    try {
      const { data } = await fx.partners.partner.client.rpc("partner_shared_listings", {});
      expect(data).toEqual([]);
      expect((await fx.partners.partner.client.from("partners").select("id")).data).toEqual([]);
    } finally {
      await must(
        service
          .from("partners")
          .update({ status: "active" })
          .eq("id", fx.partners.partner.partnerId)
          .select("id"),
        "reactivate",
      );
    }
  });
});

describe("shared listings in the portal", () => {
  it("each partner sees its shared listings with its own split; a guessed id gives nothing", async () => {
    const split = (
      (await must(
        service
          .from("partner_listing_shares")
          .select("partner_split_percent")
          .eq("partner_id", fx.partners.partner.partnerId)
          .eq("property_id", listingId)
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
    ).toEqual([[listingId, split, "Partner RLS shared"]]);
    const guessed = await fx.partners.partner.client.rpc("partner_shared_listings", {
      listing: otherListingId,
    });
    expect(guessed.data, "another partner's listing").toEqual([]);
    expect(
      await letters(
        "partner_shared_listings (own share)",
        async (a) =>
          ((await a.client.rpc("partner_shared_listings", { listing: listingId })).data ?? []).length === 1,
      ),
    ).toBe("NNNNNNNYY");
  });
});

describe("registering a buyer: first wins", () => {
  it("refuses a second registration of the same buyer, naming who was first and when — not their client", async () => {
    const first = await fx.partners.partner.client.rpc("register_partner_buyer", {
      listing: listingId,
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
      listing: listingId,
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
      listing: listingId,
      buyer_name: "Efua",
      buyer_email: "EFUA.MENSAH@example.com",
    });
    expect(byEmail.error?.message, "the same e-mail in capitals is the same buyer").toMatch(
      /^This buyer was already registered/,
    );
    const again = await fx.partners.partner.client.rpc("register_partner_buyer", {
      listing: listingId,
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
      .eq("property_id", listingId);
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
      listing: otherListingId,
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
      listing: listingId,
      buyer_name: "Kojo",
      buyer_phone: "0201234567",
    });
    expect(staff.error?.message).toBe("Only a partner's account can register buyers.");
    const direct = await fx.partners.partner.client.from("partner_buyer_registrations").insert({
      partner_id: fx.partners.partner.partnerId,
      property_id: listingId,
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
