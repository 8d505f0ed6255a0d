/**
 * The inboxes' and scheduling's own tables in the database (migrations 20261125300000–300300),
 * judged by what is stored afterwards (read with the secret key):
 *   - inbox_notes, inbox_reply_templates, inbox_replies (written by send_inbox_reply only);
 *   - staff_working_hours, staff_time_off (own for staff, anyone's for admins), booking_event_types
 *     and booking_event_type_hosts (admins), public_holidays (everyone reads, admins write);
 *   - appointment_notices, listing_match_queue (secret key only), property_request_matches (read
 *     with the request, written by the matching RPCs only);
 *   - convert_inbox_to_contact / _deal (CRM contract: de-duplicated on phone/e-mail, the
 *     submission and the e-mails sent on the contact's timeline; links set by the RPCs only).
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteTestUser, serviceClient } from "#tests/support/supabase.ts";
import {
  createActors,
  matrixProbe,
  must,
  renderMatrix,
  type Actor,
  type ActorName,
  type MatrixRow,
} from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let actors: Record<ActorName, Actor>;
const printed: MatrixRow[] = [];
const letters = matrixProbe(() => actors, printed);
const count = async (q: PromiseLike<{ data: unknown[] | null }>) => ((await q).data ?? []).length;

let phoneSeq = Math.floor(Math.random() * 9_000_000);
const typedPhone = () => {
  phoneSeq = (phoneSeq + 7919) % 10_000_000;
  const n = String(phoneSeq).padStart(7, "0");
  return `024 ${n.slice(0, 3)} ${n.slice(3)}`;
};

async function seedSubmission(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = (await must(
    service
      .from("contact_submissions")
      .insert({
        full_name: `${name} Rls${tag}`,
        email: `${name.toLowerCase()}.${tag}@example.com`,
        phone: typedPhone(),
        message: `Hello from ${name}`,
        consent_at: new Date().toISOString(),
        ...extra,
      })
      .select("id")
      .single(),
    `seed ${name}`,
  )) as { id: string };
  return row.id;
}

beforeAll(async () => {
  actors = await createActors();
}, 60_000);

afterAll(async () => {
  await service.from("contact_submissions").delete().like("full_name", `%Rls${tag}`);
  const { data } = await service.from("contacts").select("id").like("last_name", `%Rls${tag}%`);
  const ids = (data ?? []).map((r: { id: string }) => r.id);
  if (ids.length) {
    await service.from("deals").delete().in("contact_id", ids);
    await service.from("contacts").delete().in("id", ids);
  }
  await service.from("booking_event_types").delete().like("slug", `%-${tag}%`);
  await service.from("public_holidays").delete().like("name", `%${tag}%`);
  await service.from("inbox_reply_templates").delete().like("name", `%${tag}%`);
  for (const a of Object.values(actors ?? {}))
    if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id);
  if (printed.length)
    console.log(`\nInboxes and scheduling RLS (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
});

describe("working an inbox record", () => {
  it("staff change status and assignee within the workflow; a move the workflow refuses is refused with its reason", async () => {
    expect(
      await letters("contact_submissions · update status and assignee", async (a, i) => {
        const id = await seedSubmission(`Work${i}`);
        await a.client
          .from("contact_submissions")
          .update({ status: "in_progress", assignee_id: actors.staff.user!.id })
          .eq("id", id);
        const row = (await must(
          service.from("contact_submissions").select("status, assignee_id").eq("id", id).single(),
          "read",
        )) as { status: string; assignee_id: string | null };
        return row.status === "in_progress" && row.assignee_id === actors.staff.user!.id;
      }),
    ).toBe("NNYYYNY");
    const id = await seedSubmission("Workflow", { status: "spam" });
    const refused = await actors.staff.client
      .from("contact_submissions")
      .update({ status: "done" })
      .eq("id", id);
    expect(refused.error?.message).toMatch(/cannot|can move to/);
  });
});

describe("status counts", () => {
  it("counts one assignee's records per status, as admins and staff see them", async () => {
    const assignee = actors.other_staff.user!.id;
    await seedSubmission("CountA", { assignee_id: assignee, status: "in_progress" });
    await seedSubmission("CountB", { assignee_id: assignee, status: "in_progress" });
    await seedSubmission("CountC", { assignee_id: assignee, status: "spam" });
    const stored = (await must(
      service.from("contact_submissions").select("status").eq("assignee_id", assignee),
      "stored",
    )) as { status: string }[];
    const expected: Record<string, number> = {};
    for (const { status } of stored) expected[status] = (expected[status] ?? 0) + 1;
    expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(3);
    for (const who of ["admin", "staff"] as const) {
      const rows = (await must(
        actors[who].client.rpc("inbox_status_counts", { inbox: "contact_submissions", assignee }),
        `counts as ${who}`,
      )) as { status: string; records: number }[];
      expect(Object.fromEntries(rows.map((r) => [r.status, Number(r.records)])), who).toEqual(expected);
    }
    const unknown = await actors.admin.client.rpc("inbox_status_counts", { inbox: "profiles" });
    expect(unknown.error?.message).toBe('Unknown inbox "profiles"');
  });
});

describe("inbox notes, templates and replies", () => {
  let recordId = "";
  beforeAll(async () => {
    recordId = await seedSubmission("Notes");
  });

  it("notes: staff who may see the record read and add as themselves; authors edit; authors and admins delete", async () => {
    const seeded = (await must(
      service
        .from("inbox_notes")
        .insert({
          record_table: "contact_submissions",
          record_id: recordId,
          author_id: actors.staff.user!.id,
          body: "Seed note",
        })
        .select("id")
        .single(),
      "note",
    )) as { id: string };
    expect(
      await letters(
        "inbox_notes · select",
        async (a) => (await count(a.client.from("inbox_notes").select("id").eq("id", seeded.id))) === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("inbox_notes · insert as themselves", async (a, i) => {
        const body = `Note ${i} ${tag}`;
        await a.client.from("inbox_notes").insert({
          record_table: "contact_submissions",
          record_id: recordId,
          author_id: a.user?.id ?? null,
          body,
        });
        return (await count(service.from("inbox_notes").select("id").eq("body", body))) === 1;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("inbox_notes · insert as a colleague", async (a, i) => {
        const body = `Forged ${i} ${tag}`;
        await a.client.from("inbox_notes").insert({
          record_table: "contact_submissions",
          record_id: recordId,
          author_id: actors.other_staff.user!.id,
          body,
        });
        return (await count(service.from("inbox_notes").select("id").eq("body", body))) === 1;
      }),
    ).toBe("NNNYNNN");
    expect(
      await letters("inbox_notes · update (author: staff)", async (a, i) => {
        const body = `Edited ${i} ${tag}`;
        await a.client.from("inbox_notes").update({ body }).eq("id", seeded.id);
        return (await count(service.from("inbox_notes").select("id").eq("body", body))) === 1;
      }),
    ).toBe("NNYNNNN");
    expect(
      await letters("inbox_notes · delete (author: staff)", async (a) => {
        const n = (await must(
          service
            .from("inbox_notes")
            .insert({
              record_table: "contact_submissions",
              record_id: recordId,
              author_id: actors.staff.user!.id,
              body: "To delete",
            })
            .select("id")
            .single(),
          "note",
        )) as { id: string };
        await a.client.from("inbox_notes").delete().eq("id", n.id);
        return (await count(service.from("inbox_notes").select("id").eq("id", n.id))) === 0;
      }),
    ).toBe("NNYNYNY");
  });

  it("reply templates: staff read, admins write", async () => {
    const t = (await must(
      service
        .from("inbox_reply_templates")
        .insert({
          name: `Seed ${tag}`,
          channel: "email",
          subject: "Hello {{first_name}}",
          body: "Thanks, {{first_name}}.",
        })
        .select("id")
        .single(),
      "template",
    )) as { id: string };
    expect(
      await letters(
        "inbox_reply_templates · select",
        async (a) => (await count(a.client.from("inbox_reply_templates").select("id").eq("id", t.id))) === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("inbox_reply_templates · insert", async (a, i) => {
        const name = `Template ${i} ${tag}`;
        await a.client
          .from("inbox_reply_templates")
          .insert({ name, channel: "email", subject: "Hi", body: "Hello" });
        return (await count(service.from("inbox_reply_templates").select("id").eq("name", name))) === 1;
      }),
    ).toBe("NNNNYNY");
  });

  it("replies: only send_inbox_reply writes them, to the record's own address; staff who may see the record read them", async () => {
    expect(
      await letters("inbox_replies · insert directly", async (a, i) => {
        const subject = `Direct ${i} ${tag}`;
        await a.client.from("inbox_replies").insert({
          record_table: "contact_submissions",
          record_id: recordId,
          to_address: "x@example.com",
          subject,
          body: "x",
        });
        return (await count(service.from("inbox_replies").select("id").eq("subject", subject))) === 1;
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("send_inbox_reply", async (a, i) => {
        const subject = `Reply ${i} ${tag}`;
        await a.client.rpc("send_inbox_reply", {
          inbox: "contact_submissions",
          record_id: recordId,
          subject,
          body: "Thank you for writing.",
        });
        return (
          (await count(
            service
              .from("inbox_replies")
              .select("id")
              .eq("subject", subject)
              .eq("to_address", `notes.${tag}@example.com`),
          )) === 1
        );
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters(
        "inbox_replies · select",
        async (a) =>
          (await count(a.client.from("inbox_replies").select("id").eq("record_id", recordId))) >= 1,
      ),
    ).toBe("NNYYYNY");
  });
});

describe("availability", () => {
  it("working hours: staff read all, set their own; admins set anyone's", async () => {
    expect(
      await letters("staff_working_hours · insert own", async (a, i) => {
        if (!a.user) return false;
        await a.client
          .from("staff_working_hours")
          .insert({ user_id: a.user.id, weekday: (i % 5) + 1, start_time: "09:00", end_time: "12:00" });
        return (await count(service.from("staff_working_hours").select("id").eq("user_id", a.user.id))) >= 1;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("staff_working_hours · set_working_hours for staff", async (a, i) => {
        await a.client.rpc("set_working_hours", {
          member: actors.staff.user!.id,
          windows: [{ weekday: 6, start: `0${i}:00`, end: "13:00" }],
        });
        return (
          (await count(
            service
              .from("staff_working_hours")
              .select("id")
              .eq("user_id", actors.staff.user!.id)
              .eq("start_time", `0${i}:00:00`),
          )) === 1
        );
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "staff_working_hours · select",
        async (a) =>
          (await count(
            a.client.from("staff_working_hours").select("id").eq("user_id", actors.staff.user!.id),
          )) >= 1,
      ),
    ).toBe("NNYYYNY");
  });

  it("time off: staff record their own, admins anyone's", async () => {
    expect(
      await letters("staff_time_off · insert for staff", async (a, i) => {
        const starts = new Date(Date.UTC(2027, 2, 1 + i, 8)).toISOString();
        await a.client.from("staff_time_off").insert({
          user_id: actors.staff.user!.id,
          starts_at: starts,
          ends_at: new Date(Date.parse(starts) + 3_600_000).toISOString(),
          reason: "Leave",
        });
        return (
          (await count(
            service
              .from("staff_time_off")
              .select("id")
              .eq("user_id", actors.staff.user!.id)
              .eq("starts_at", starts),
          )) === 1
        );
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "staff_time_off · select",
        async (a) =>
          (await count(a.client.from("staff_time_off").select("id").eq("user_id", actors.staff.user!.id))) >=
          1,
      ),
    ).toBe("NNYYYNY");
  });

  it("event types and their hosts: staff read, admins write", async () => {
    expect(
      await letters("booking_event_types · insert", async (a, i) => {
        const slug = `rls-${i}-${tag}`;
        await a.client.from("booking_event_types").insert({
          slug,
          kind: "consultation",
          service: `rls-${tag}-${i}`,
          name: "RLS consultation",
          active: false,
        });
        return (await count(service.from("booking_event_types").select("id").eq("slug", slug))) === 1;
      }),
    ).toBe("NNNNYNY");
    const type = (await must(
      service.from("booking_event_types").select("id").eq("slug", `rls-4-${tag}`).single(),
      "type",
    )) as { id: string };
    expect(
      await letters(
        "booking_event_types · select",
        async (a) => (await count(a.client.from("booking_event_types").select("id").eq("id", type.id))) === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("booking_event_types · update", async (a, i) => {
        const name = `Renamed ${i}`;
        await a.client.from("booking_event_types").update({ name }).eq("id", type.id);
        return (
          (await count(
            service.from("booking_event_types").select("id").eq("id", type.id).eq("name", name),
          )) === 1
        );
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("booking_event_type_hosts · insert", async (a) => {
        await a.client
          .from("booking_event_type_hosts")
          .insert({ event_type_id: type.id, user_id: actors.staff.user!.id });
        const made =
          (await count(
            service.from("booking_event_type_hosts").select("user_id").eq("event_type_id", type.id),
          )) === 1;
        await service.from("booking_event_type_hosts").delete().eq("event_type_id", type.id);
        return made;
      }),
    ).toBe("NNNNYNY");
    await must(
      service
        .from("booking_event_type_hosts")
        .insert({ event_type_id: type.id, user_id: actors.staff.user!.id })
        .select(),
      "host",
    );
    expect(
      await letters(
        "booking_event_type_hosts · select",
        async (a) =>
          (await count(
            a.client.from("booking_event_type_hosts").select("user_id").eq("event_type_id", type.id),
          )) === 1,
      ),
    ).toBe("NNYYYNY");
  });

  it("public holidays: everyone reads (the public booking pages), admins maintain", async () => {
    await must(
      service
        .from("public_holidays")
        .upsert({ holiday_date: "2032-03-06", name: `Seeded ${tag}` })
        .select(),
      "holiday",
    );
    expect(
      await letters(
        "public_holidays · select",
        async (a) =>
          (await count(
            a.client.from("public_holidays").select("holiday_date").eq("holiday_date", "2032-03-06"),
          )) === 1,
      ),
    ).toBe("YYYYYYY");
    expect(
      await letters("public_holidays · insert", async (a, i) => {
        const day = `2031-01-${String(10 + i).padStart(2, "0")}`;
        await a.client.from("public_holidays").insert({ holiday_date: day, name: `Test day ${tag}` });
        return (
          (await count(service.from("public_holidays").select("holiday_date").eq("holiday_date", day))) === 1
        );
      }),
    ).toBe("NNNNYNY");
  });
});

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
