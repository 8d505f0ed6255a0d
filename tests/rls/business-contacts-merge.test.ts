/**
 * Business contacts in the database, duplicates and personal data (the common setup is
 * business-contacts-fixture.ts), judged by what is stored afterwards (read with the secret key):
 *   - contact_duplicates, search_contacts: under the caller's RLS;
 *   - merge_contacts: re-points every linked row, refuses with the reason when data would be lost;
 *   - export_contact / anonymise_contact (Act 843);
 *   - core and the database normalise phones the same way.
 */
import { describe, expect, it } from "vitest";
import { toE164 } from "#core/business-contacts/phone.ts";
import { must } from "./support.ts";
import { contactsFixture } from "./business-contacts-fixture.ts";

const { service, tag, actors, letters, SALE, SALE_NEW, typedPhone, person, seedContact, exists } =
  contactsFixture();

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

  it("search_contacts finds by name, the whole e-mail and the national phone format", async () => {
    const typed = typedPhone();
    await seedContact(`Searchable${tag}`, { phone: typed, email: `find.${tag}@example.com` });
    const staff = actors.staff.client;
    for (const term of [`searchable${tag}`, `find.${tag}@example.com`, typed.replace(/\s/g, "")]) {
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
  it("every worked example of core/business-contacts/phone.test.ts", async () => {
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
