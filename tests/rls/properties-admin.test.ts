/**
 * Properties admin in the database, judged by what is stored afterwards (read with the secret key):
 *   - the status workflow trigger refuses exactly the moves core refuses, with the same words,
 *     for every caller (an API client cannot skip the UI's check);
 *   - property_documents rows: staff of listings they may see, nobody else (a visitor of a
 *     published listing included); property_owner_contacts.
 * The bucket, slug redirects and photos: properties-admin-files.test.ts.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { allStatusMoves, statusMoveError } from "#core/properties/property-workflow.ts";
import { propertiesAdminFixture } from "./properties-admin-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, listing, seedListing, setListingsMode } =
  propertiesAdminFixture("Properties admin RLS");

/** A column of the one row `key` names, as stored (read with the secret key). */
async function stored(table: string, column: string, key: [string, string]): Promise<unknown> {
  const row = await must(service.from(table).select(column).eq(key[0], key[1]).single(), `read ${table}`);
  return (row as unknown as Record<string, unknown>)[column];
}

describe("the status workflow in the database", () => {
  it("refuses exactly the moves core refuses, with core's sentence, even for the secret key", async () => {
    const moves = allStatusMoves();
    const rows = moves.map((m, i) =>
      listing(`wf-${i}`, {
        status: m.from,
        listing_type: m.listingType,
        rent_period: m.listingType === "rent" ? "month" : null,
      }),
    );
    const inserted = (await must(
      service.from("properties").insert(rows).select("id, slug"),
      "seed one listing per move",
    )) as { id: string; slug: string }[];
    const idOf = new Map(inserted.map((r) => [r.slug, r.id]));
    const disagreements: string[] = [];
    for (const [i, m] of moves.entries()) {
      const { error } = await service
        .from("properties")
        .update({ status: m.to })
        .eq("id", idOf.get(`wf-${i}-${tag}`)!);
      const expected = statusMoveError(m.from, m.to, m.listingType);
      const got = error ? error.message : null;
      if (got !== expected)
        disagreements.push(
          `${m.listingType} ${m.from} → ${m.to}: core ${JSON.stringify(expected)}, database ${JSON.stringify(got)} (${error?.code ?? "ok"})`,
        );
      if (error) expect(error.code, "a refused move is P0001 (400), shown as written").toBe("P0001");
    }
    expect(disagreements).toEqual([]);
  });

  it("through the API, a new listing starts at the beginning and staff cannot skip a step", async () => {
    const staff = actors.staff.client;
    const sold = await staff.from("properties").insert(listing("api-sold", { status: "sold" }));
    expect(sold.error?.message).toBe("A new listing starts as Draft, Coming soon or Available.");
    const created = await staff.from("properties").insert(listing("api-draft")).select("id").single();
    expect(created.error).toBeNull();
    const id = (created.data as { id: string }).id;
    const jump = await staff.from("properties").update({ status: "sold" }).eq("id", id);
    expect(jump.error?.message).toBe(statusMoveError("draft", "sold", "sale"));
    const step = await staff
      .from("properties")
      .update({ status: "available" })
      .eq("id", id)
      .select("status")
      .single();
    expect(step.data).toEqual({ status: "available" });
  });

  it("a closed listing keeps its kind: a sold listing cannot become a rental", async () => {
    const id = await seedListing("sold-kind", { status: "sold" });
    const { error } = await service
      .from("properties")
      .update({ listing_type: "rent", rent_period: "month" })
      .eq("id", id);
    expect(error?.message).toBe("A sold listing cannot become a rental.");
  });

  it("every status change lands in the history as old → new, attributed to its author", async () => {
    const id = await seedListing("history");
    await actors.staff.client.from("properties").update({ status: "coming_soon" }).eq("id", id);
    const rows = (await must(
      service
        .from("audit_log")
        .select("action, actor_id, changes")
        .eq("table_name", "properties")
        .eq("record_id", id)
        .order("id"),
      "history",
    )) as { action: string; actor_id: string | null; changes: Record<string, unknown> }[];
    expect(rows.at(-1)).toEqual({
      action: "update",
      actor_id: actors.staff.user!.id,
      changes: { status: { old: "draft", new: "coming_soon" } },
    });
  });
});

