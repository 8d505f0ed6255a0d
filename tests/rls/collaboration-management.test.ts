/**
 * Collaborations in the database, with two partner accounts beside the usual actors, judged by
 * what is stored afterwards (read with the secret key):
 *   - admins manage partners, people, agreements, shares, registrations, co-broke deals and the
 *     thread; a partner reads only its own rows — a guessed id of another's gives nothing;
 *   - the partner role is never back-office: staff-only tables stay closed to partners.
 * The portal's shared listings, registrations, linking, documents and commissions:
 * partners-portal.test.ts.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 · partner · other partner.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  ADMINS_AND_OWNER,
  ADMINS_ONLY,
  partnersFixture,
  sharedListings,
} from "./collaboration-management-fixture.ts";
import { must, type Actor } from "./support.ts";

const fx = partnersFixture("Partners RLS");
const { service, tag, letters } = fx;

const shared = sharedListings(fx);

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
            property_id: shared.listingId,
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
          .eq("property_id", shared.listingId);
        return (
          (
            (await must(
              service
                .from("partner_listing_shares")
                .select("partner_split_percent")
                .eq("partner_id", p)
                .eq("property_id", shared.listingId)
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
    const drafts = await partner.from("properties").select("id").eq("id", shared.listingId);
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
