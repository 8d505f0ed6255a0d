/**
 * The command palette's search (public.search_records) under record-level access, with two
 * agents whose modules this file switches to "own" mode (restoring them after) and an admin:
 *   - each agent finds their own contact, deal, task, listing draft, message and event by a
 *     word of its title or name, never the other agent's; the admin finds both;
 *   - an agent finds their one record even when a colleague has hundreds matching the same word
 *     (the candidates are narrowed by the caller's visibility before they are cut);
 *   - a contact by a phone in each Ghanaian format, and by e-mail, for its owner only.
 */
import crypto from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import { must } from "./support.ts";

const service = serviceClient();
// A word of letters only, found nowhere else: the tsvector reads it as one word.
const word = `zq${crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 8)}`;
const SALE = "00000000-0000-4000-d100-000000000001";
const SALE_NEW = "00000000-0000-4000-d200-000000000101";
const now = new Date().toISOString();
const inAnHour = new Date(Date.now() + 3_600_000).toISOString();

/** One owned row per kind, titled with the word and whose it is. */
const OWNED: Record<string, (by: string, who: string) => Record<string, unknown>> = {
  contacts: (by, who) => ({ first_name: word, last_name: who, owner_id: by }),
  deals: (by, who) => ({
    title: `Plot ${word} ${who}`,
    pipeline_id: SALE,
    stage_id: SALE_NEW,
    value: 9333333.32,
    currency: "GHS",
    owner_id: by,
  }),
  tasks: (by, who) => ({ title: `Call ${word} ${who}`, owner_id: by }),
  properties: (by, who) => ({
    slug: `search-${word}-${who.toLowerCase()}`,
    title: `House ${word} ${who}`,
    property_type: "house",
    listing_type: "sale",
    price: 250000,
    currency: "GHS",
    city: "Accra",
    status: "draft",
    owner_id: by,
  }),
  contact_submissions: (by, who) => ({
    full_name: `${word} ${who}`,
    email: `${who.toLowerCase()}-${word}@tests.example`,
    message: "Please call me back about a plot in Kumasi.",
    consent_at: now,
    assignee_id: by,
  }),
  events: (by, who) => ({ title: `Viewing ${word} ${who}`, starts_at: now, ends_at: inAnHour, owner_id: by }),
};
const KINDS = Object.keys(OWNED);
const MODULES = ["contacts", "deals", "tasks", "listings", "inbox", "events"];
const modes: Array<{ module: string; mode: string }> = [];

let ama: TestUser, yaw: TestUser;
let amaDb: SupabaseClient, yawDb: SupabaseClient, adminDb: SupabaseClient;
const created: Array<{ table: string; id: string }> = [];

type Hit = { kind: string; id: string; title: string };
async function search(db: SupabaseClient, term: string, kinds = KINDS, perKind = 20): Promise<Hit[]> {
  const { data, error } = await db.rpc("search_records", { term, kinds, per_kind: perKind });
  if (error) throw new Error(`search ${term}: ${error.message}`);
  return data as Hit[];
}
const mine = (hits: Hit[], kind: string) => hits.filter((h) => h.kind === kind).map((h) => h.id);

async function insert(table: string, rows: Record<string, unknown>[]): Promise<string[]> {
  const got = (await must(service.from(table).insert(rows).select("id"), table)) as Array<{ id: string }>;
  created.push(...got.map((r) => ({ table, id: r.id })));
  return got.map((r) => r.id);
}

const ids: Record<string, { ama: string; yaw: string }> = {};
beforeAll(async () => {
  modes.push(
    ...((await must(
      service.from("module_access").select("module, mode").in("module", MODULES),
      "modes",
    )) as typeof modes),
  );
  await must(
    service.from("module_access").update({ mode: "own" }).in("module", MODULES).select(),
    "own mode",
  );
  [ama, yaw] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "staff" })]);
  [amaDb, yawDb, adminDb] = await Promise.all([
    signedInClient(ama.email, ama.password),
    signedInClient(yaw.email, yaw.password),
    signedInClient("admin@demo.test"),
  ]);
  for (const kind of KINDS) {
    const [a, y] = await insert(kind, [OWNED[kind]!(ama.id, "Ama"), OWNED[kind]!(yaw.id, "Yaw")]);
    ids[kind] = { ama: a!, yaw: y! };
  }
}, 60_000);

