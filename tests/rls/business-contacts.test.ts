/**
 * Business contacts in the database (migration 20261125100000_crm_contacts_deals.sql), judged by
 * what is stored afterwards (read with the secret key):
 *   - contacts: record-level access of module 'contacts' (own by default: the owner, the
 *     assignee and admins; company-wide when an admin switches the mode);
 *   - contact_activities: readable and writable by whoever may read the contact; hand-logged
 *     rows edited by their author or an admin; the timeline contract (dedup_key, last_activity_at);
 *   - normalisation by the table itself (E.164 phones and their network, lower-case e-mails).
 * Duplicates, search, merging and Act 843: business-contacts-merge.test.ts.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { must } from "./support.ts";
import { contactsFixture } from "./business-contacts-fixture.ts";

const { service, tag, actors, letters, typedPhone, e164, person, seedContact, exists, setMode } =
  contactsFixture();

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