describe("property_documents (rows)", () => {
  let listingId = "";
  let docId = "";
  beforeAll(async () => {
    listingId = await seedListing("docs", {
      status: "available",
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const row = (await must(
      service
        .from("property_documents")
        .insert({
          property_id: listingId,
          kind: "site_plan",
          title: "Site plan",
          storage_path: `${listingId}/seed-${tag}.pdf`,
          file_name: "site-plan.pdf",
          mime_type: "application/pdf",
          size_bytes: 2048,
        })
        .select("id")
        .single(),
      "seed document",
    )) as { id: string };
    docId = row.id;
  });

  const docRow = (i: number) => ({
    property_id: listingId,
    kind: "title",
    title: `Title ${i}`,
    storage_path: `${listingId}/probe-${i}-${tag}.pdf`,
    file_name: "title.pdf",
    mime_type: "application/pdf",
    size_bytes: 1024,
  });

  it("staff of the listing read, add, rename and remove; visitors of the published listing see nothing", async () => {
    expect(
      await letters(
        "property_documents · select",
        async (a) =>
          ((await a.client.from("property_documents").select("id").eq("id", docId)).data ?? []).length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("property_documents · insert", async (a, i) => {
        await a.client.from("property_documents").insert(docRow(i));
        return (
          (
            (await service.from("property_documents").select("id").eq("storage_path", docRow(i).storage_path))
              .data ?? []
          ).length === 1
        );
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("property_documents · update · title", async (a, i) => {
        const title = `Renamed ${i} ${tag}`;
        await a.client.from("property_documents").update({ title }).eq("id", docId);
        return (await stored("property_documents", "title", ["id", docId])) === title;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("property_documents · delete", async (a, i) => {
        const row = (await must(
          service
            .from("property_documents")
            .insert(docRow(100 + i))
            .select("id")
            .single(),
          "seed",
        )) as { id: string };
        await a.client.from("property_documents").delete().eq("id", row.id);
        return (
          ((await service.from("property_documents").select("id").eq("id", row.id)).data ?? []).length === 0
        );
      }),
    ).toBe("NNYYYNY");
  });

  it("in 'own' mode, only the listing's owner and admins", async () => {
    await setListingsMode("own");
    try {
      expect(
        await letters(
          "property_documents · select (mode own)",
          async (a) =>
            ((await a.client.from("property_documents").select("id").eq("id", docId)).data ?? []).length ===
            1,
        ),
      ).toBe("NNYNYNY");
    } finally {
      await setListingsMode("all");
    }
  });

  it("a document that says it is not a document (mime type, size) is refused by the table itself", async () => {
    const { error } = await actors.staff.client
      .from("property_documents")
      .insert({ ...docRow(900), mime_type: "application/x-msdownload" });
    expect(error?.code).toBe("23514");
    const big = await actors.staff.client
      .from("property_documents")
      .insert({ ...docRow(901), size_bytes: 30 * 1024 * 1024 });
    expect(big.error?.code).toBe("23514");
  });
});

describe("property_owner_contacts", () => {
  let listingId = "";
  beforeAll(async () => {
    listingId = await seedListing("owner", {
      status: "available",
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await must(
      service
        .from("property_owner_contacts")
        .insert({ property_id: listingId, name: "Nana Akua Sarpong", phone: "+233244551020" })
        .select("property_id"),
      "seed owner",
    );
  });

  it("the owner's contact is staff-only, even for a published listing", async () => {
    expect(
      await letters(
        "property_owner_contacts · select",
        async (a) =>
          (
            (await a.client.from("property_owner_contacts").select("phone").eq("property_id", listingId))
              .data ?? []
          ).length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("property_owner_contacts · update · phone", async (a, i) => {
        const phone = `+23324455100${i}`;
        await a.client.from("property_owner_contacts").update({ phone }).eq("property_id", listingId);
        return (await stored("property_owner_contacts", "phone", ["property_id", listingId])) === phone;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("property_owner_contacts · insert + delete", async (a, i) => {
        const id = await seedListing(`owner-ins-${i}`);
        await a.client.from("property_owner_contacts").insert({ property_id: id, name: `Owner ${i}` });
        const added =
          ((await service.from("property_owner_contacts").select("name").eq("property_id", id)).data ?? [])
            .length === 1;
        if (!added) return false;
        await a.client.from("property_owner_contacts").delete().eq("property_id", id);
        return (
          ((await service.from("property_owner_contacts").select("name").eq("property_id", id)).data ?? [])
            .length === 0
        );
      }),
    ).toBe("NNYYYNY");
  });

  it("in 'own' mode, only the listing's owner and admins", async () => {
    await setListingsMode("own");
    try {
      expect(
        await letters(
          "property_owner_contacts · select (mode own)",
          async (a) =>
            (
              (await a.client.from("property_owner_contacts").select("phone").eq("property_id", listingId))
                .data ?? []
            ).length === 1,
        ),
      ).toBe("NNYNYNY");
    } finally {
      await setListingsMode("all");
    }
  });
});
