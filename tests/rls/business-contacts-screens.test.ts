/**
 * The CRM screens' functions (migration 20261125110000_crm_screens.sql) under each actor: the
 * import's duplicate check, the all-or-nothing import, a contact's timeline and linked records,
 * and the deals forecast — each answers only with what the caller may see (a staff member's
 * contact and deal, own mode), judged against rows written with the secret key.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("CRM screens' functions");
const SALE = "00000000-0000-4000-d100-000000000001";
const NEW = "00000000-0000-4000-d200-000000000101";
const phone = `+23355${String(crypto.randomInt(1_000_000, 9_999_999))}`;
let contactId = "";
let dealId = "";

beforeAll(async () => {
  const staff = actors.staff.user!.id;
  contactId = (
    (await must(
      service
        .from("contacts")
        .insert({ first_name: "Screens", last_name: `Rls-${tag}`, phone, owner_id: staff })
        .select("id")
        .single(),
      "seed contact",
    )) as { id: string }
  ).id;
  dealId = (
    (await must(
      service
        .from("deals")
        .insert({
          title: `Screens deal ${tag}`,
          pipeline_id: SALE,
          stage_id: NEW,
          value: 250000,
          currency: "GHS",
          contact_id: contactId,
          owner_id: staff,
        })
        .select("id")
        .single(),
      "seed deal",
    )) as { id: string }
  ).id;
  await must(
    service
      .from("contact_activities")
      .insert({ contact_id: contactId, kind: "note", summary: `Screens note ${tag}`, actor_id: staff })
      .select("id"),
    "seed note",
  );
}, 60_000);

cleanup.push(async () => {
  await service.from("deals").delete().like("title", `%${tag}`);
  await service.from("contacts").delete().like("last_name", `%${tag}`);
});

describe("the CRM screens' functions", () => {
  it("answer with what the caller may see", async () => {
    expect(
      await letters("rpc contact_duplicates_batch · finds the contact", async (a) => {
        const { data } = await a.client.rpc("contact_duplicates_batch", {
          phones: [`0${phone.slice(4)}`],
          emails: [""],
        });
        return ((data ?? []) as { id: string }[]).some((h) => h.id === contactId);
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("rpc contact_timeline · reads the note", async (a) => {
        const { data } = await a.client.rpc("contact_timeline", { contact_id: contactId });
        return ((data ?? []) as { summary: string }[]).some((r) => r.summary === `Screens note ${tag}`);
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("rpc contact_linked_records · lists the deal", async (a) => {
        const { data } = await a.client.rpc("contact_linked_records", { contact_id: contactId });
        return ((data ?? []) as { record_id: string }[]).some((r) => r.record_id === dealId);
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("rpc deal_forecast · counts the deal", async (a) => {
        const { data } = await a.client.rpc("deal_forecast", {
          pipeline_id: SALE,
          owner_id: actors.staff.user!.id,
        });
        const line = (
          (data ?? []) as { bucket: string; key: string; deals: number; weighted_ghs: number }[]
        ).find((l) => l.bucket === "stage" && l.key === NEW);
        // 10 % of GHS 250,000 when this deal is the owner's only open one in the stage.
        return !!line && Number(line.deals) >= 1 && Number(line.weighted_ghs) >= 25000;
      }),
    ).toBe("NNYNYNY");
  });

  it("import_contacts: staff and admins; every row or none, with each bad row's reason", async () => {
    expect(
      await letters("rpc import_contacts · one row", async (a, i) => {
        await a.client.rpc("import_contacts", {
          rows: [{ first_name: `Imported${i}`, last_name: `Rls-${tag}` }],
        });
        return (
          (
            (
              await service
                .from("contacts")
                .select("id")
                .eq("first_name", `Imported${i}`)
                .eq("last_name", `Rls-${tag}`)
            ).data ?? []
          ).length === 1
        );
      }),
    ).toBe("NNYYYNY");
    const { error } = await actors.staff.client.rpc("import_contacts", {
      rows: [
        { first_name: "Whole", last_name: `Rls-${tag}`, email: `whole.${tag}@example.com` },
        { first_name: "Broken", last_name: `Rls-${tag}`, phone: "12" },
      ],
    });
    expect(error?.message).toBe(
      "1 row cannot be imported, so nothing was imported. Fix them and import the file again.",
    );
    expect((JSON.parse(error!.details) as { row: number }[]).map((p) => p.row)).toEqual([2]);
    expect(
      (await service.from("contacts").select("id").eq("first_name", "Whole").eq("last_name", `Rls-${tag}`))
        .data,
      "the good row was not written either",
    ).toEqual([]);
  });
});
