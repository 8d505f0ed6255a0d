/**
 * Todos in the database (migration 20261125200000_todos.sql), judged by what is stored
 * afterwards (read with the secret key): a todo is its owner's alone — nobody else reads,
 * changes or removes it, admins included; it never reaches the audit log (which admins read);
 * new items go to the end; the order is saved whole or not at all; a list holds 500 items.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { TODO_LIMIT_MESSAGE, TODO_MAX_ITEMS } from "#core/todos/todo-schema.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters } = rlsFile("Todos RLS");

const staffId = () => actors.staff.user!.id;
async function seedTodo(title: string, userId = staffId()): Promise<string> {
  return (
    (await must(
      service
        .from("todos")
        .insert({ user_id: userId, title: `${title} ${tag}` })
        .select("id")
        .single(),
      `seed ${title}`,
    )) as { id: string }
  ).id;
}
const stored = async (id: string) =>
  (await service.from("todos").select("id, title, done, done_at, position").eq("id", id).maybeSingle())
    .data as { title: string; done: boolean; done_at: string | null; position: number } | null;

describe("a todo is its owner's alone", () => {
  it("only the owner reads, ticks, renames and removes it — not even an admin", async () => {
    const id = await seedTodo("Chase the surveyor in Spintex");
    expect(
      await letters(
        "todos · select (staff's todo)",
        async (a) => ((await a.client.from("todos").select("id").eq("id", id)).data ?? []).length === 1,
      ),
    ).toBe("NNYNNNN");
    expect(
      await letters("todos · update · tick (staff's todo)", async (a, i) => {
        await must(
          service
            .from("todos")
            .update({ done: false, title: `Chase the surveyor ${tag}` })
            .eq("id", id)
            .select("id"),
          "reset",
        );
        await a.client
          .from("todos")
          .update({ done: true, title: `Ticked by ${i} ${tag}` })
          .eq("id", id);
        return (await stored(id))!.done;
      }),
    ).toBe("NNYNNNN");
    expect(
      await letters("todos · delete (staff's todo)", async (a, i) => {
        const victim = await seedTodo(`Delete probe ${i}`);
        await a.client.from("todos").delete().eq("id", victim);
        return (await stored(victim)) === null;
      }),
    ).toBe("NNYNNNN");
  });

  it("every back-office user keeps a list of their own; visitors and aal1 sessions of a TOTP user do not", async () => {
    expect(
      await letters("todos · insert (own list)", async (a, i) => {
        const title = `Own todo ${i} ${tag}`;
        await a.client.from("todos").insert({ title });
        return ((await service.from("todos").select("id").eq("title", title)).data ?? []).length === 1;
      }),
    ).toBe("NNYYYNY");
  });

  it("nobody can give a todo to someone else", async () => {
    const forged = await actors.staff.client
      .from("todos")
      .insert({ title: `Forged ${tag}`, user_id: actors.other_staff.user!.id });
    expect(forged.error?.code).toBe("42501");
    const id = await seedTodo("Stay mine");
    const moved = await actors.staff.client
      .from("todos")
      .update({ user_id: actors.other_staff.user!.id } as never)
      .eq("id", id);
    expect(moved.error, "user_id is not a column clients may update").not.toBeNull();
  });

  it("is not in the audit log (admins read the log)", async () => {
    const id = await seedTodo("Private thought");
    await actors.staff.client.from("todos").update({ done: true }).eq("id", id);
    const rows = (await must(
      service.from("audit_log").select("id").eq("record_id", id),
      "history",
    )) as unknown[];
    expect(rows).toEqual([]);
  });
});

describe("the list", () => {
  it("adds at the end, stamps done_at, and saves a new order whole", async () => {
    const staff = actors.staff.client;
    await must(service.from("todos").delete().eq("user_id", staffId()).select("id"), "clear");
    const ids: string[] = [];
    for (const t of ["Book the valuer", "Send Mr. Quaye the tenancy draft", "Renew REAC licence"]) {
      ids.push(
        (
          (await must(
            staff
              .from("todos")
              .insert({ title: `${t} ${tag}` })
              .select("id, position")
              .single(),
            t,
          )) as { id: string }
        ).id,
      );
    }
    expect((await Promise.all(ids.map(stored))).map((r) => r!.position)).toEqual([0, 1, 2]);

    await must(staff.from("todos").update({ done: true }).eq("id", ids[1]!).select("id"), "tick");
    expect((await stored(ids[1]!))!.done_at).not.toBeNull();
    await must(staff.from("todos").update({ done: false }).eq("id", ids[1]!).select("id"), "untick");
    expect((await stored(ids[1]!))!.done_at).toBeNull();

    const wanted = [ids[2]!, ids[0]!, ids[1]!];
    await must(staff.rpc("reorder_todos", { todo_ids: wanted }), "reorder");
    const order = (
      (await must(
        service.from("todos").select("id").eq("user_id", staffId()).order("position"),
        "order",
      )) as { id: string }[]
    ).map((r) => r.id);
    expect(order).toEqual(wanted);

    // A list that changed in another tab: refused whole, nothing moves.
    const stale = await staff.rpc("reorder_todos", { todo_ids: [ids[0]!, ids[2]!] });
    expect(stale.error?.message).toBe("Your list changed in another tab: it has been reloaded, try again.");
    const after = (
      (await must(
        service.from("todos").select("id").eq("user_id", staffId()).order("position"),
        "order",
      )) as { id: string }[]
    ).map((r) => r.id);
    expect(after).toEqual(wanted);

    // Nobody reorders someone else's list: their own (empty-handed) call matches nothing of staff's.
    const other = await actors.admin.client.rpc("reorder_todos", { todo_ids: wanted });
    expect(other.error?.message).toBe("Your list changed in another tab: it has been reloaded, try again.");
    expect(
      await letters("rpc reorder_todos (own list, reversed)", async (a) => {
        const own = a.user
          ? (
              (await must(
                service.from("todos").select("id").eq("user_id", a.user.id).order("position"),
                "own",
              )) as { id: string }[]
            ).map((r) => r.id)
          : [];
        return !(await a.client.rpc("reorder_todos", { todo_ids: own.reverse() })).error;
      }),
    ).toBe("NNYYYNY");
  });

  it(`holds at most ${TODO_MAX_ITEMS} items`, async () => {
    const other = actors.other_staff;
    await must(service.from("todos").delete().eq("user_id", other.user!.id).select("id"), "clear");
    const rows = Array.from({ length: TODO_MAX_ITEMS }, (_, i) => ({
      user_id: other.user!.id,
      title: `Item ${i} ${tag}`,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await must(
        service
          .from("todos")
          .insert(rows.slice(i, i + 100))
          .select("id"),
        "fill",
      );
    const over = await other.client.from("todos").insert({ title: `One too many ${tag}` });
    expect(over.error?.message).toBe(TODO_LIMIT_MESSAGE);
    await must(service.from("todos").delete().eq("user_id", other.user!.id).select("id"), "clear");
  });

  it("refuses a blank or untrimmed title", async () => {
    expect((await actors.staff.client.from("todos").insert({ title: "" })).error?.code).toBe("23514");
    expect((await actors.staff.client.from("todos").insert({ title: " padded " })).error?.code).toBe("23514");
  });
});
