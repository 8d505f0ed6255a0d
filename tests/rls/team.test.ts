/**
 * RLS of team administration, judged by what the database holds afterwards:
 *   - record visibility own / branch / all on owned tables: the owner, a colleague of the same
 *     branch, a colleague of another branch and an admin, per mode;
 *   - branches: staff read them, only admins add, rename and remove;
 *   - deactivation: the member's token still verifies but reads and writes nothing; they cannot
 *     reactivate themselves or change their branch; reactivation restores access;
 *   - hand-over: admins only, to an active member only, moved rows audited with the admin;
 *   - team_members for admins only; end_member_sessions for the secret key only;
 *   - organisation_settings (the two-factor policy): staff read it, only admins change it, nobody
 *     adds or removes the one row.
 */
import crypto from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  must,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const branchIds: string[] = [];
const users: TestUser[] = [];
let owner: TestUser, mate: TestUser, far: TestUser, admin: TestUser, heir: TestUser;
let ownerDb: SupabaseClient, mateDb: SupabaseClient, farDb: SupabaseClient, adminDb: SupabaseClient;

async function setMode(module: string, mode: "own" | "branch" | "all") {
  await must(service.from("module_access").update({ mode }).eq("module", module).select(), `set ${module}`);
}

/** One owned table of a module: a row owned (or assigned, for inbox items) by `owner`. */
interface Owned {
  module: string;
  table: string;
  row: (by: string) => Record<string, unknown>;
}
const now = new Date().toISOString();
const inAnHour = new Date(Date.now() + 3600_000).toISOString();
const OWNED: Owned[] = [
  { module: "contacts", table: "contacts", row: (by) => ({ first_name: `Team ${tag}`, owner_id: by }) },
  { module: "tasks", table: "tasks", row: (by) => ({ title: `Team ${tag}`, owner_id: by }) },
  {
    module: "listings",
    table: "properties",
    row: (by) => ({
      slug: `team-${tag}-${crypto.randomUUID().slice(0, 4)}`,
      title: `Team ${tag}`,
      property_type: "house",
      listing_type: "sale",
      price: 250000,
      currency: "GHS",
      city: "Accra",
      status: "draft",
      owner_id: by,
    }),
  },
  {
    module: "inbox",
    table: "contact_submissions",
    row: (by) => ({
      full_name: `Team ${tag}`,
      email: `team-${tag}@tests.example`,
      message: "Please call me back about a plot in Kumasi.",
      consent_at: now,
      assignee_id: by,
    }),
  },
  {
    module: "events",
    table: "events",
    row: (by) => ({ title: `Team ${tag}`, starts_at: now, ends_at: inAnHour, owner_id: by }),
  },
  {
    module: "email_marketing",
    table: "email_templates",
    row: (by) => ({ name: `Team ${tag}`, subject: "Hello", body: "Hello {{first_name}}", owner_id: by }),
  },
  {
    module: "email_marketing",
    table: "email_lists",
    row: (by) => ({ name: `Team ${tag}`, owner_id: by }),
  },
  { module: "files", table: "file_folders", row: (by) => ({ name: `Team ${tag}`, owner_id: by }) },
  {
    module: "blog",
    table: "content_plan_items",
    row: (by) => ({ title: `Team ${tag}`, planned_for: now.slice(0, 10), owner_id: by }),
  },
];
const created: Array<{ table: string; id: string }> = [];

beforeAll(async () => {
  const [a, b] = (await must(
    service
      .from("branches")
      .insert([{ name: `Team A ${tag}` }, { name: `Team B ${tag}` }])
      .select("id"),
    "branches",
  )) as Array<{ id: string }>;
  branchIds.push(a!.id, b!.id);
  [owner, mate, far, admin, heir] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
  ]);
  users.push(owner, mate, far, admin, heir);
  await must(
    service.from("profiles").update({ branch_id: a!.id }).in("user_id", [owner.id, mate.id]).select(),
    "branch A",
  );
  await must(
    service.from("profiles").update({ branch_id: b!.id }).eq("user_id", far.id).select(),
    "branch B",
  );
  [ownerDb, mateDb, farDb, adminDb] = (await Promise.all(
    [owner, mate, far, admin].map((u) => signedInClient(u.email, u.password)),
  )) as [SupabaseClient, SupabaseClient, SupabaseClient, SupabaseClient];
  for (const o of OWNED) {
    const row = (await must(
      service.from(o.table).insert(o.row(owner.id)).select("id").single(),
      o.table,
    )) as {
      id: string;
    };
    created.push({ table: o.table, id: row.id });
  }
}, 60_000);

afterAll(async () => {
  for (const c of created) await service.from(c.table).delete().eq("id", c.id);
  for (const u of users) await deleteTestUser(u.id);
  await service.from("branches").delete().in("id", branchIds);
});

async function sees(db: SupabaseClient, table: string, id: string): Promise<boolean> {
  return ((await db.from(table).select("id").eq("id", id)).data ?? []).length === 1;
}

