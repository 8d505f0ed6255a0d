/**
 * Saved views and bulk actions in the database, judged by what is stored afterwards (read with
 * the secret key): "saved_views" are their owner's, shared ones readable by every staff member,
 * and only admins share, unshare or edit a shared view; "saved_view_defaults" are each user's own
 * and only name a view they can read. The bulk functions change, in one call, exactly the rows the
 * caller's RLS lets them change, refuse the others row by row with the reason, and return the
 * previous values; an undo puts them back only where nobody edited the row meanwhile.
 */
import crypto from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkResultSchema, bulkUndoResultSchema } from "#core/records/bulk-action.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import { must } from "./support.ts";

const service = serviceClient();
const tag = `bulk-${crypto.randomUUID().slice(0, 8)}`;
let admin: TestUser, staff: TestUser, colleague: TestUser, visitor: TestUser;
let asAdmin: SupabaseClient, asStaff: SupabaseClient, asColleague: SupabaseClient, asVisitor: SupabaseClient;

beforeAll(async () => {
  [admin, staff, colleague, visitor] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: null }),
  ]);
  [asAdmin, asStaff, asColleague, asVisitor] = await Promise.all([
    signedInClient(admin.email, admin.password),
    signedInClient(staff.email, staff.password),
    signedInClient(colleague.email, colleague.password),
    signedInClient(visitor.email, visitor.password),
  ]);
}, 60_000);

afterAll(async () => {
  await service.from("contacts").delete().contains("tags", [tag]);
  await service.from("tasks").delete().like("title", `%${tag}%`);
  for (const u of [admin, staff, colleague, visitor]) if (u) await deleteTestUser(u.id);
});

async function view(client: SupabaseClient, name: string, shared = false) {
  return client
    .from("saved_views")
    .insert({ list_key: "contacts", name: `${name} ${tag}`, state: { params: "stage=lead" }, shared })
    .select("id")
    .single();
}
const visibleTo = async (client: SupabaseClient, id: string) =>
  ((await client.from("saved_views").select("id").eq("id", id)).data ?? []).length === 1;
const storedView = async (id: string) =>
  (await service.from("saved_views").select("name, shared").eq("id", id).maybeSingle()).data as {
    name: string;
    shared: boolean;
  } | null;

describe("saved views", () => {
  it("a private view is its owner's alone; nobody else reads, edits or deletes it", async () => {
    const { data, error } = await view(asStaff, "Private leads");
    expect(error).toBeNull();
    const id = data!.id as string;
    expect(await visibleTo(asStaff, id)).toBe(true);
    expect(await visibleTo(asColleague, id)).toBe(false);
    expect(await visibleTo(asVisitor, id)).toBe(false);
    expect(await visibleTo(asAdmin, id)).toBe(false);
    await asColleague
      .from("saved_views")
      .update({ name: `Taken ${tag}` })
      .eq("id", id);
    await asAdmin
      .from("saved_views")
      .update({ name: `Taken ${tag}` })
      .eq("id", id);
    await asColleague.from("saved_views").delete().eq("id", id);
    expect((await storedView(id))?.name).toBe(`Private leads ${tag}`);
    await must(
      asStaff
        .from("saved_views")
        .update({ name: `Renamed ${tag}` })
        .eq("id", id)
        .select(),
      "rename",
    );
    expect((await storedView(id))?.name).toBe(`Renamed ${tag}`);
  });

  it("only admins share: staff cannot save a shared view nor share their own", async () => {
    expect((await view(asStaff, "Sneaky share", true)).error).not.toBeNull();
    const own = (await view(asStaff, "Mine to share")).data!.id as string;
    await asStaff.from("saved_views").update({ shared: true }).eq("id", own);
    expect((await storedView(own))?.shared).toBe(false);
    expect((await view(asVisitor, "Visitor view")).error).not.toBeNull();
  });

  it("a shared view is offered to every staff member, but only admins edit or unshare it", async () => {
    const { data, error } = await view(asAdmin, "Team hot leads", true);
    expect(error).toBeNull();
    const id = data!.id as string;
    expect(await visibleTo(asStaff, id)).toBe(true);
    expect(await visibleTo(asColleague, id)).toBe(true);
    expect(await visibleTo(asVisitor, id)).toBe(false);
    await asStaff
      .from("saved_views")
      .update({ name: `Hijacked ${tag}`, shared: false })
      .eq("id", id);
    await asStaff.from("saved_views").delete().eq("id", id);
    expect(await storedView(id)).toEqual({ name: `Team hot leads ${tag}`, shared: true });
    await must(asAdmin.from("saved_views").update({ shared: false }).eq("id", id).select(), "unshare");
    expect(await visibleTo(asStaff, id)).toBe(false);
  });

  it("a default view is one's own and must name a view one can read", async () => {
    const mine = (await view(asStaff, "Default")).data!.id as string;
    const theirs = (await view(asColleague, "Not yours")).data!.id as string;
    await must(
      asStaff.from("saved_view_defaults").upsert({ list_key: "contacts", view_id: mine }).select(),
      "set default",
    );
    const { error } = await asStaff
      .from("saved_view_defaults")
      .upsert({ list_key: "contacts", view_id: theirs });
    expect(error).not.toBeNull();
    const read = await asColleague.from("saved_view_defaults").select("view_id").eq("user_id", staff.id);
    expect(read.data).toEqual([]);
    const stored = await service.from("saved_view_defaults").select("view_id").eq("user_id", staff.id);
    expect(stored.data).toEqual([{ view_id: mine }]);
  });
});

