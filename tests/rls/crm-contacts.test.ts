/**
 * Business contacts in the database (migration 20261125100000_crm_contacts_deals.sql), judged by
 * what is stored afterwards (read with the secret key):
 *   - contacts: record-level access of module 'contacts' (own by default: the owner, the
 *     assignee and admins; company-wide when an admin switches the mode);
 *   - contact_activities: readable and writable by whoever may read the contact; hand-logged
 *     rows edited by their author or an admin; the timeline contract (dedup_key, last_activity_at);
 *   - normalisation by the table itself (E.164 phones and their network, lower-case e-mails);
 *   - contact_duplicates, search_contacts: under the caller's RLS;
 *   - merge_contacts: re-points every linked row, refuses with the reason when data would be lost;
 *   - export_contact / anonymise_contact (Act 843).
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toE164 } from "#core/contacts/phone.ts";
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
const SALE = "00000000-0000-4000-d100-000000000001";
const SALE_NEW = "00000000-0000-4000-d200-000000000101";

/** A unique Ghana mobile number per call (MTN 024 range), as typed by people. */
let phoneSeq = Math.floor(Math.random() * 9_000_000);
const typedPhone = () => {
  phoneSeq = (phoneSeq + 7919) % 10_000_000;
  const n = String(phoneSeq).padStart(7, "0");
  return `024 ${n.slice(0, 3)} ${n.slice(3)}`;
};
const e164 = (typed: string) => `+233${typed.replace(/\D/g, "").slice(1)}`;

const person = (name: string, extra: Record<string, unknown> = {}) => ({
  first_name: name,
  last_name: `Rls-${tag}`,
  ...extra,
});

async function seedContact(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = (await must(
    service
      .from("contacts")
      .insert(person(name, { owner_id: actors.staff.user!.id, ...extra }))
      .select("id")
      .single(),
    `seed ${name}`,
  )) as { id: string };
  return row.id;
}
const exists = async (table: string, column: string, value: string) =>
  ((await service.from(table).select(column).eq(column, value)).data ?? []).length === 1;
async function setMode(mode: "own" | "all") {
  await must(
    service.from("module_access").update({ mode }).eq("module", "contacts").select(),
    "set contacts mode",
  );
}

beforeAll(async () => {
  actors = await createActors();
}, 60_000);