describe("record visibility own / branch / all", () => {
  // Letters: owner · same-branch colleague · other-branch colleague · admin.
  const expected = { own: "YNNY", branch: "YYNY", all: "YYYY" } as const;
  for (const [i, o] of OWNED.entries())
    it(`${o.table} (module ${o.module})`, async () => {
      const id = created[i]!.id;
      const modules = await must(
        service.from("module_access").select("mode").eq("module", o.module).single(),
        "mode",
      );
      const original = (modules as { mode: "own" | "branch" | "all" }).mode;
      try {
        for (const mode of ["own", "branch", "all"] as const) {
          await setMode(o.module, mode);
          let got = "";
          for (const db of [ownerDb, mateDb, farDb, adminDb])
            got += (await sees(db, o.table, id)) ? "Y" : "N";
          expect(got, `${o.table} · select · mode ${mode}`).toBe(expected[mode]);
        }
      } finally {
        await setMode(o.module, original);
      }
    });

  it("branch mode lets a same-branch colleague edit, not one of another branch", async () => {
    const before = (await must(
      service.from("module_access").select("mode").eq("module", "contacts").single(),
      "m",
    )) as {
      mode: "own" | "branch" | "all";
    };
    await setMode("contacts", "branch");
    try {
      const id = created[0]!.id;
      await mateDb.from("contacts").update({ last_name: "Mate" }).eq("id", id);
      await farDb.from("contacts").update({ last_name: "Far" }).eq("id", id);
      const row = (await must(
        service.from("contacts").select("last_name").eq("id", id).single(),
        "read",
      )) as {
        last_name: string | null;
      };
      expect(row.last_name).toBe("Mate");
    } finally {
      await setMode("contacts", before.mode);
    }
  });
});

describe("branches", () => {
  it("staff read them; only admins add, rename and remove", async () => {
    expect(await sees(ownerDb, "branches", branchIds[0]!)).toBe(true);
    expect(await sees(anonClient(), "branches", branchIds[0]!)).toBe(false);
    const staffAdd = await ownerDb.from("branches").insert({ name: `Staff ${tag}` });
    expect(staffAdd.error?.code).toBe("42501");
    await ownerDb
      .from("branches")
      .update({ name: `Renamed ${tag}` })
      .eq("id", branchIds[0]!);
    const still = (await must(
      service.from("branches").select("name").eq("id", branchIds[0]!).single(),
      "b",
    )) as {
      name: string;
    };
    expect(still.name).toBe(`Team A ${tag}`);
    const added = (await must(
      adminDb
        .from("branches")
        .insert({ name: `Admin ${tag}` })
        .select("id")
        .single(),
      "add",
    )) as {
      id: string;
    };
    branchIds.push(added.id);
    const dup = await adminDb.from("branches").insert({ name: ` admin ${tag.toUpperCase()} `.toLowerCase() });
    expect(dup.error?.code, "a second branch of the same name").toBe("23505");
    await must(adminDb.from("branches").delete().eq("id", added.id).select(), "remove");
    expect(await sees(service, "branches", added.id)).toBe(false);
  });

  it("a member cannot move themselves to another branch", async () => {
    const { error } = await ownerDb
      .from("profiles")
      .update({ branch_id: branchIds[1] })
      .eq("user_id", owner.id);
    expect(error?.code).toBe("42501");
  });
});

describe("organisation_settings", () => {
  it("staff read the policy; only admins change it; visitors see nothing; nobody adds a row", async () => {
    const policy = (await must(
      service.from("organisation_settings").select("id, two_factor_admins, two_factor_staff").single(),
      "policy",
    )) as { id: string; two_factor_admins: boolean; two_factor_staff: boolean };
    expect((await ownerDb.from("organisation_settings").select("id")).data).toEqual([{ id: policy.id }]);
    expect((await anonClient().from("organisation_settings").select("id")).data ?? []).toEqual([]);
    const byStaff = await ownerDb
      .from("organisation_settings")
      .update({ two_factor_staff: !policy.two_factor_staff })
      .eq("id", policy.id)
      .select("id");
    expect(byStaff.data ?? [], "a staff member's change touches no row").toEqual([]);
    // The admin writes the values back unchanged: other files' members stay under the same policy.
    const byAdmin = await adminDb
      .from("organisation_settings")
      .update({ two_factor_staff: policy.two_factor_staff })
      .eq("id", policy.id)
      .select("id");
    expect(byAdmin.data).toEqual([{ id: policy.id }]);
    const second = await adminDb.from("organisation_settings").insert({ singleton: true });
    expect(second.error?.code).toBe("42501");
    const after = (await must(
      service.from("organisation_settings").select("two_factor_admins, two_factor_staff").single(),
      "after",
    )) as { two_factor_admins: boolean; two_factor_staff: boolean };
    expect(after).toEqual({
      two_factor_admins: policy.two_factor_admins,
      two_factor_staff: policy.two_factor_staff,
    });
  });
});