async function seedContact(first: string, owner: string, extra: Record<string, unknown> = {}) {
  const row = (await must(
    service
      .from("contacts")
      .insert({ kind: "person", first_name: first, last_name: tag, owner_id: owner, tags: [tag], ...extra })
      .select("id, updated_at")
      .single(),
    `seed ${first}`,
  )) as { id: string };
  return row.id;
}
const ownerOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      ((await service.from("contacts").select("id, owner_id").in("id", ids)).data ?? []) as Array<{
        id: string;
        owner_id: string | null;
      }>
    ).map((r) => [r.id, r.owner_id]),
  );

describe("bulk actions on contacts", () => {
  it("'all matching' assigns exactly the matching contacts in one call, and undo restores them", async () => {
    const matching = await Promise.all(
      ["Akosua", "Kwabena", "Efua", "Yaw"].map((n) => seedContact(n, staff.id, { city: `Ho ${tag}` })),
    );
    const other = await seedContact("Adwoa", staff.id, { city: "Tamale" });
    const { data, error } = await asAdmin.rpc("bulk_change_contacts", {
      change: { action: "assign", owner_id: colleague.id },
      filter: { tag, city: `Ho ${tag}` },
    });
    expect(error).toBeNull();
    const result = bulkResultSchema.parse(data);
    expect(result).toMatchObject({ matched: 4, changed: 4, unchanged: 0, refused: [] });
    expect(result.previous.map((p) => p.id).sort()).toEqual([...matching].sort());
    const after = await ownerOf([...matching, other]);
    for (const id of matching) expect(after[id]).toBe(colleague.id);
    expect(after[other]).toBe(staff.id);

    // Someone edits one of them meanwhile: the undo leaves that one and restores the rest.
    await must(
      service.from("contacts").update({ stage: "prospect" }).eq("id", matching[0]!).select(),
      "edit",
    );
    const undo = bulkUndoResultSchema.parse(
      (await asAdmin.rpc("bulk_undo", { target: "contacts", previous: result.previous })).data,
    );
    expect(undo.restored).toBe(3);
    expect(undo.refused).toEqual([
      { id: matching[0], name: `Akosua ${tag}`, reason: "edited by someone else meanwhile" },
    ]);
    const restored = await ownerOf(matching);
    expect(restored[matching[0]!]).toBe(colleague.id);
    for (const id of matching.slice(1)) expect(restored[id]).toBe(staff.id);
  });

  it("staff on a colleague's contact: refused per row with the reason, the rest changed", async () => {
    const own = await seedContact("Nana", staff.id);
    const assigned = await seedContact("Kojo", colleague.id, { assignee_id: staff.id });
    const hidden = await seedContact("Abena", colleague.id);
    // Taking a colleague's contact over is a hand-over too: refused by name.
    const { data, error } = await asStaff.rpc("bulk_change_contacts", {
      change: { action: "assign", owner_id: staff.id },
      ids: [own, assigned, hidden],
    });
    expect(error).toBeNull();
    const result = bulkResultSchema.parse(data);
    expect(result).toMatchObject({ changed: 0, unchanged: 1 });
    expect(result.refused).toEqual([
      { id: assigned, name: `Kojo ${tag}`, reason: "owned by another agent" },
      // Not visible to the caller: refused without a word about the row.
      { id: hidden, name: null, reason: "not found, or not yours to see" },
    ]);
    expect(await ownerOf([own, assigned, hidden])).toEqual({
      [own]: staff.id,
      [assigned]: colleague.id,
      [hidden]: colleague.id,
    });
    // Handing one's own contact to a colleague would take it out of an "own records" view.
    const away = await asStaff.rpc("bulk_change_contacts", {
      change: { action: "assign", owner_id: colleague.id },
      ids: [own],
    });
    expect(away.error?.message).toMatch(/ask an admin/);
    expect((await ownerOf([own]))[own]).toBe(staff.id);

    // A tag is not a hand-over: the assignee may add it.
    const tagged = bulkResultSchema.parse(
      (await asStaff.rpc("bulk_change_contacts", { change: { action: "tag", tag: "vip" }, ids: [assigned] }))
        .data,
    );
    expect(tagged).toMatchObject({ changed: 1, refused: [] });
    // Deleting is the owner's or an admin's.
    const del = bulkResultSchema.parse(
      (await asStaff.rpc("bulk_change_contacts", { change: { action: "delete" }, ids: [assigned] })).data,
    );
    expect(del).toMatchObject({ changed: 0, refused: [{ id: assigned, reason: "owned by another agent" }] });
    expect((await service.from("contacts").select("id").eq("id", assigned)).data).toHaveLength(1);
  });

  it("bad input is refused with a clear error; visitors change nothing", async () => {
    const id = await seedContact("Esi", staff.id);
    const both = await asAdmin.rpc("bulk_change_contacts", {
      change: { action: "stage", stage: "client" },
      ids: [id],
      filter: { tag },
    });
    expect(both.error?.message).toMatch(/not both/);
    const unknown = await asAdmin.rpc("bulk_change_contacts", { change: { action: "explode" }, ids: [id] });
    expect(unknown.error?.message).toMatch(/Unknown bulk action/);
    const notTeam = await asAdmin.rpc("bulk_change_contacts", {
      change: { action: "assign", owner_id: visitor.id },
      ids: [id],
    });
    expect(notTeam.error?.message).toMatch(/team member/);
    const asVisitorResult = await asVisitor.rpc("bulk_change_contacts", {
      change: { action: "stage", stage: "client" },
      filter: { tag },
    });
    expect(asVisitorResult.data?.changed ?? 0).toBe(0);
    expect((await service.from("contacts").select("stage").eq("id", id).single()).data?.stage).toBe("lead");
  });
});

