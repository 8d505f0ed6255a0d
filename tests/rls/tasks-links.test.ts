/**
 * Tasks meet the CRM (migrations 20261128100000–100300), with real supabase-js against the
 * emulator, judged by what is stored afterwards (read with the secret key):
 *   • a task links a contact and a deal the caller may read (not one they may not), the link
 *     writes on the contact's timeline, and deleting the contact or deal leaves the task unlinked;
 *   • a lead assigned to staff gets ONE "Follow up with <name>" task due the next working day at
 *     09:00 Africa/Accra (core's nextWorkingDayAt with the stored holidays), whoever writes it;
 *     a reassignment hands it over; a non-lead or an unassigned lead gets none;
 *   • convert_inbox_to_task: staff who may work the record, once per record, linked to the
 *     (de-duplicated) contact, assigned to the record's assignee, noted on the record;
 *   • viewings and invoices land on the timeline of the contact with their e-mail or phone.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { followUpTitle, nextWorkingDayAt } from "#core/tasks/follow-up.ts";
import { CONTACT_NOT_VISIBLE } from "#core/tasks/task-schema.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Tasks × CRM");
const staffId = () => actors.staff.user!.id;
const otherId = () => actors.other_staff.user!.id;
let phoneSeq = Number.parseInt(tag.slice(0, 6), 16) % 10_000_000;
const nextPhone = () => {
  phoneSeq = (phoneSeq + 7919) % 10_000_000;
  return `055${String(phoneSeq).padStart(7, "0")}`;
};

type Row = Record<string, unknown>;
const insertOne = async (table: string, row: Row, what: string) =>
  (await must(service.from(table).insert(row).select("*").single(), what)) as Row;
const contact = (first: string, extra: Row = {}) =>
  insertOne(
    "contacts",
    { first_name: first, last_name: `Links${tag}`, owner_id: staffId(), ...extra },
    `contact ${first}`,
  );
const tasksOf = async (contactId: string) =>
  (await must(
    service.from("tasks").select("*").eq("contact_id", contactId).order("created_at"),
    "tasks",
  )) as Row[];
const timeline = async (contactId: string) =>
  (await must(
    service
      .from("contact_activities")
      .select("kind, summary, record_table, record_id")
      .eq("contact_id", contactId),
    "timeline",
  )) as Row[];

async function holidays(): Promise<string[]> {
  const rows = (await must(service.from("public_holidays").select("holiday_date"), "holidays")) as Array<{
    holiday_date: string;
  }>;
  return rows.map((h) => h.holiday_date);
}

cleanup.push(async () => {
  await service.from("tasks").delete().like("title", `%${tag}%`);
  await service.from("contact_submissions").delete().like("full_name", `%${tag}`);
  await service.from("bookings").delete().like("full_name", `%${tag}`);
  await service.from("contacts").delete().like("last_name", `%${tag}`);
});

describe("tasks linked to contacts and deals", () => {
  it("link what the caller may read, show on the timeline, and come unlinked when the record goes", async () => {
    const c = await contact("Kwesi");
    const pipeline = (await must(
      service.from("deal_pipelines").select("id").eq("key", "sale").single(),
      "pipeline",
    )) as { id: string };
    const stage = (await must(
      service
        .from("deal_stages")
        .select("id")
        .eq("pipeline_id", pipeline.id)
        .eq("outcome", "open")
        .order("position")
        .limit(1)
        .single(),
      "stage",
    )) as { id: string };
    const deal = await insertOne(
      "deals",
      {
        title: `Kwesi's flat ${tag}`,
        pipeline_id: pipeline.id,
        stage_id: stage.id,
        value: 1000,
        currency: "GHS",
        contact_id: c.id,
        owner_id: staffId(),
      },
      "deal",
    );

    // Staff own the contact and deal; other staff (contacts and deals are "own" by default) may not link them.
    expect(
      await letters("tasks · insert linked to staff's contact + deal", async (a, i) => {
        const title = `Linked probe ${i} ${tag}`;
        await a.client
          .from("tasks")
          .insert({ title, owner_id: a.user?.id, contact_id: c.id, deal_id: deal.id });
        return ((await service.from("tasks").select("id").eq("title", title)).data ?? []).length === 1;
      }),
    ).toBe("NNYNYNY");
    const refused = await actors.other_staff.client
      .from("tasks")
      .insert({ title: `Sneaky ${tag}`, owner_id: otherId(), contact_id: c.id });
    expect(refused.error?.message).toBe(CONTACT_NOT_VISIBLE);

    // Other staff's own task: linking it afterwards to a contact they cannot read is refused too.
    const own = (await must(
      actors.other_staff.client
        .from("tasks")
        .insert({ title: `Own ${tag}`, owner_id: otherId() })
        .select("id")
        .single(),
      "own task",
    )) as { id: string };
    const relink = await actors.other_staff.client
      .from("tasks")
      .update({ contact_id: c.id })
      .eq("id", own.id)
      .select("id");
    expect(relink.error?.message).toBe(CONTACT_NOT_VISIBLE);

    const staffTask = (await must(
      service.from("tasks").select("id, contact_id, deal_id").eq("title", `Linked probe 2 ${tag}`).single(),
      "staff's task",
    )) as Row;
    expect(staffTask).toMatchObject({ contact_id: c.id, deal_id: deal.id });
    expect(await timeline(c.id as string)).toContainEqual({
      kind: "task",
      summary: `Task: Linked probe 2 ${tag}`,
      record_table: "tasks",
      record_id: staffTask.id,
    });

    // Done → a second timeline row, once.
    await must(
      actors.staff.client
        .from("tasks")
        .update({ status: "done" })
        .eq("id", staffTask.id as string)
        .select("id"),
      "done",
    );
    const done = (await timeline(c.id as string)).filter(
      (r) => r.summary === `Task done: Linked probe 2 ${tag}`,
    );
    expect(done).toHaveLength(1);

    await must(
      service
        .from("deals")
        .delete()
        .eq("id", deal.id as string)
        .select("id"),
      "delete deal",
    );
    await must(
      service
        .from("contact_activities")
        .delete()
        .eq("contact_id", c.id as string)
        .select("id"),
      "clear timeline",
    );
    await must(
      service
        .from("contacts")
        .delete()
        .eq("id", c.id as string)
        .select("id"),
      "delete contact",
    );
    const after = (await must(
      service
        .from("tasks")
        .select("contact_id, deal_id")
        .eq("id", staffTask.id as string)
        .single(),
      "after",
    )) as Row;
    expect(after).toEqual({ contact_id: null, deal_id: null });
  });
});

describe("a follow-up task when a new lead is assigned", () => {
  it("creates one, due the next working day at 09:00 Accra, for whichever client assigns the lead", async () => {
    const off = await holidays();
    const before = new Date();
    // Staff create a lead assigned to their colleague (as the SPA does).
    const created = (await must(
      actors.staff.client
        .from("contacts")
        .insert({
          first_name: "Afua",
          last_name: `Lead${tag}`,
          stage: "lead",
          type: "lead",
          owner_id: staffId(),
          assignee_id: otherId(),
        })
        .select("id, display_name")
        .single(),
      "lead",
    )) as { id: string; display_name: string };
    const after = new Date();
    const [task, ...more] = await tasksOf(created.id);
    expect(more).toHaveLength(0);
    expect(task).toMatchObject({
      title: followUpTitle(created.display_name),
      assignee_id: otherId(),
      owner_id: staffId(),
      status: "todo",
      priority: "high",
      origin: "lead_follow_up",
      origin_id: created.id,
    });
    expect([nextWorkingDayAt(before, off), nextWorkingDayAt(after, off)]).toContain(
      new Date(task!.due_at as string).toISOString(),
    );
    // The assignee was notified of it (the task trigger).
    const notes = (await must(
      service
        .from("notifications")
        .select("title")
        .eq("user_id", otherId())
        .eq("record_id", task!.id as string),
      "notification",
    )) as Row[];
    expect(notes).toHaveLength(1);

    // Touching the lead again (stage out and back, a second save) makes no second task.
    await must(
      actors.staff.client.from("contacts").update({ stage: "prospect" }).eq("id", created.id).select("id"),
      "prospect",
    );
    await must(
      actors.staff.client.from("contacts").update({ stage: "lead" }).eq("id", created.id).select("id"),
      "lead again",
    );
    expect(await tasksOf(created.id)).toHaveLength(1);

    // Reassigning hands the open follow-up over.
    await must(
      actors.staff.client
        .from("contacts")
        .update({ assignee_id: staffId() })
        .eq("id", created.id)
        .select("id"),
      "reassign",
    );
    const handed = await tasksOf(created.id);
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({ id: task!.id, assignee_id: staffId() });
  });

  it("the secret key's writes get it too (every client); no task for a non-lead, an unassigned lead or a visitor assignee", async () => {
    const byService = await contact("Yaa", { stage: "lead", assignee_id: staffId() });
    expect(await tasksOf(byService.id as string)).toHaveLength(1);
    const prospect = await contact("Kojo", { stage: "prospect", assignee_id: staffId() });
    const unassigned = await contact("Ekua", { stage: "lead" });
    const toVisitor = await contact("Fiifi", { stage: "lead", assignee_id: actors.visitor.user!.id });
    for (const c of [prospect, unassigned, toVisitor]) expect(await tasksOf(c.id as string)).toHaveLength(0);
    // Assigning the unassigned lead later creates it then.
    await must(
      service
        .from("contacts")
        .update({ assignee_id: otherId() })
        .eq("id", unassigned.id as string)
        .select("id"),
      "assign later",
    );
    expect((await tasksOf(unassigned.id as string)).map((t) => t.assignee_id)).toEqual([otherId()]);
  });
});

describe("convert an inbox record into a task", () => {
  it("staff who may work it; once; linked to the contact; assigned to the record's assignee; noted", async () => {
    const email = `adjoa.${tag}@example.com`;
    const sub = await insertOne(
      "contact_submissions",
      {
        full_name: `Adjoa Tetteh ${tag}`,
        email,
        phone: nextPhone(),
        subject: "Viewing in Labone",
        message: "Is the 3-bed in Labone still free?",
        consent_at: new Date().toISOString(),
        assignee_id: otherId(),
      },
      "submission",
    );
    expect(
      await letters("convert_inbox_to_task · contact submission", async (a) => {
        const r = await a.client.rpc("convert_inbox_to_task", {
          inbox: "contact_submissions",
          record_id: sub.id,
        });
        return !r.error;
      }),
    ).toBe("NNYYYNY");
    const tasks = (await must(
      service
        .from("tasks")
        .select("*")
        .eq("origin", "contact_submissions")
        .eq("origin_id", sub.id as string),
      "converted",
    )) as Row[];
    expect(tasks).toHaveLength(1);
    const [task] = tasks;
    const linked = (await must(
      service
        .from("contact_submissions")
        .select("contact_id")
        .eq("id", sub.id as string)
        .single(),
      "linked",
    )) as { contact_id: string };
    expect(task).toMatchObject({
      contact_id: linked.contact_id,
      assignee_id: otherId(),
      owner_id: staffId(),
      description: "Is the 3-bed in Labone still free?",
    });
    expect(task!.title).toBe(`Message from Adjoa Tetteh ${tag}: Viewing in Labone`);
    const second = (await must(
      actors.admin.client.rpc("convert_inbox_to_task", { inbox: "contact_submissions", record_id: sub.id }),
      "again",
    )) as Row;
    expect(second).toEqual({ task_id: task!.id, contact_id: linked.contact_id, created: false });
    const notes = (await must(
      service
        .from("inbox_notes")
        .select("body")
        .eq("record_id", sub.id as string),
      "notes",
    )) as Row[];
    expect(notes.map((n) => n.body)).toEqual([`Converted into a task: ${task!.title}`]);
    expect(await timeline(linked.contact_id)).toContainEqual({
      kind: "task",
      summary: `Task: ${task!.title}`,
      record_table: "tasks",
      record_id: task!.id,
    });
    const audit = (await must(
      service
        .from("audit_log")
        .select("action, actor_id")
        .eq("table_name", "tasks")
        .eq("record_id", task!.id as string),
      "audit",
    )) as Row[];
    expect(audit).toContainEqual({ action: "insert", actor_id: staffId() });
  });
});

describe("the contact timeline as records land", () => {
  it("a viewing booked with the contact's e-mail, and with their phone, and its confirmation", async () => {
    const phone = nextPhone();
    const c = await contact("Akosua", { email: `Akosua.${tag}@Example.com`, phone });
    const slot = {
      preferred_date: "2026-12-02",
      time_slot: "10:00",
      starts_at: "2026-12-02T10:00:00Z",
      consent_at: new Date().toISOString(),
    };
    const byEmail = await insertOne(
      "bookings",
      {
        ...slot,
        full_name: `Akosua B ${tag}`,
        email: `akosua.${tag}@example.com`,
        phone: "020 000 0001",
        property_slug: "east-legon-villa",
      },
      "booking by e-mail",
    );
    const byPhone = await insertOne(
      "bookings",
      {
        ...slot,
        full_name: `Akosua P ${tag}`,
        email: `other.${tag}@example.com`,
        phone: `+233${phone.slice(1)}`,
        property_slug: "osu-flat",
      },
      "booking by phone",
    );
    await must(
      service
        .from("bookings")
        .update({ status: "confirmed" })
        .eq("id", byEmail.id as string)
        .select("id"),
      "confirm",
    );
    const rows = await timeline(c.id as string);
    const viewings = rows.filter((r) => r.kind === "viewing");
    expect(viewings.map((r) => r.record_id).sort()).toEqual([byEmail.id, byEmail.id, byPhone.id].sort());
    expect(
      viewings.some((r) => String(r.summary).startsWith("Viewing confirmed: Viewing of east-legon-villa")),
    ).toBe(true);
    // Staff who may read the contact see them through the timeline RPC; other staff may not call it.
    const seen = (await must(
      actors.staff.client.rpc("contact_timeline", { contact_id: c.id }),
      "timeline rpc",
    )) as Row[];
    expect(seen.filter((r) => r.kind === "viewing")).toHaveLength(3);
    expect(
      (await actors.other_staff.client.rpc("contact_timeline", { contact_id: c.id })).error,
    ).not.toBeNull();
    // A later conversion of the same booking does not log the submission twice.
    await must(
      actors.staff.client.rpc("convert_inbox_to_contact", { inbox: "bookings", record_id: byEmail.id }),
      "convert",
    );
    expect(
      (await timeline(c.id as string)).filter((r) => r.kind === "viewing" && r.record_id === byEmail.id),
    ).toHaveLength(2);
  });

  it("an invoice, once issued, on the timeline of the contact with its bill-to e-mail", async () => {
    const c = await contact("Kwaku", { email: `kwaku.${tag}@example.com`, phone: nextPhone() });
    const draft = await insertOne(
      "invoices",
      { bill_to_name: `Kwaku ${tag}`, bill_to_email: `KWAKU.${tag}@example.com`, owner_id: staffId() },
      "draft",
    );
    await must(
      service
        .from("invoice_items")
        .insert({
          invoice_id: draft.id,
          position: 1,
          description: "Valuation, Spintex plot",
          quantity: 1,
          unit_price: "1000.00",
          discount_percent: 0,
          tax_class: "exempt",
        })
        .select("id"),
      "line",
    );
    expect((await timeline(c.id as string)).filter((r) => r.kind === "invoice")).toEqual([]);
    const number = (await must(
      actors.staff.client.rpc("issue_invoice", { invoice_id: draft.id }),
      "issue",
    )) as string;
    const rows = (await timeline(c.id as string)).filter((r) => r.kind === "invoice");
    expect(rows).toEqual([
      {
        kind: "invoice",
        summary: `Invoice ${number} issued: GHS 1,000.00`,
        record_table: "invoices",
        record_id: draft.id,
      },
    ]);
  });
});
