/**
 * The inboxes' and scheduling's own tables in the database (migrations 20261125300000–300300),
 * judged by what is stored afterwards (read with the secret key):
 *   - working an inbox record (status workflow, assignee);
 *   - inbox_notes, inbox_reply_templates, inbox_replies (written by send_inbox_reply only);
 *   - staff_working_hours, staff_time_off (own for staff, anyone's for admins), booking_event_types
 *     and booking_event_type_hosts (admins), public_holidays (everyone reads, admins write).
 * Booking, queues, matching and conversion into the CRM: inbox-booking.test.ts.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recordPath } from "#core/records/record-links.ts";
import { must } from "./support.ts";
import { deletes, inserts, reads, updates } from "./row-probes.ts";
import { inboxFixture } from "./inbox-fixture.ts";

const { service, tag, actors, letters, count, seedSubmission } = inboxFixture();

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

describe("notifications", () => {
  it("a new record and a new assignee are notified with a link to the record's own page", async () => {
    const staff = actors.staff.user!.id;
    // An admin, not the other staff member: the status counts below count that one's records.
    const other = actors.admin.user!.id;
    const id = await seedSubmission("Notified", { assignee_id: staff });
    await must(
      actors.staff.client
        .from("contact_submissions")
        .update({ assignee_id: other })
        .eq("id", id)
        .select("id"),
      "reassign",
    );
    const notes = (await must(
      service.from("notifications").select("user_id, kind, link").eq("record_id", id).order("created_at"),
      "notes",
    )) as { user_id: string; kind: string; link: string }[];
    expect(notes).toEqual([
      { user_id: staff, kind: "inbox_new", link: recordPath("contact_submissions", id) },
      { user_id: other, kind: "inbox_assigned", link: recordPath("contact_submissions", id) },
    ]);
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
    const note = (author_id: string | null, body: string) => ({
      record_table: "contact_submissions",
      record_id: recordId,
      author_id,
      body,
    });
    expect(await letters("inbox_notes · select", (a) => reads(a.client, "inbox_notes", seeded.id))).toBe(
      "NNYYYNY",
    );
    expect(
      await letters("inbox_notes · insert as themselves", (a, i) =>
        inserts(a.client, "inbox_notes", note(a.user?.id ?? null, `Note ${i} ${tag}`), "body"),
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("inbox_notes · insert as a colleague", (a, i) =>
        inserts(a.client, "inbox_notes", note(actors.other_staff.user!.id, `Forged ${i} ${tag}`), "body"),
      ),
    ).toBe("NNNYNNN");
    expect(
      await letters("inbox_notes · update (author: staff)", (a, i) =>
        updates(a.client, "inbox_notes", seeded.id, { body: `Edited ${i} ${tag}` }),
      ),
    ).toBe("NNYNNNN");
    expect(
      await letters("inbox_notes · delete (author: staff)", (a) =>
        deletes(a.client, "inbox_notes", note(actors.staff.user!.id, "To delete")),
      ),
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
      await letters("inbox_reply_templates · select", (a) => reads(a.client, "inbox_reply_templates", t.id)),
    ).toBe("NNYYYNY");
    expect(
      await letters("inbox_reply_templates · insert", (a, i) =>
        inserts(
          a.client,
          "inbox_reply_templates",
          { name: `Template ${i} ${tag}`, channel: "email", subject: "Hi", body: "Hello" },
          "name",
        ),
      ),
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
