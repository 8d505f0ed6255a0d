/**
 * The inboxes in the database, from booking to the CRM (the common setup is inbox-fixture.ts),
 * judged by what is stored afterwards (read with the secret key):
 *   - free slots and booking (a booked time is refused a second time);
 *   - appointment_notices, listing_match_queue (secret key only), property_request_matches (read
 *     with the request, written by the matching RPCs only), the matching RPCs under RLS;
 *   - convert_inbox_to_contact / _deal (CRM contract: de-duplicated on phone/e-mail, the
 *     submission and the e-mails sent on the contact's timeline; links set by the RPCs only).
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { describe, expect, it } from "vitest";
import { must } from "./support.ts";
import { inboxFixture } from "./inbox-fixture.ts";

const { service, tag, actors, letters, count, typedPhone, seedSubmission } = inboxFixture();

describe("free slots and booking", () => {
  it("a booked time leaves the free slots, and a second booking of it is refused (23P01)", async () => {
    const service_ = `slots-${tag}`;
    const host = actors.other_staff.user!.id;
    const type = (await must(
      service
        .from("booking_event_types")
        .insert({
          slug: `slots-${tag}`,
          kind: "consultation",
          service: service_,
          name: "Slots test",
          duration_minutes: 60,
          min_notice_minutes: 0,
          slot_interval_minutes: 60,
          daily_cap: 10,
          confirmation: "staff",
        })
        .select("id")
        .single(),
      "type",
    )) as { id: string };
    await must(
      service.from("booking_event_type_hosts").insert({ event_type_id: type.id, user_id: host }).select(),
      "host",
    );
    await must(
      service.rpc("set_working_hours", {
        member: host,
        windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "12:00" })),
      }),
      "hours",
    );
    const free = async () =>
      ((await actors.anon.client.rpc("available_slots", { kind: "consultation", service: service_, days: 7 }))
        .data ?? []) as Array<{ starts_at: string }>;
    const before = await free();
    expect(before.length).toBeGreaterThan(3);
    const slot = new Date(before[1]!.starts_at).toISOString();
    const fields = (email: string) => ({
      service: service_,
      preferred_date: slot.slice(0, 10),
      time_slot: slot.slice(11, 16),
      full_name: `Slot Rls${tag}`,
      email,
      phone: "+233245550142",
      consent_at: new Date().toISOString(),
    });
    const booked = await service.rpc("book_appointment", {
      kind: "consultation",
      fields: fields(`slot1.${tag}@example.com`),
    });
    try {
      expect(booked.error).toBeNull();
      expect((await free()).map((s) => new Date(s.starts_at).toISOString())).not.toContain(slot);
      const again = await service.rpc("book_appointment", {
        kind: "consultation",
        fields: fields(`slot2.${tag}@example.com`),
      });
      expect(again.error?.code).toBe("23P01");
      expect(
        await letters(
          "book_appointment (the edge's secret key only)",
          async (a) =>
            !(
              await a.client.rpc("book_appointment", {
                kind: "consultation",
                fields: fields(`x.${tag}@example.com`),
              })
            ).error,
        ),
      ).toBe("NNNNNNN");
    } finally {
      await service.from("consultations").delete().like("full_name", `%Rls${tag}`);
      await service.from("booking_event_types").delete().eq("id", type.id);
    }
  });
});

describe("queues and matches", () => {
  it("appointment notices and the listing match queue: secret key only", async () => {
    expect(
      await letters(
        "appointment_notices · select",
        async (a) => !(await a.client.from("appointment_notices").select("id").limit(1)).error,
      ),
    ).toBe("NNNNNNN");
    expect(
      await letters(
        "listing_match_queue · select",
        async (a) => !(await a.client.from("listing_match_queue").select("property_id").limit(1)).error,
      ),
    ).toBe("NNNNNNN");
  });

  it("property request matches: read with the request, never written by clients", async () => {
    const property = (await must(service.from("properties").select("id").limit(1).single(), "property")) as {
      id: string;
    };
    const request = (await must(
      service
        .from("property_requests")
        .insert({
          full_name: `Match Rls${tag}`,
          email: `match.${tag}@example.com`,
          phone: typedPhone(),
          listing_type: "buy",
          property_type: "house",
          locations: ["East Legon"],
          budget_max: 100000,
          timeline: "flexible",
          consent_at: new Date().toISOString(),
        })
        .select("id")
        .single(),
      "request",
    )) as { id: string };
    try {
      await must(
        service
          .from("property_request_matches")
          .insert({ request_id: request.id, property_id: property.id, score: 70, reasons: ["budget fits"] })
          .select(),
        "match",
      );
      expect(
        await letters(
          "property_request_matches · select",
          async (a) =>
            (await count(
              a.client.from("property_request_matches").select("request_id").eq("request_id", request.id),
            )) === 1,
        ),
      ).toBe("NNYYYNY");
      await service.from("property_request_matches").delete().eq("request_id", request.id);
      expect(
        await letters("property_request_matches · insert", async (a) => {
          await a.client
            .from("property_request_matches")
            .insert({ request_id: request.id, property_id: property.id, score: 50 });
          const made =
            (await count(
              service.from("property_request_matches").select("request_id").eq("request_id", request.id),
            )) === 1;
          await service.from("property_request_matches").delete().eq("request_id", request.id);
          return made;
        }),
      ).toBe("NNNNNNN");
    } finally {
      await service.from("property_requests").delete().eq("id", request.id);
    }
  });
});

describe("matching under RLS", () => {
  it("the matching RPCs show a request and a listing together to exactly whoever may read the request", async () => {
    // A place of its own, so this request and this listing are each other's only candidates.
    const place = `Rls Match Place ${tag}`;
    const property = (await must(
      service
        .from("properties")
        .insert({
          slug: `rls-match-${tag}`,
          title: `RLS match listing ${tag}`,
          property_type: "house",
          listing_type: "sale",
          price: 90000,
          currency: "GHS",
          city: "Accra",
          neighbourhood: place,
          bedrooms: 3,
          status: "available",
          published_at: new Date(Date.now() - 60_000).toISOString(),
        })
        .select("id")
        .single(),
      "listing",
    )) as { id: string };
    const request = (await must(
      service
        .from("property_requests")
        .insert({
          full_name: `Matched Rls${tag}`,
          email: `matched.${tag}@example.com`,
          phone: typedPhone(),
          listing_type: "buy",
          property_type: "house",
          locations: [place],
          budget_max: 100000,
          bedrooms_min: 3,
          timeline: "flexible",
          consent_at: new Date().toISOString(),
          assignee_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "request",
    )) as { id: string };
    try {
      const readable = await letters(
        "property_requests · select (the matched request)",
        async (a) =>
          (await count(a.client.from("property_requests").select("id").eq("id", request.id))) === 1,
      );
      const byListing = await letters("rpc match_requests_for_property", async (a) => {
        const { data } = await a.client.rpc("match_requests_for_property", { property_id: property.id });
        return ((data ?? []) as { request_id: string }[]).some((r) => r.request_id === request.id);
      });
      const byRequest = await letters("rpc match_properties_for_request", async (a) => {
        const { data } = await a.client.rpc("match_properties_for_request", { request_id: request.id });
        return ((data ?? []) as { property_id: string; reasons: string[] }[]).some(
          (r) => r.property_id === property.id && r.reasons.includes("budget fits"),
        );
      });
      expect(readable).toMatch(/^NNY/);
      expect(byListing).toBe(readable);
      expect(byRequest).toBe(readable);
    } finally {
      await service.from("property_requests").delete().eq("id", request.id);
      await service.from("properties").delete().eq("id", property.id);
    }
  });
});

describe("conversion into the CRM", () => {
  it("staff convert a submission into a contact once: the next with the same phone is linked, not duplicated", async () => {
    const phone = typedPhone();
    const first = await seedSubmission("Convert", { phone });
    expect(
      await letters("convert_inbox_to_contact", async (a, i) => {
        const id = await seedSubmission(`Conv${i}`);
        const { data } = await a.client.rpc("convert_inbox_to_contact", {
          inbox: "contact_submissions",
          record_id: id,
        });
        const linked = (await must(
          service.from("contact_submissions").select("contact_id").eq("id", id).single(),
          "read",
        )) as { contact_id: string | null };
        return !!data && linked.contact_id !== null;
      }),
    ).toBe("NNYYYNY");
    const made = await actors.staff.client.rpc("convert_inbox_to_contact", {
      inbox: "contact_submissions",
      record_id: first,
    });
    expect(made.error).toBeNull();
    expect(made.data).toMatchObject({ created: true, visible: true });
    const second = await seedSubmission("Again", { phone });
    const again = await actors.other_staff.client.rpc("convert_inbox_to_contact", {
      inbox: "contact_submissions",
      record_id: second,
    });
    expect(again.error).toBeNull();
    expect(
      again.data,
      "linked to the contact with that phone, which the colleague may not open (own mode)",
    ).toMatchObject({
      contact_id: (made.data as { contact_id: string }).contact_id,
      created: false,
      visible: false,
    });
    const timeline =
      (
        await service
          .from("contact_activities")
          .select("kind, direction, record_id")
          .eq("contact_id", (made.data as { contact_id: string }).contact_id)
      ).data ?? [];
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "form_submission", direction: "inbound", record_id: first }),
        expect.objectContaining({ kind: "form_submission", record_id: second }),
      ]),
    );
  });

  it("a reply sent after conversion lands on the contact's timeline; clients cannot link records themselves", async () => {
    const id = await seedSubmission("Timeline");
    const conv = await actors.staff.client.rpc("convert_inbox_to_contact", {
      inbox: "contact_submissions",
      record_id: id,
    });
    const contactId = (conv.data as { contact_id: string }).contact_id;
    await must(
      actors.staff.client.rpc("send_inbox_reply", {
        inbox: "contact_submissions",
        record_id: id,
        subject: `Timeline ${tag}`,
        body: "We will call you.",
      }),
      "reply",
    );
    const rows =
      (
        await service
          .from("contact_activities")
          .select("kind, direction, summary")
          .eq("contact_id", contactId)
          .eq("kind", "email")
      ).data ?? [];
    expect(rows).toEqual([
      expect.objectContaining({ direction: "outbound", summary: `E-mail sent: Timeline ${tag}` }),
    ]);
    const other = await seedSubmission("Forge");
    const forged = await actors.admin_mfa_aal2.client
      .from("contact_submissions")
      .update({ contact_id: contactId })
      .eq("id", other);
    expect(forged.error?.code).toBe("42501");
  });

  it("a deal is opened once per record, owned by the caller, on the contact", async () => {
    const id = await seedSubmission("Deal");
    const a = await actors.staff.client.rpc("convert_inbox_to_deal", {
      inbox: "contact_submissions",
      record_id: id,
    });
    expect(a.error).toBeNull();
    const b = await actors.staff.client.rpc("convert_inbox_to_deal", {
      inbox: "contact_submissions",
      record_id: id,
    });
    expect(b.data).toMatchObject({ deal_id: (a.data as { deal_id: string }).deal_id, created: false });
    const deal = (await must(
      service
        .from("deals")
        .select("owner_id, contact_id, status")
        .eq("id", (a.data as { deal_id: string }).deal_id)
        .single(),
      "deal",
    )) as { owner_id: string; contact_id: string; status: string };
    expect(deal).toMatchObject({
      owner_id: actors.staff.user!.id,
      contact_id: (a.data as { contact_id: string }).contact_id,
      status: "open",
    });
    const anon = await actors.anon.client.rpc("convert_inbox_to_deal", {
      inbox: "contact_submissions",
      record_id: id,
    });
    expect(anon.error).not.toBeNull();
  });
});
