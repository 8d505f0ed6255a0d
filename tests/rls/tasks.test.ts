/**
 * Tasks in the database (migration 20261125200300_tasks.sql), judged by what is stored afterwards
 * (read with the secret key): record-level access of module 'tasks' (own and assigned by
 * default); the status workflow trigger refuses exactly the moves core refuses, in core's words;
 * a reminder in the past is refused through the API; assigning notifies the assignee; completing
 * a repeating task creates the next occurrence once, due where core's nextDueAt says; the
 * overdue badge count; the reminder job's RPC is the secret key's.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { REMINDER_IN_PAST } from "#core/tasks/task-schema.ts";
import { nextDueAt, TASK_STATUSES, taskMoveError } from "#core/tasks/task-workflow.ts";
import { must, type Actor } from "./support.ts";
import { recordPath } from "#core/records/record-links.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Tasks RLS");

const staffId = () => actors.staff.user!.id;
const hour = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * hour).toISOString();

async function seedTask(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = { title: `${title} ${tag}`, owner_id: staffId(), ...extra };
  return (
    (await must(service.from("tasks").insert(row).select("id").single(), `seed ${title}`)) as { id: string }
  ).id;
}
async function setMode(mode: "own" | "all") {
  await must(service.from("module_access").update({ mode }).eq("module", "tasks").select(), "set tasks mode");
}
const read = async (id: string) =>
  (await must(service.from("tasks").select("*").eq("id", id).single(), "read")) as Record<string, unknown>;

cleanup.push(async () => {
  await setMode("own");
  await service.from("tasks").delete().like("title", `%${tag}%`);
});

describe("record-level access", () => {
  it("own and assigned by default; everyone's when the module is company-wide", async () => {
    const id = await seedTask("Collect the Osu keys");
    const sees = async (a: Actor) =>
      ((await a.client.from("tasks").select("id").eq("id", id)).data ?? []).length === 1;
    expect(await letters("tasks · select (mode own)", sees)).toBe("NNYNYNY");
    await must(
      service.from("tasks").update({ assignee_id: actors.other_staff.user!.id }).eq("id", id).select("id"),
      "assign",
    );
    expect(await letters("tasks · select (assigned to other staff)", sees)).toBe("NNYYYNY");
    await setMode("all");
    try {
      const unassigned = await seedTask("Company-wide probe");
      expect(
        await letters(
          "tasks · select (mode all)",
          async (a) =>
            ((await a.client.from("tasks").select("id").eq("id", unassigned)).data ?? []).length === 1,
        ),
      ).toBe("NNYYYNY");
    } finally {
      await setMode("own");
    }
  });

  it("staff create tasks they own; owners, assignees and admins edit; owners and admins delete", async () => {
    expect(
      await letters("tasks · insert (own)", async (a, i) => {
        const title = `Insert probe ${i} ${tag}`;
        await a.client.from("tasks").insert({ title, owner_id: a.user?.id });
        return ((await service.from("tasks").select("id").eq("title", title)).data ?? []).length === 1;
      }),
    ).toBe("NNYYYNY");
    const id = await seedTask("Edit probe");
    expect(
      await letters("tasks · update · priority (staff's task)", async (a) => {
        await must(service.from("tasks").update({ priority: "low" }).eq("id", id).select("id"), "reset");
        await a.client.from("tasks").update({ priority: "urgent" }).eq("id", id);
        return (await read(id)).priority === "urgent";
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("tasks · delete (staff's task)", async (a, i) => {
        const victim = await seedTask(`Delete probe ${i}`);
        await a.client.from("tasks").delete().eq("id", victim);
        return ((await service.from("tasks").select("id").eq("id", victim)).data ?? []).length === 0;
      }),
    ).toBe("NNYNYNY");
    const forged = await actors.staff.client
      .from("tasks")
      .insert({ title: `Forged ${tag}`, owner_id: actors.other_staff.user!.id });
    expect(forged.error?.code).toBe("42501");
  });
});

describe("the status workflow in the database", () => {
  it("refuses exactly the moves core refuses, with core's sentence, even for the secret key", async () => {
    const disagreements: string[] = [];
    for (const from of TASK_STATUSES) {
      for (const to of TASK_STATUSES) {
        const id = await seedTask(`wf ${from}→${to}`, { status: from });
        const { error } = await service.from("tasks").update({ status: to }).eq("id", id);
        const expected = taskMoveError(from, to);
        if ((error?.message ?? null) !== expected)
          disagreements.push(
            `${from} → ${to}: core ${JSON.stringify(expected)}, database ${JSON.stringify(error?.message ?? null)}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
    const done = await actors.staff.client
      .from("tasks")
      .insert({ title: `Born done ${tag}`, status: "done" });
    expect(done.error?.message).toBe("A new task starts as To do or In progress.");
  });

  it("stamps completed_at when done and clears it when reopened", async () => {
    const id = await seedTask("Stamp probe");
    await must(
      actors.staff.client.from("tasks").update({ status: "done" }).eq("id", id).select("id"),
      "done",
    );
    expect((await read(id)).completed_at).not.toBeNull();
    await must(
      actors.staff.client.from("tasks").update({ status: "todo" }).eq("id", id).select("id"),
      "reopen",
    );
    expect((await read(id)).completed_at).toBeNull();
  });
});

describe("reminders", () => {
  it("a reminder in the past is refused through the API (new or changed); an unchanged one stays", async () => {
    const staff = actors.staff.client;
    const past = await staff.from("tasks").insert({ title: `Past reminder ${tag}`, remind_at: inHours(-1) });
    expect(past.error?.message).toBe(REMINDER_IN_PAST);
    const id = await seedTask("Reminder probe", { remind_at: inHours(-2) });
    const edit = await staff
      .from("tasks")
      .update({ title: `Reminder probe renamed ${tag}` })
      .eq("id", id)
      .select("id");
    expect(edit.error, "an old reminder does not block other edits").toBeNull();
    expect(
      (
        await staff
          .from("tasks")
          .update({ remind_at: inHours(-1) })
          .eq("id", id)
      ).error?.message,
    ).toBe(REMINDER_IN_PAST);
  });

  it("the reminder job notifies the assignee once; only the secret key runs it", async () => {
    const id = await seedTask("Reminder job probe", {
      assignee_id: actors.other_staff.user!.id,
      remind_at: inHours(-0.01),
      due_at: inHours(2),
    });
    expect((await actors.admin.client.rpc("queue_task_reminders", { max_rows: 10 })).error).not.toBeNull();
    await must(service.rpc("queue_task_reminders", { max_rows: 1000 }), "run");
    await must(service.rpc("queue_task_reminders", { max_rows: 1000 }), "run again");
    const notes = (await must(
      service.from("notifications").select("user_id, kind").eq("record_id", id).eq("kind", "task_reminder"),
      "notes",
    )) as { user_id: string }[];
    expect(notes).toEqual([{ user_id: actors.other_staff.user!.id, kind: "task_reminder" }]);
    expect((await read(id)).reminded_at).not.toBeNull();
  });
});

describe("assignment", () => {
  it("notifies the new assignee (not someone assigning themselves)", async () => {
    const other = actors.other_staff.user!.id;
    const { data } = await actors.staff.client
      .from("tasks")
      .insert({ title: `Assigned probe ${tag}`, assignee_id: other, due_at: inHours(24) })
      .select("id")
      .single();
    const id = (data as { id: string }).id;
    const notes = (await must(
      service.from("notifications").select("user_id, kind, link, actor_id").eq("record_id", id),
      "notes",
    )) as Record<string, unknown>[];
    expect(notes).toEqual([
      { user_id: other, kind: "task_assigned", link: recordPath("tasks", id), actor_id: staffId() },
    ]);
    const mine = (
      await actors.staff.client
        .from("tasks")
        .insert({ title: `Self probe ${tag}`, assignee_id: staffId() })
        .select("id")
        .single()
    ).data as { id: string };
    expect(
      ((await service.from("notifications").select("id").eq("record_id", mine.id)).data ?? []).length,
    ).toBe(0);
  });
});

describe("repeating tasks", () => {
  it("completing one creates the next occurrence once, due where core says, reminder kept", async () => {
    const due = inHours(-30); // done a day late
    const id = await seedTask("Weekly rent roll", {
      recurrence: "weekly",
      due_at: due,
      remind_at: inHours(-31),
      assignee_id: actors.other_staff.user!.id,
    });
    await must(
      actors.staff.client.from("tasks").update({ status: "done" }).eq("id", id).select("id"),
      "done",
    );
    const next = (await must(service.from("tasks").select("*").eq("previous_id", id), "next")) as Record<
      string,
      unknown
    >[];
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.due_at as string).toISOString()).toBe(nextDueAt(due, "weekly"));
    expect(next[0]).toMatchObject({
      status: "todo",
      recurrence: "weekly",
      assignee_id: actors.other_staff.user!.id,
      owner_id: staffId(),
    });
    // The database keeps microseconds, JavaScript milliseconds: the hour before may differ by rounding.
    expect(
      Math.abs(Date.parse(next[0]!.remind_at as string) - (Date.parse(next[0]!.due_at as string) - hour)),
    ).toBeLessThanOrEqual(1);
    // Reopen and complete again: still one next occurrence.
    await must(
      actors.staff.client.from("tasks").update({ status: "todo" }).eq("id", id).select("id"),
      "reopen",
    );
    await must(
      actors.staff.client.from("tasks").update({ status: "done" }).eq("id", id).select("id"),
      "done again",
    );
    expect(((await service.from("tasks").select("id").eq("previous_id", id)).data ?? []).length).toBe(1);
    const monthly = await seedTask("Monthly probe", {
      recurrence: "monthly",
      due_at: "2027-01-31T09:00:00Z",
    });
    await must(service.from("tasks").update({ status: "done" }).eq("id", monthly).select("id"), "done");
    const m = (await must(
      service.from("tasks").select("due_at").eq("previous_id", monthly).single(),
      "next",
    )) as { due_at: string };
    expect(new Date(m.due_at).toISOString()).toBe(nextDueAt("2027-01-31T09:00:00Z", "monthly"));
  });

  it("a repeating task needs a due date", async () => {
    const r = await actors.staff.client
      .from("tasks")
      .insert({ title: `Repeat without date ${tag}`, recurrence: "daily" });
    expect(r.error?.message).toMatch(/tasks_recurrence_needs_due/);
  });
});

describe("the overdue badge", () => {
  it("counts the caller's open tasks past due: assigned to them, or theirs and unassigned", async () => {
    const u = actors.admin_mfa_aal2;
    const before = (await must(u.client.rpc("my_overdue_task_count"), "count")) as number;
    await seedTask("Overdue mine", { owner_id: u.user!.id, due_at: inHours(-5) });
    await seedTask("Overdue assigned", { assignee_id: u.user!.id, due_at: inHours(-1) });
    await seedTask("Overdue but done", { owner_id: u.user!.id, due_at: inHours(-5), status: "done" });
    await seedTask("Mine but someone else's to do", {
      owner_id: u.user!.id,
      assignee_id: staffId(),
      due_at: inHours(-5),
    });
    await seedTask("Not yet due", { owner_id: u.user!.id, due_at: inHours(5) });
    expect(await must(u.client.rpc("my_overdue_task_count"), "count")).toBe(before + 2);
  });
});

describe("search under record-level access", () => {
  it("finds a staff member's own older match however many newer ones colleagues have; admins find all", async () => {
    const word = `sakumono${tag}`;
    const own = await seedTask(`Find the ${word} plot deeds`, {
      updated_at: inHours(-48),
      created_at: inHours(-48),
    });
    const others = Array.from({ length: 520 }, (_, i) => ({
      title: `Colleague's ${word} follow-up ${i} ${tag}`,
      owner_id: actors.other_staff.user!.id,
    }));
    await must(service.from("tasks").insert(others).select("id"), "seed colleagues' matches");
    const found = async (a: Actor) => {
      const { data, error, count } = await a.client
        .rpc("search_tasks", { term: word.toUpperCase() }, { count: "exact" })
        .select("id")
        .order("updated_at")
        .range(0, 24);
      if (error) throw new Error(error.message);
      return { ids: (data as { id: string }[]).map((r) => r.id), count };
    };
    expect(await found(actors.staff), "the older own match, alone").toEqual({ ids: [own], count: 1 });
    expect((await found(actors.admin_mfa_aal2)).count, "admins: every match").toBe(521);
    expect(
      (await actors.anon.client.rpc("search_tasks", { term: word })).error,
      "not for visitors",
    ).not.toBeNull();
    // A term of one character matches nothing (not the whole table).
    const short = await actors.admin_mfa_aal2.client
      .rpc("search_tasks", { term: " s " }, { count: "exact" })
      .select("id")
      .limit(1);
    expect(short.count).toBe(0);
  }, 60_000);
});