afterAll(async () => {
  await setMode("own");
  const { data } = await service.from("contacts").select("id").eq("last_name", `Rls-${tag}`);
  const ids = (data ?? []).map((r: { id: string }) => r.id);
  if (ids.length) {
    await service.from("deals").delete().in("contact_id", ids);
    await service.from("contacts").delete().in("id", ids);
  }
  await service.from("contacts").delete().like("company_name", `%${tag}%`);
  for (const a of Object.values(actors ?? {}))
    if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id);
  if (printed.length)
    console.log(`\nBusiness contacts RLS (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
});

describe("contacts", () => {
  let contactId = "";
  beforeAll(async () => {
    contactId = await seedContact("Owned");
  });

  it("own mode: the owner, the assignee's peers never, admins at their AAL", async () => {
    expect(
      await letters(
        "contacts · select (mode own)",
        async (a) =>
          ((await a.client.from("contacts").select("id").eq("id", contactId)).data ?? []).length === 1,
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("contacts · insert as owner", async (a, i) => {
        const name = `Insert${i}`;
        await a.client.from("contacts").insert(person(name, { owner_id: a.user?.id ?? null }));
        return (
          (
            (await service.from("contacts").select("id").eq("first_name", name).eq("last_name", `Rls-${tag}`))
              .data ?? []
          ).length === 1
        );
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("contacts · insert for a colleague", async (a, i) => {
        const name = `ForOther${i}`;
        await a.client.from("contacts").insert(person(name, { owner_id: actors.admin_mfa_aal2.user!.id }));
        return (
          (
            (await service.from("contacts").select("id").eq("first_name", name).eq("last_name", `Rls-${tag}`))
              .data ?? []
          ).length === 1
        );
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("contacts · update · stage (mode own)", async (a, i) => {
        const city = `City ${i}`;
        await a.client.from("contacts").update({ city }).eq("id", contactId);
        return (
          (
            (await must(service.from("contacts").select("city").eq("id", contactId).single(), "read")) as {
              city: string | null;
            }
          ).city === city
        );
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("contacts · delete (mode own)", async (a, i) => {
        const id = await seedContact(`Delete${i}`);
        await a.client.from("contacts").delete().eq("id", id);
        return !(await exists("contacts", "id", id));
      }),
    ).toBe("NNYNYNY");
  });

  it("the assignee reads and edits but does not delete", async () => {
    const id = await seedContact("Assigned", { assignee_id: actors.other_staff.user!.id });
    const other = actors.other_staff.client;
    expect(((await other.from("contacts").select("id").eq("id", id)).data ?? []).length).toBe(1);
    await other.from("contacts").update({ stage: "prospect" }).eq("id", id);
    expect(
      (
        (await must(service.from("contacts").select("stage").eq("id", id).single(), "read")) as {
          stage: string;
        }
      ).stage,
    ).toBe("prospect");
    await other.from("contacts").delete().eq("id", id);
    expect(await exists("contacts", "id", id), "only the owner or an admin deletes").toBe(true);
  });

  it("company-wide mode: every staff member reads and edits", async () => {
    await setMode("all");
    try {
      expect(
        await letters(
          "contacts · select (mode all)",
          async (a) =>
            ((await a.client.from("contacts").select("id").eq("id", contactId)).data ?? []).length === 1,
        ),
      ).toBe("NNYYYNY");
    } finally {
      await setMode("own");
    }
  });

  it("clients cannot set what the database maintains (anonymised_at, last_activity_at)", async () => {
    const { error } = await actors.staff.client
      .from("contacts")
      .update({ anonymised_at: new Date().toISOString() })
      .eq("id", contactId);
    expect(error?.code).toBe("42501");
    const admin = await actors.admin.client
      .from("contacts")
      .update({ last_activity_at: new Date().toISOString() })
      .eq("id", contactId);
    expect(admin.error?.code).toBe("42501");
  });
});

describe("normalisation by the table, whoever writes", () => {
  it("phones become E.164 with their network; e-mails lower-case; tags clean", async () => {
    const typed = typedPhone();
    const { data, error } = await actors.staff.client
      .from("contacts")
      .insert(
        person("Normal", {
          owner_id: actors.staff.user!.id,
          phone: typed,
          alt_phone: "020 111 2233",
          email: "  Esi.Mensah@Example.COM ",
          tags: ["VIP", "vip", " East Legon "],
        }),
      )
      .select("phone, phone_network, alt_phone, email, tags, display_name")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      phone: e164(typed),
      phone_network: "mtn",
      alt_phone: "+233201112233",
      email: "esi.mensah@example.com",
      tags: ["vip", "east legon"],
      display_name: `Normal Rls-${tag}`,
    });
  });

  it("a phone that is no phone is refused with a sentence, not stored", async () => {
    const { error } = await actors.staff.client
      .from("contacts")
      .insert(person("BadPhone", { owner_id: actors.staff.user!.id, phone: "12-34" }));
    expect(error?.code).toBe("22023");
    expect(error?.message).toMatch(/The phone number "12-34" is not valid/);
    expect(
      (
        (
          await service
            .from("contacts")
            .select("id")
            .eq("first_name", "BadPhone")
            .eq("last_name", `Rls-${tag}`)
        ).data ?? []
      ).length,
    ).toBe(0);
  });

  it("consent is dated when given", async () => {
    const { data } = await actors.staff.client
      .from("contacts")
      .insert(
        person("Consent", {
          owner_id: actors.staff.user!.id,
          consent_status: "given",
          consent_source: "website_form",
        }),
      )
      .select("consent_at")
      .single();
    expect((data as { consent_at: string | null }).consent_at).not.toBeNull();
  });
});

describe("contact_activities (the timeline)", () => {
  let contactId = "";
  let noteId = "";
  beforeAll(async () => {
    contactId = await seedContact("Timeline");
    const { data, error } = await actors.staff.client
      .from("contact_activities")
      .insert({
        contact_id: contactId,
        kind: "call",
        summary: "Called about the Cantonments flat",
        actor_id: actors.staff.user!.id,
      })
      .select("id")
      .single();
    if (error) throw new Error(`seed note: ${error.message}`);
    noteId = (data as { id: string }).id;
  });

  it("readers of the contact read and log; authors and admins edit hand-logged rows", async () => {
    expect(
      await letters(
        "contact_activities · select",
        async (a) =>
          ((await a.client.from("contact_activities").select("id").eq("id", noteId)).data ?? []).length === 1,
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("contact_activities · insert as oneself", async (a, i) => {
        const summary = `Note ${i} ${tag}`;
        await a.client
          .from("contact_activities")
          .insert({ contact_id: contactId, kind: "note", summary, actor_id: a.user?.id ?? null });
        return exists("contact_activities", "summary", summary);
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("contact_activities · update · summary", async (a, i) => {
        const summary = `Edited ${i} ${tag}`;
        await a.client.from("contact_activities").update({ summary }).eq("id", noteId);
        return (
          (
            (await must(
              service.from("contact_activities").select("summary").eq("id", noteId).single(),
              "read",
            )) as { summary: string }
          ).summary === summary
        );
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("contact_activities · delete", async (a, i) => {
        const row = (await must(
          service
            .from("contact_activities")
            .insert({
              contact_id: contactId,
              kind: "note",
              summary: `To delete ${i}`,
              actor_id: actors.staff.user!.id,
            })
            .select("id")
            .single(),
          "seed",
        )) as { id: string };
        await a.client.from("contact_activities").delete().eq("id", row.id);
        return !(await exists("contact_activities", "id", row.id));
      }),
    ).toBe("NNYNYNY");
  });

  it("nobody logs in someone else's name, and a module's rows are not staff's to edit", async () => {
    const forged = await actors.staff.client.from("contact_activities").insert({
      contact_id: contactId,
      kind: "note",
      summary: `Forged ${tag}`,
      actor_id: actors.admin.user!.id,
    });
    expect(forged.error?.code).toBe("42501");
    const system = (await must(
      service
        .from("contact_activities")
        .insert({
          contact_id: contactId,
          kind: "invoice",
          summary: "Invoice INV-2026-0001 sent",
          record_table: "invoices",
          record_id: crypto.randomUUID(),
          actor_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "seed",
    )) as { id: string };
    await actors.staff.client.from("contact_activities").update({ summary: "changed" }).eq("id", system.id);
    expect(
      (
        (await must(
          service.from("contact_activities").select("summary").eq("id", system.id).single(),
          "read",
        )) as { summary: string }
      ).summary,
    ).toBe("Invoice INV-2026-0001 sent");
  });

  it("the contract: dedup_key logs once; the contact's last activity follows the newest row", async () => {
    const when = new Date(Date.now() + 60_000).toISOString();
    const row = {
      contact_id: contactId,
      kind: "invoice",
      summary: "Invoice sent",
      record_table: "invoices",
      record_id: crypto.randomUUID(),
      dedup_key: `invoices/${tag}/sent`,
      occurred_at: when,
    };
    await must(service.from("contact_activities").insert(row).select("id"), "first");
    const again = await service
      .from("contact_activities")
      .upsert(row, { onConflict: "dedup_key", ignoreDuplicates: true })
      .select("id");
    expect(again.error).toBeNull();
    expect(
      ((await service.from("contact_activities").select("id").eq("dedup_key", row.dedup_key)).data ?? [])
        .length,
    ).toBe(1);
    const c = (await must(
      service.from("contacts").select("last_activity_at").eq("id", contactId).single(),
      "read",
    )) as { last_activity_at: string };
    expect(new Date(c.last_activity_at).getTime()).toBe(new Date(when).getTime());
  });
});

describe("duplicates and search under RLS", () => {
  it("contact_duplicates finds the same phone however typed, and e-mails in any case — for those who may see it", async () => {
    const typed = typedPhone();
    const email = `dup.${tag}@example.com`;
    await seedContact("Dup", { phone: typed, email });
    const digits = typed.replace(/\D/g, "");
    expect(
      await letters("rpc contact_duplicates · by phone", async (a) => {
        const { data } = await a.client.rpc("contact_duplicates", {
          phone: `+233 ${digits.slice(1)}`,
          email: null,
        });
        return ((data as unknown[] | null) ?? []).length === 1;
      }),
    ).toBe("NNYNYNY");
    const byEmail = await actors.staff.client.rpc("contact_duplicates", {
      phone: null,
      email: email.toUpperCase(),
    });
    expect(((byEmail.data as { first_name: string }[] | null) ?? []).map((r) => r.first_name)).toEqual([
      "Dup",
    ]);
  });

  it("search_contacts finds by name, e-mail and the national phone format", async () => {
    const typed = typedPhone();
    await seedContact(`Searchable${tag}`, { phone: typed, email: `find.${tag}@example.com` });
    const staff = actors.staff.client;
    for (const term of [`searchable${tag}`, `find.${tag}`, typed.replace(/\s/g, "")]) {
      const { data, error } = await staff.rpc("search_contacts", { term }).select("first_name");
      expect(error).toBeNull();
      expect(
        ((data ?? []) as { first_name: string }[]).map((r) => r.first_name),
        term,
      ).toEqual([`Searchable${tag}`]);
    }
    const other = await actors.other_staff.client
      .rpc("search_contacts", { term: `searchable${tag}` })
      .select("id");
    expect(other.data, "another agent's contact stays hidden in own mode").toEqual([]);
  });
});

describe("merge_contacts", () => {
  it("re-points every linked row (timeline, deals, deal links, company members) and deletes the other", async () => {
    const keep = await seedContact("Keep", { phone: typedPhone(), tags: ["buyer"] });
    const gone = await seedContact("Gone", {
      phone: typedPhone(),
      email: `gone.${tag}@example.com`,
      tags: ["investor"],
      city: "Tema",
    });
    await must(
      service
        .from("contact_activities")
        .insert({
          contact_id: gone,
          kind: "note",
          summary: "Wants 3 bedrooms",
          actor_id: actors.staff.user!.id,
        })
        .select("id"),
      "note",
    );
    const deal = (await must(
      service
        .from("deals")
        .insert({
          title: `Merge deal ${tag}`,
          pipeline_id: SALE,
          stage_id: SALE_NEW,
          value: 900000,
          contact_id: gone,
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "deal",
    )) as { id: string };
    const shared = (await must(
      service
        .from("deals")
        .insert({
          title: `Shared deal ${tag}`,
          pipeline_id: SALE,
          stage_id: SALE_NEW,
          value: 100000,
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "deal 2",
    )) as { id: string };
    await must(
      service
        .from("deal_contacts")
        .insert([
          { deal_id: shared.id, contact_id: keep, role: "buyer" },
          { deal_id: shared.id, contact_id: gone, role: "other" },
        ])
        .select("deal_id"),
      "links",
    );

    const other = await actors.other_staff.client.rpc("merge_contacts", { keep_id: keep, merge_id: gone });
    expect(other.error?.code, "another agent may not merge contacts they cannot edit").toBe("42501");
    expect(await exists("contacts", "id", gone)).toBe(true);

    const { data, error } = await actors.staff.client.rpc("merge_contacts", {
      keep_id: keep,
      merge_id: gone,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: keep,
      email: `gone.${tag}@example.com`,
      city: "Tema",
      tags: ["buyer", "investor"],
    });
    expect(await exists("contacts", "id", gone)).toBe(false);
    expect(
      (
        (await must(service.from("deals").select("contact_id").eq("id", deal.id).single(), "deal")) as {
          contact_id: string;
        }
      ).contact_id,
    ).toBe(keep);
    expect(
      await must(service.from("deal_contacts").select("contact_id, role").eq("deal_id", shared.id), "links"),
    ).toEqual([{ contact_id: keep, role: "buyer" }]);
    const kinds = (
      (await must(
        service
          .from("contact_activities")
          .select("kind, summary")
          .eq("contact_id", keep)
          .order("occurred_at"),
        "timeline",
      )) as { kind: string; summary: string }[]
    ).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(["note", "deal", "merge"]));
  });

  it("refuses, with the reason and nothing changed, when a phone would be lost", async () => {
    const keep = await seedContact("KeepPhones", { phone: typedPhone(), alt_phone: typedPhone() });
    const gone = await seedContact("GonePhones", { phone: typedPhone() });
    await must(
      service
        .from("contact_activities")
        .insert({ contact_id: gone, kind: "note", summary: "Still mine", actor_id: actors.staff.user!.id })
        .select("id"),
      "note",
    );
    const { error } = await actors.staff.client.rpc("merge_contacts", { keep_id: keep, merge_id: gone });
    expect(error?.message).toMatch(/three different phone numbers .* remove one first, so no number is lost/);
    expect(await exists("contacts", "id", gone)).toBe(true);
    expect(
      ((await service.from("contact_activities").select("id").eq("contact_id", gone)).data ?? []).length,
    ).toBe(1);
  });

  it("refuses a person with a company", async () => {
    const keep = await seedContact("KeepPerson");
    const company = (await must(
      service
        .from("contacts")
        .insert({ kind: "company", company_name: `Mensah Estates ${tag}`, owner_id: actors.staff.user!.id })
        .select("id")
        .single(),
      "company",
    )) as { id: string };
    const { error } = await actors.staff.client.rpc("merge_contacts", {
      keep_id: keep,
      merge_id: company.id,
    });
    expect(error?.message).toBe("A person cannot be merged with a company.");
  });
});

describe("Act 843: export and anonymise", () => {
  it("export: whoever may read the contact, everything linked, and the export is logged", async () => {
    const id = await seedContact("Export", { email: `export.${tag}@example.com` });
    await must(
      service
        .from("contact_activities")
        .insert({
          contact_id: id,
          kind: "whatsapp",
          summary: "Sent the brochure",
          actor_id: actors.staff.user!.id,
        })
        .select("id"),
      "note",
    );
    expect(
      await letters("rpc export_contact", async (a) => {
        const { data } = await a.client.rpc("export_contact", { contact_id: id });
        return !!data && (data as { contact: { id: string } }).contact.id === id;
      }),
    ).toBe("NNYNYNY");
    const { data } = await actors.staff.client.rpc("export_contact", { contact_id: id });
    const doc = data as { linked_records: Record<string, unknown[]>; history: unknown[] };
    expect(doc.linked_records["contact_activities.contact_id"]?.length).toBeGreaterThanOrEqual(1);
    expect(doc.history.length).toBeGreaterThanOrEqual(1);
    const logged = (
      (await service.from("contact_activities").select("kind").eq("contact_id", id).eq("kind", "data_export"))
        .data ?? []
    ).length;
    expect(logged).toBeGreaterThanOrEqual(1);
  });

  it("anonymise: admins only; personal data gone, deals kept, the request logged", async () => {
    expect(
      await letters("rpc anonymise_contact", async (a, i) => {
        const id = await seedContact(`Anon${i}`, {
          phone: typedPhone(),
          email: `anon${i}.${tag}@example.com`,
        });
        await a.client.rpc("anonymise_contact", { contact_id: id, reason: "Request by e-mail" });
        return (
          (
            (await must(service.from("contacts").select("anonymised_at").eq("id", id).single(), "read")) as {
              anonymised_at: string | null;
            }
          ).anonymised_at !== null
        );
      }),
    ).toBe("NNNNYNY");
    const id = await seedContact("Erase", {
      phone: typedPhone(),
      email: `erase.${tag}@example.com`,
      notes: "Prefers calls after 5pm",
    });
    await must(
      service
        .from("contact_activities")
        .insert({
          contact_id: id,
          kind: "call",
          summary: "Discussed budget",
          body: "GHS 2m budget",
          actor_id: actors.staff.user!.id,
        })
        .select("id"),
      "call",
    );
    const deal = (await must(
      service
        .from("deals")
        .insert({
          title: `Erase deal ${tag}`,
          pipeline_id: SALE,
          stage_id: SALE_NEW,
          value: 100,
          contact_id: id,
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "deal",
    )) as { id: string };
    const refused = await actors.admin.client.rpc("anonymise_contact", { contact_id: id, reason: "" });
    expect(refused.error?.message).toMatch(/Say why/);
    const { error } = await actors.admin.client.rpc("anonymise_contact", {
      contact_id: id,
      reason: "Request by letter",
    });
    expect(error).toBeNull();
    const row = (await must(
      service
        .from("contacts")
        .select("first_name, last_name, phone, email, notes, anonymised_at")
        .eq("id", id)
        .single(),
      "read",
    )) as Record<string, unknown>;
    expect(row).toMatchObject({
      first_name: "Anonymised",
      last_name: "contact",
      phone: null,
      email: null,
      notes: null,
    });
    expect(await exists("deals", "id", deal.id), "financial records stay").toBe(true);
    const timeline = (await must(
      service.from("contact_activities").select("kind, body").eq("contact_id", id),
      "timeline",
    )) as { kind: string; body: string | null }[];
    expect(timeline.map((r) => r.kind).sort()).toEqual(["anonymised", "deal"]);
    const history = JSON.stringify(
      await must(
        service.from("audit_log").select("changes").eq("table_name", "contacts").eq("record_id", id),
        "history",
      ),
    );
    expect(history, "the append-only history never held the personal data").not.toMatch(
      /erase\.|Prefers calls|\+233/,
    );
  });
});

describe("core and the database normalise phones the same way", () => {
  it("every worked example of core/contacts/phone.test.ts", async () => {
    const typed = [
      "024 123 4567",
      "0241234567",
      "241234567",
      "233241234567",
      "+233 (0)24 123 4567",
      "00233241234567",
      "+44 20 7946 0958",
      "20 7946 0958",
      "12345",
      "abc",
      "024 123 456",
      "+0123456789",
    ];
    const disagreements: string[] = [];
    for (const [i, phone] of typed.entries()) {
      const { data, error } = await service
        .from("contacts")
        .insert(person(`Phone${i}`, { phone }))
        .select("phone")
        .maybeSingle();
      const db = error ? null : (data as { phone: string | null }).phone;
      if (error && error.code !== "22023") throw new Error(`${phone}: ${error.message}`);
      if (db !== toE164(phone)) disagreements.push(`${phone}: core ${toE164(phone)}, database ${db}`);
    }
    expect(disagreements).toEqual([]);
  });
});