afterAll(async () => {
  for (const m of modes) await service.from("module_access").update({ mode: m.mode }).eq("module", m.module);
  for (const c of created.reverse()) await service.from(c.table).delete().eq("id", c.id);
  await Promise.all([ama, yaw].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

describe("search over everything under own-mode access", () => {
  it("each agent finds only their own record of every kind; the admin finds both", async () => {
    const [asAma, asYaw, asAdmin] = await Promise.all([
      search(amaDb, word),
      search(yawDb, word),
      search(adminDb, word),
    ]);
    for (const kind of KINDS) {
      expect(mine(asAma, kind), `${kind} as Ama`).toEqual([ids[kind]!.ama]);
      expect(mine(asYaw, kind), `${kind} as Yaw`).toEqual([ids[kind]!.yaw]);
      expect(mine(asAdmin, kind).sort(), `${kind} as admin`).toEqual([ids[kind]!.ama, ids[kind]!.yaw].sort());
    }
  });

  it("finds by any word in any order, the last one possibly unfinished", async () => {
    for (const term of [`ama ${word.toUpperCase()}`, `${word} Am`, `Ama ${word.slice(0, 5)}`]) {
      const hits = await search(amaDb, term, ["contacts", "tasks"]);
      expect(mine(hits, "contacts"), term).toEqual([ids.contacts!.ama]);
      expect(mine(hits, "tasks"), term).toEqual([ids.tasks!.ama]);
    }
    expect(await search(amaDb, `yaw ${word}`, ["contacts", "tasks"])).toEqual([]);
  });

  it("an agent's one record is found among hundreds of a colleague's matching the same word", async () => {
    const crowd = `zr${word.slice(2)}`;
    const [own] = await insert("contacts", [{ first_name: crowd, last_name: "Ama", owner_id: ama.id }]);
    await insert(
      "contacts",
      Array.from({ length: 260 }, (_, i) => ({ first_name: crowd, last_name: `Yaw${i}`, owner_id: yaw.id })),
    );
    const hits = await search(amaDb, crowd, ["contacts", "deals"], 5);
    expect(mine(hits, "contacts")).toEqual([own]);
    expect((await search(yawDb, crowd, ["contacts"], 5)).length).toBe(5);
  });

  it("a contact by its phone in every Ghanaian format and by e-mail, for its owner only", async () => {
    const n = String(1_000_000 + (parseInt(crypto.randomUUID().slice(0, 6), 16) % 8_999_999));
    const [id] = await insert("contacts", [
      {
        first_name: "Phone",
        last_name: word,
        phone: `024${n}`,
        email: `p.${word}@tests.example`,
        owner_id: ama.id,
      },
    ]);
    for (const term of [
      `024${n}`,
      `024 ${n.slice(0, 3)} ${n.slice(3)}`,
      `+233 24 ${n}`,
      `23324${n}`,
      `p.${word}@tests.example`,
      `P.${word}@tes`,
    ]) {
      expect(mine(await search(amaDb, term, ["contacts"]), "contacts"), term).toEqual([id]);
      expect(mine(await search(yawDb, term, ["contacts"]), "contacts"), `${term} as Yaw`).toEqual([]);
    }
  });
});

// Each module's own search box (search_<table>) takes its rows from the same candidates as the
// palette: same words, same access. What a box returns must be exactly what the table's read
// policy shows of the matching rows — a pre-filter narrower than the policy would hide records.
const BOXES: Record<string, string> = {
  contacts: "search_contacts",
  deals: "search_deals",
  tasks: "search_tasks",
  properties: "search_properties",
  contact_submissions: "search_contact_submissions",
};
async function box(db: SupabaseClient, kind: string, term: string): Promise<string[]> {
  const rows = (await must(db.rpc(BOXES[kind]!, { term }).select("id"), `${BOXES[kind]} ${term}`)) as Array<{
    id: string;
  }>;
  return rows.map((r) => r.id).sort();
}

describe("each module's search box on the same search documents", () => {
  it("finds what the table's read policy shows of the matches, for each agent and the admin", async () => {
    // Assigned to Ama, owned by Yaw: the policy shows it to both, so both boxes must find it.
    const [assigned] = await insert("tasks", [
      { title: `Visit ${word} assigned`, owner_id: yaw.id, assignee_id: ama.id },
    ]);
    for (const kind of Object.keys(BOXES)) {
      for (const [db, who] of [
        [amaDb, "Ama"],
        [yawDb, "Yaw"],
        [adminDb, "admin"],
      ] as const) {
        const viaPolicy = (
          (await must(
            db.from(kind).select("id").ilike("search_text", `%${word}%`),
            `${kind} as ${who}`,
          )) as Array<{
            id: string;
          }>
        )
          .map((r) => r.id)
          .sort();
        expect(await box(db, kind, word), `${kind} as ${who}`).toEqual(viaPolicy);
      }
      expect(await box(amaDb, kind, word), `${kind} as Ama`).toContain(ids[kind]!.ama);
      expect(await box(amaDb, kind, word), `${kind} as Ama`).not.toContain(ids[kind]!.yaw);
      expect(await box(adminDb, kind, word), `${kind} as admin`).toContain(ids[kind]!.yaw);
    }
    expect(await box(amaDb, "tasks", word)).toContain(assigned);
    expect(await box(yawDb, "tasks", word)).toContain(assigned);
  });

  it("reads words as the palette does: any order, the last unfinished; a phone in any format", async () => {
    for (const term of [`ama ${word.toUpperCase()}`, `Ama ${word.slice(0, 5)}`]) {
      expect(await box(amaDb, "contacts", term), term).toContain(ids.contacts!.ama);
      expect(await box(amaDb, "tasks", term), term).toEqual([ids.tasks!.ama]);
    }
    // Words are whole but the last: a piece from the middle of a word, or a cut word followed
    // by another, is not a word typed.
    expect(await box(amaDb, "tasks", word.slice(2))).toEqual([]);
    expect(await box(amaDb, "tasks", `${word.slice(0, 5)} ama`)).toEqual([]);
    const n = String(1_000_000 + (parseInt(crypto.randomUUID().slice(0, 6), 16) % 8_999_999));
    const [id] = await insert("contacts", [
      { first_name: "Box", last_name: word, phone: `020${n}`, owner_id: ama.id },
    ]);
    for (const term of [`020 ${n.slice(0, 3)} ${n.slice(3)}`, `+233 20 ${n}`, `23320${n}`]) {
      expect(await box(amaDb, "contacts", term), term).toEqual([id]);
      expect(await box(yawDb, "contacts", term), `${term} as Yaw`).toEqual([]);
    }
  });
});