describe("bulk actions on tasks", () => {
  it("status by filter changes the matching tasks; a colleague's task is not the staff's to delete", async () => {
    const seed = (title: string, owner: string, assignee: string | null) =>
      must(
        service
          .from("tasks")
          .insert({ title: `${title} t${tag}`, owner_id: owner, assignee_id: assignee, priority: "high" })
          .select("id")
          .single(),
        title,
      ).then((r) => (r as { id: string }).id);
    const mine = await seed("Call the surveyor", staff.id, staff.id);
    const given = await seed("Check the title", colleague.id, staff.id);
    const status = bulkResultSchema.parse(
      (
        await asStaff.rpc("bulk_change_tasks", {
          change: { action: "status", status: "in_progress" },
          filter: { q: `t${tag}`, priority: ["high"] },
        })
      ).data,
    );
    expect(status).toMatchObject({ matched: 2, changed: 2, refused: [] });
    const del = bulkResultSchema.parse(
      (await asStaff.rpc("bulk_change_tasks", { change: { action: "delete" }, ids: [mine, given] })).data,
    );
    expect(del).toMatchObject({
      changed: 1,
      refused: [{ id: given, name: `Check the title t${tag}`, reason: "owned by another agent" }],
    });
    const left = await service.from("tasks").select("id, status").like("title", `%t${tag}%`);
    expect(left.data).toEqual([{ id: given, status: "in_progress" }]);
  });
});

describe("the tasks list's default order", () => {
  it("puts open tasks before done and cancelled ones, each by due date", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9)).toISOString();
    await must(
      service.from("tasks").insert([
        { title: `Done long ago o${tag}`, owner_id: staff.id, status: "done", due_at: day(2) },
        { title: `Open later o${tag}`, owner_id: staff.id, status: "todo", due_at: day(9) },
        { title: `Cancelled o${tag}`, owner_id: staff.id, status: "cancelled", due_at: day(1) },
        { title: `Open sooner o${tag}`, owner_id: staff.id, status: "in_progress", due_at: day(5) },
      ]),
      "seed",
    );
    const { data } = await asStaff
      .from("tasks")
      .select("title")
      .like("title", `%o${tag}`)
      .order("is_closed")
      .order("due_at");
    expect((data ?? []).map((t) => (t as { title: string }).title)).toEqual([
      `Open sooner o${tag}`,
      `Open later o${tag}`,
      `Cancelled o${tag}`,
      `Done long ago o${tag}`,
    ]);
  });
});
