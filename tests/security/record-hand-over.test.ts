/**
 * Issue 22, item 5: an assignee could take a record over. Assigned to another agent's contact or
 * task, a member of staff set owner_id to themselves and assignee_id to null (the owner then saw
 * nothing) and deleted it. Only the owner or an admin changes the owner or the assignee, and
 * deletes (private.may_hand_over, on every owned table); the assignee still edits the record.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactOf, member, must, newTag, removeMembers, service, type Member } from "./team.ts";

const tag = newTag();
let owner: Member;
let assignee: Member;
let admin: Member;

/** A record of `table` owned by the owner and assigned to the assignee (secret key). */
async function sharedRecord(table: "contacts" | "tasks"): Promise<string> {
  if (table === "contacts")
    return (
      await contactOf(owner.id, { first_name: "Yaa", last_name: `Shared-${tag}`, assignee_id: assignee.id })
    ).id;
  const row = await must(
    service
      .from("tasks")
      .insert({ title: `Shared task ${tag}`, owner_id: owner.id, assignee_id: assignee.id })
      .select("id")
      .single(),
    "task",
  );
  return (row as { id: string }).id;
}

const stored = async (table: string, id: string) =>
  (await service.from(table).select("owner_id, assignee_id").eq("id", id).maybeSingle()).data as {
    owner_id: string | null;
    assignee_id: string | null;
  } | null;

const update = (c: SupabaseClient, table: string, id: string, patch: Record<string, unknown>) =>
  c.from(table).update(patch).eq("id", id).select("id");

beforeAll(async () => {
  [owner, assignee, admin] = await Promise.all([member("staff"), member("staff"), member("admin")]);
}, 60_000);
afterAll(async () => {
  await service.from("tasks").delete().like("title", `% ${tag}`);
  await service.from("contacts").delete().like("last_name", `%-${tag}`);
  await removeMembers(owner, assignee, admin);
});

describe.each(["contacts", "tasks"] as const)("item 5: %s", (table) => {
  it("the assignee edits the record but cannot take it over, drop themselves off it or delete it", async () => {
    const id = await sharedRecord(table);
    const field = table === "contacts" ? { notes: `Called ${tag}` } : { description: `Called ${tag}` };
    expect((await update(assignee.client, table, id, field)).error).toBeNull();
    for (const patch of [
      { owner_id: assignee.id, assignee_id: null },
      { owner_id: assignee.id },
      { assignee_id: null },
    ]) {
      const res = await update(assignee.client, table, id, patch);
      expect(res.error?.code, JSON.stringify(patch)).toBe("42501");
    }
    const removed = await assignee.client.from(table).delete().eq("id", id).select("id");
    expect(removed.error?.code ?? (removed.data ?? []).length).not.toBe(1);
    expect(await stored(table, id)).toEqual({ owner_id: owner.id, assignee_id: assignee.id });
  });

  it("the owner reassigns, an admin hands it over, the owner deletes", async () => {
    const id = await sharedRecord(table);
    expect((await update(owner.client, table, id, { assignee_id: null })).error).toBeNull();
    expect((await update(admin.client, table, id, { owner_id: assignee.id })).error).toBeNull();
    expect(await stored(table, id)).toEqual({ owner_id: assignee.id, assignee_id: null });
    expect((await assignee.client.from(table).delete().eq("id", id).select("id")).data).toHaveLength(1);
    expect(await stored(table, id)).toBeNull();
  });
});
