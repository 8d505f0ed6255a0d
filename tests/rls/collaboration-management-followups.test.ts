/**
 * Collaborations, second round (migration 20261128400000_collaboration_followups.sql), judged by
 * what is stored afterwards (read with the secret key):
 *   - a registered client is accepted or declined by admins only; a decline needs a reason, the
 *     database stamps who decided and when, and the registering partner (only) reads the answer;
 *   - co-broke deals: admins create and edit them, the partner reads its own and cannot change them;
 *   - agreements carry a status the partner reads;
 *   - the agency's message reaches the partner's people by e-mail (partners have no bell);
 *   - a partner with a verified authenticator sees nothing at aal1, and its own rows at aal2.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 · partner · other partner.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestUser, deleteTestUser, signedInClient } from "#tests/support/supabase.ts";
import { ADMINS_AND_OWNER, ADMINS_ONLY, partnersFixture } from "./collaboration-management-fixture.ts";
import { freshTotpCode } from "../support/totp.ts";
import { enrolVerifiedTotp, must } from "./support.ts";

const fx = partnersFixture("Partner follow-ups RLS");
const { service, tag, letters } = fx;
let listingId = "";

async function registration(name: string, phone: string): Promise<string> {
  const { data, error } = await fx.partners.partner.client.rpc("register_partner_buyer", {
    listing: listingId,
    buyer_name: name,
    buyer_phone: phone,
  });
  if (error) throw new Error(`registration: ${error.message}`);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  listingId = await fx.listing("followups", { title: `Partner follow-ups ${tag}`, price: 950000 });
  await must(
    service
      .from("partner_listing_shares")
      .insert({
        partner_id: fx.partners.partner.partnerId,
        property_id: listingId,
        partner_split_percent: 40,
      })
      .select("id"),
    "share",
  );
});

describe("decisions on registered clients", () => {
  it("only admins accept or decline, a decline needs a reason, and the database stamps the decision", async () => {
    expect(
      await letters("partner_buyer_registrations · decline with reason", async (a, i) => {
        const id = await registration(`Client ${i} ${tag}`, `+2332445${String(i).padStart(5, "0")}`);
        await a.client
          .from("partner_buyer_registrations")
          .update({ status: "declined", decline_reason: "Already our client" })
          .eq("id", id);
        const row = (await must(
          service
            .from("partner_buyer_registrations")
            .select("status, decline_reason, decided_at, decided_by")
            .eq("id", id)
            .single(),
          "read",
        )) as {
          status: string;
          decided_at: string | null;
          decided_by: string | null;
        };
        if (row.status === "declined") {
          expect(row.decided_at, "stamped").not.toBeNull();
          expect(row.decided_by).toBe(a.user!.id);
        }
        return row.status === "declined";
      }),
    ).toBe(ADMINS_ONLY);

    const id = await registration(`No reason ${tag}`, "+233244599001");
    const bare = await fx.actors.admin.client
      .from("partner_buyer_registrations")
      .update({ status: "declined" })
      .eq("id", id)
      .select("id");
    expect(bare.error?.message, "a decline without a reason is refused").toMatch(/decline_reason/);
    const forged = await fx.actors.admin.client
      .from("partner_buyer_registrations")
      .update({ status: "accepted", decided_at: "2020-01-01T00:00:00Z" })
      .eq("id", id)
      .select("id");
    expect(forged.error, "decided_at is the database's to write").not.toBeNull();
    await must(
      fx.actors.admin.client
        .from("partner_buyer_registrations")
        .update({ status: "accepted" })
        .eq("id", id)
        .select("id"),
      "accept",
    );
    const accepted = (await must(
      service.from("partner_buyer_registrations").select("status, decided_at").eq("id", id).single(),
      "accepted",
    )) as { status: string; decided_at: string | null };
    expect(accepted.status).toBe("accepted");
    expect(accepted.decided_at).not.toBeNull();
  });

  it("the registering partner reads the answer and the reason; nobody else outside the admins", async () => {
    const id = await registration(`Outcome ${tag}`, "+233244599002");
    await must(
      fx.actors.admin.client
        .from("partner_buyer_registrations")
        .update({ status: "declined", decline_reason: `Buyer already introduced by us ${tag}` })
        .eq("id", id)
        .select("id"),
      "decline",
    );
    expect(
      await letters("partner_buyer_registrations · read the decline reason", async (a) => {
        const { data } = await a.client
          .from("partner_buyer_registrations")
          .select("decline_reason")
          .eq("id", id);
        return (data ?? []).some(
          (r) =>
            (r as { decline_reason: string | null }).decline_reason ===
            `Buyer already introduced by us ${tag}`,
        );
      }),
    ).toBe(ADMINS_AND_OWNER);
  });
});

describe("co-broke deals and agreements", () => {
  it("admins create and edit co-broke deals; the partner reads its own, read-only", async () => {
    expect(
      await letters("co_broke_deals · create", async (a, i) => {
        const title = `Co-broke ${i} ${tag}`;
        await a.client.from("co_broke_deals").insert({
          partner_id: fx.partners.partner.partnerId,
          property_id: listingId,
          title,
          partner_split_percent: 40,
        });
        return (
          ((await service.from("co_broke_deals").select("id").eq("title", title)).data ?? []).length === 1
        );
      }),
    ).toBe(ADMINS_ONLY);
    const deal = (await must(
      service
        .from("co_broke_deals")
        .insert({
          partner_id: fx.partners.partner.partnerId,
          property_id: listingId,
          title: `Edit me ${tag}`,
          partner_split_percent: 40,
          agency_commission: 30000,
        })
        .select("id")
        .single(),
      "deal",
    )) as { id: string };
    expect(
      await letters("co_broke_deals · edit the split", async (a, i) => {
        const split = 10 + i;
        await a.client.from("co_broke_deals").update({ partner_split_percent: split }).eq("id", deal.id);
        const row = (await must(
          service.from("co_broke_deals").select("partner_split_percent").eq("id", deal.id).single(),
          "read",
        )) as { partner_split_percent: number };
        return Number(row.partner_split_percent) === split;
      }),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters(
        "co_broke_deals · read",
        async (a) =>
          ((await a.client.from("co_broke_deals").select("id").eq("id", deal.id)).data ?? []).length === 1,
      ),
    ).toBe(ADMINS_AND_OWNER);
  });

  it("an agreement's status is the admins' to set and the partner's to read", async () => {
    const a = (await must(
      service
        .from("partner_agreements")
        .insert({
          partner_id: fx.partners.partner.partnerId,
          title: `Agreement ${tag}`,
          starts_on: "2026-01-01",
          status: "draft",
        })
        .select("id, status")
        .single(),
      "agreement",
    )) as { id: string; status: string };
    expect(a.status).toBe("draft");
    expect(
      await letters("partner_agreements · set status", async (actor, i) => {
        const status = (["active", "ended", "terminated"] as const)[i % 3]!;
        await must(
          service.from("partner_agreements").update({ status: "draft" }).eq("id", a.id).select("id"),
          "reset",
        );
        await actor.client.from("partner_agreements").update({ status }).eq("id", a.id);
        return (
          (
            (await service.from("partner_agreements").select("status").eq("id", a.id).single()).data as {
              status: string;
            }
          ).status === status
        );
      }),
    ).toBe(ADMINS_ONLY);
    const bad = await fx.actors.admin.client
      .from("partner_agreements")
      .update({ status: "maybe" })
      .eq("id", a.id)
      .select("id");
    expect(bad.error?.code).toBe("23514");
    await must(
      service.from("partner_agreements").update({ status: "ended" }).eq("id", a.id).select("id"),
      "end",
    );
    const seen = await fx.partners.partner.client.from("partner_agreements").select("status").eq("id", a.id);
    expect(seen.data).toEqual([{ status: "ended" }]);
    expect(
      (await fx.partners.other_partner.client.from("partner_agreements").select("status").eq("id", a.id))
        .data,
    ).toEqual([]);
  });
});

describe("the agency's messages reach the partner", () => {
  it("queues an e-mail to each person at the partner with a portal account, not to others", async () => {
    const body = `Please call us about the Cantonments house ${tag}`;
    await must(
      fx.actors.admin.client
        .from("partner_messages")
        .insert({
          partner_id: fx.partners.partner.partnerId,
          from_partner: false,
          body,
          author_id: fx.actors.admin.user!.id,
        })
        .select("id"),
      "message",
    );
    const email = fx.partners.partner.user!.email;
    const queued = await service
      .from("outgoing_emails")
      .select("to_address, subject, text_body")
      .eq("to_address", email);
    expect(queued.data).toEqual([expect.objectContaining({ subject: "New message in your partner portal" })]);
    expect(
      (queued.data![0] as { text_body: string }).text_body,
      "the message itself stays in the portal",
    ).not.toContain(body);
    const other = await service
      .from("outgoing_emails")
      .select("id")
      .eq("to_address", fx.partners.other_partner.user!.email);
    expect(other.data).toEqual([]);
  });
});

describe("a partner with a verified authenticator", () => {
  it("sees nothing at aal1 and its own rows at aal2", async () => {
    const user = await createTestUser({ role: "partner" });
    try {
      await must(
        service
          .from("partner_members")
          .insert({
            partner_id: fx.partners.partner.partnerId,
            full_name: "Two-factor partner",
            email: user.email,
            user_id: user.id,
          })
          .select("id"),
        "member",
      );
      const aal2 = await signedInClient(user.email, user.password);
      const { secret } = await enrolVerifiedTotp(aal2);
      const aal1 = await signedInClient(user.email, user.password);
      expect((await aal1.from("partners").select("id")).data, "aal1: the partner row is hidden").toEqual([]);
      expect((await aal1.rpc("partner_shared_listings", {})).data, "aal1: no shared listings").toEqual([]);
      const refused = await aal1.rpc("register_partner_buyer", {
        listing: listingId,
        buyer_name: "Aal one",
        buyer_phone: "+233244599003",
      });
      expect(refused.error?.code, "aal1: cannot register").toBe("42501");
      expect((await aal2.from("partners").select("id")).data).toEqual([
        { id: fx.partners.partner.partnerId },
      ]);
      expect(((await aal2.rpc("partner_shared_listings", {})).data as unknown[]).length).toBe(1);
      // The aal1 session passes the challenge and sees the same.
      const factors = await aal1.auth.mfa.listFactors();
      const factor = factors.data!.totp[0]!;
      // A code is accepted once per step: the enrolment's step is spent, so the next one.
      const verified = await aal1.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: await freshTotpCode(secret),
      });
      expect(verified.error).toBeNull();
      expect((await aal1.from("partners").select("id")).data).toEqual([
        { id: fx.partners.partner.partnerId },
      ]);
    } finally {
      await deleteTestUser(user.id);
    }
  }, 90_000);
});