describe("team_invitations", () => {
  it("admins read them; staff and anon read nothing; nobody but the secret key writes", async () => {
    const row = (await must(
      service
        .from("team_invitations")
        .insert({
          user_id: far.id,
          email: far.email,
          role: "staff",
          token_hash: crypto.createHash("sha256").update(tag).digest("hex"),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .select("id")
        .single(),
      "invitation",
    )) as { id: string };
    try {
      expect(await sees(adminDb, "team_invitations", row.id)).toBe(true);
      expect(await sees(ownerDb, "team_invitations", row.id)).toBe(false);
      expect(await sees(anonClient(), "team_invitations", row.id)).toBe(false);
      const forged = await adminDb
        .from("team_invitations")
        .update({ expires_at: new Date(Date.now() + 99 * 86_400_000).toISOString() })
        .eq("id", row.id)
        .select("id");
      expect(forged.error?.code, "an admin's token cannot extend a link").toBe("42501");
      const insert = await adminDb.from("team_invitations").insert({
        user_id: far.id,
        email: far.email,
        role: "admin",
        token_hash: "0".repeat(64),
        expires_at: new Date().toISOString(),
      });
      expect(insert.error?.code).toBe("42501");
    } finally {
      await service.from("team_invitations").delete().eq("id", row.id);
    }
  });
});

describe("deactivation", () => {
  it("the member's live token reads and writes nothing; they cannot undo it; reactivation restores", async () => {
    const contactId = created[0]!.id;
    expect(await sees(ownerDb, "contacts", contactId)).toBe(true);
    await must(
      service
        .from("profiles")
        .update({ deactivated_at: new Date().toISOString() })
        .eq("user_id", owner.id)
        .select(),
      "deactivate",
    );
    try {
      expect(await sees(ownerDb, "contacts", contactId), "read after deactivation").toBe(false);
      const write = await ownerDb
        .from("tasks")
        .insert({ title: `After ${tag}`, owner_id: owner.id })
        .select("id");
      expect(write.error?.code, "write after deactivation").toBe("42501");
      const undo = await ownerDb.from("profiles").update({ deactivated_at: null }).eq("user_id", owner.id);
      expect(undo.error?.code, "self-reactivation").toBe("42501");
    } finally {
      await must(
        service.from("profiles").update({ deactivated_at: null }).eq("user_id", owner.id).select(),
        "re",
      );
    }
    expect(await sees(ownerDb, "contacts", contactId), "read after reactivation").toBe(true);
  });
});

describe("hand-over", () => {
  it("admins only, to an active member only; the moved rows are audited with the admin", async () => {
    const staffTry = await mateDb.rpc("hand_over_records", { from_member: owner.id, to_member: mate.id });
    expect(staffTry.error?.code).toBe("42501");
    await must(
      service
        .from("profiles")
        .update({ deactivated_at: new Date().toISOString() })
        .eq("user_id", heir.id)
        .select(),
      "deactivate heir",
    );
    const toLeaver = await adminDb.rpc("hand_over_records", { from_member: owner.id, to_member: heir.id });
    expect(toLeaver.error?.code).toBe("22023");
    expect(toLeaver.error?.message).toMatch(/another active member/);
    const toSelf = await adminDb.rpc("hand_over_records", { from_member: owner.id, to_member: owner.id });
    expect(toSelf.error?.code).toBe("22023");

    const moved = (await must(
      adminDb.rpc("hand_over_records", { from_member: owner.id, to_member: mate.id }),
      "hand over",
    )) as Array<{ module: string; moved: number }>;
    const by = Object.fromEntries(moved.map((m) => [m.module, Number(m.moved)]));
    expect(by).toMatchObject({ contacts: 1, tasks: 1, listings: 1, inbox: 1 });
    const contact = (await must(
      service.from("contacts").select("owner_id").eq("id", created[0]!.id).single(),
      "contact",
    )) as { owner_id: string };
    expect(contact.owner_id).toBe(mate.id);
    const audit = (await must(
      service
        .from("audit_log")
        .select("actor_id, changes")
        .eq("table_name", "contacts")
        .eq("record_id", created[0]!.id)
        .eq("action", "update"),
      "audit",
    )) as Array<{ actor_id: string; changes: Record<string, unknown> }>;
    expect(audit.some((a) => a.actor_id === admin.id && "owner_id" in a.changes)).toBe(true);
  });
});

describe("team_members and sessions", () => {
  it("team_members lists members for admins, nothing for staff", async () => {
    const rows = (await must(adminDb.rpc("team_members"), "admin")) as Array<{
      user_id: string;
      branch_id: string;
    }>;
    expect(rows.find((r) => r.user_id === mate.id)?.branch_id).toBe(branchIds[0]);
    const staffRows = await mateDb.rpc("team_members");
    expect(staffRows.data ?? []).toEqual([]);
  });

  it("my_sessions shows one's own; end_member_sessions is the secret key's only", async () => {
    const mine = (await must(farDb.rpc("my_sessions"), "mine")) as Array<{ current: boolean }>;
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    const byAdmin = await adminDb.rpc("end_member_sessions", { member: far.id });
    expect(byAdmin.error, "an admin's own token may not call it").not.toBeNull();
    const ended = await must(service.rpc("end_member_sessions", { member: far.id }), "end");
    expect(Number(ended)).toBeGreaterThanOrEqual(1);
    const { error } = await farDb.auth.getUser();
    expect(error?.message ?? "").toMatch(/session/i);
  });
});
