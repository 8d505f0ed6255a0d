/**
 * Properties admin in the database (migration 20261124000500_properties_admin.sql), judged by
 * what is stored afterwards (read with the secret key):
 *   - the status workflow trigger refuses exactly the moves core refuses, with the same words,
 *     for every caller (an API client cannot skip the UI's check);
 *   - property_documents and the private property-documents bucket: staff of listings they may
 *     see, nobody else (a visitor of a published listing included);
 *   - property_slug_redirects: written only by the trigger; the edge's property_redirect_slug()
 *     answers for published listings only;
 *   - photos follow the listing's record-level access; reorder_property_images is all or nothing.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allStatusMoves, statusMoveError } from "#core/properties/property-workflow.ts";
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
const DOCS = "property-documents";

const listing = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug: `${slug}-${tag}`,
  title: `Properties admin RLS ${slug}`,
  property_type: "house",
  listing_type: "sale",
  price: 480000,
  currency: "GHS",
  city: "Tema",
  status: "draft",
  ...extra,
});

async function seedListing(slug: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = (await must(
    service
      .from("properties")
      .insert(listing(slug, { owner_id: actors.staff.user!.id, ...extra }))
      .select("id")
      .single(),
    `seed ${slug}`,
  )) as { id: string };
  return row.id;
}

async function setListingsMode(mode: "own" | "all") {
  await must(
    service.from("module_access").update({ mode }).eq("module", "listings").select(),
    "set listings mode",
  );
}

const pdf = () => new Blob([`%PDF-1.4\n% ${tag}\n`], { type: "application/pdf" });

beforeAll(async () => {
  actors = await createActors();
}, 60_000);

afterAll(async () => {
  await setListingsMode("all");
  const { data } = await service.from("properties").select("id").like("slug", `%-${tag}`);
  const ids = (data ?? []).map((r: { id: string }) => r.id);
  for (const id of ids) {
    const files = await service.storage.from(DOCS).list(id);
    if (files.data?.length) await service.storage.from(DOCS).remove(files.data.map((f) => `${id}/${f.name}`));
  }
  await service.from("properties").delete().like("slug", `%-${tag}`);
  for (const a of Object.values(actors ?? {}))
    if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id);
  if (printed.length)
    console.log(`\nProperties admin RLS (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
});

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
        return (
          (
            (await must(
              service.from("property_documents").select("title").eq("id", docId).single(),
              "read",
            )) as { title: string }
          ).title === title
        );
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
        return (
          (
            (await must(
              service.from("property_owner_contacts").select("phone").eq("property_id", listingId).single(),
              "read",
            )) as { phone: string }
          ).phone === phone
        );
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

describe("the private property-documents bucket", () => {
  let listingId = "";
  const seeded = () => `${listingId}/seeded-${tag}.pdf`;
  beforeAll(async () => {
    listingId = await seedListing("bucket", {
      status: "available",
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const { error } = await service.storage
      .from(DOCS)
      .upload(seeded(), pdf(), { contentType: "application/pdf" });
    if (error) throw new Error(`seed file: ${error.message}`);
  });

  it("is private: no public URL serves a file", async () => {
    const url = service.storage.from(DOCS).getPublicUrl(seeded()).data.publicUrl;
    expect((await fetch(url)).status).not.toBe(200);
  });

  it("staff upload, read and delete files of listings they may see; nobody else", async () => {
    expect(
      await letters("storage property-documents · upload", async (a, i) => {
        const path = `${listingId}/up-${i}-${tag}.pdf`;
        await a.client.storage.from(DOCS).upload(path, pdf(), { contentType: "application/pdf" });
        return (
          ((await service.storage.from(DOCS).list(listingId, { search: `up-${i}-` })).data ?? []).length === 1
        );
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters(
        "storage property-documents · download",
        async (a) => !(await a.client.storage.from(DOCS).download(seeded())).error,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("storage property-documents · signed URL", async (a) => {
        const { data } = await a.client.storage.from(DOCS).createSignedUrls([seeded()], 60);
        return !!data?.[0]?.signedUrl;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("storage property-documents · delete", async (a, i) => {
        const path = `${listingId}/del-${i}-${tag}.pdf`;
        await must(
          service.storage.from(DOCS).upload(path, pdf(), { contentType: "application/pdf" }),
          "seed",
        );
        await a.client.storage.from(DOCS).remove([path]);
        return (
          ((await service.storage.from(DOCS).list(listingId, { search: `del-${i}-` })).data ?? []).length ===
          0
        );
      }),
    ).toBe("NNYYYNY");
  });

  it("refuses a file outside a listing's folder, and the wrong type", async () => {
    const stray = await actors.staff.client.storage
      .from(DOCS)
      .upload(`not-a-listing/${tag}.pdf`, pdf(), { contentType: "application/pdf" });
    expect(stray.error, "no listing folder").not.toBeNull();
    const exe = await actors.staff.client.storage
      .from(DOCS)
      .upload(`${listingId}/${tag}.exe`, new Blob(["MZ"], { type: "application/x-msdownload" }), {
        contentType: "application/x-msdownload",
      });
    expect(exe.error, "type outside the bucket's allowed list").not.toBeNull();
  });
});

describe("slug redirects", () => {
  it("a renamed published listing keeps its old slug; the edge learns the new one, never a draft's", async () => {
    const id = await seedListing("old-name", {
      status: "available",
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const oldSlug = `old-name-${tag}`;
    await must(
      actors.staff.client
        .from("properties")
        .update({ slug: `new-name-${tag}` })
        .eq("id", id)
        .select("id"),
      "rename",
    );
    const redirect = await actors.anon.client.rpc("property_redirect_slug", { old_slug: oldSlug });
    expect(redirect.data).toBe(`new-name-${tag}`);

    const draft = await seedListing("draft-old");
    await must(
      service
        .from("properties")
        .update({ slug: `draft-new-${tag}` })
        .eq("id", draft)
        .select("id"),
      "rename draft",
    );
    expect(
      (await actors.anon.client.rpc("property_redirect_slug", { old_slug: `draft-old-${tag}` })).data,
      "a draft's new name stays secret",
    ).toBeNull();

    // Taking the old name back removes the redirect (a live slug is never a redirect).
    await must(service.from("properties").update({ slug: oldSlug }).eq("id", id).select("id"), "rename back");
    expect((await actors.anon.client.rpc("property_redirect_slug", { old_slug: oldSlug })).data).toBeNull();
    expect(
      (await actors.anon.client.rpc("property_redirect_slug", { old_slug: `new-name-${tag}` })).data,
    ).toBe(oldSlug);
  });

  it("the table: staff read; nobody writes it directly", async () => {
    const id = await seedListing("redir-matrix");
    await must(
      service
        .from("properties")
        .update({ slug: `redir-matrix-2-${tag}` })
        .eq("id", id)
        .select("id"),
      "rename",
    );
    expect(
      await letters(
        "property_slug_redirects · select",
        async (a) =>
          (
            (await a.client.from("property_slug_redirects").select("old_slug").eq("property_id", id)).data ??
            []
          ).length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("property_slug_redirects · insert", async (a, i) => {
        await a.client
          .from("property_slug_redirects")
          .insert({ old_slug: `forged-${i}-${tag}`, property_id: id });
        return (
          (
            (
              await service
                .from("property_slug_redirects")
                .select("old_slug")
                .eq("old_slug", `forged-${i}-${tag}`)
            ).data ?? []
          ).length === 1
        );
      }),
    ).toBe("NNNNNNN");
  });
});

describe("photos", () => {
  let listingId = "";
  let imageIds: string[] = [];
  beforeAll(async () => {
    listingId = await seedListing("photos");
    const rows = (await must(
      service
        .from("property_images")
        .insert(
          [0, 1, 2].map((position) => ({
            property_id: listingId,
            storage_path: `${listingId}/p${position}-${tag}.jpg`,
            position,
          })),
        )
        .select("id")
        .order("position"),
      "seed photos",
    )) as { id: string }[];
    imageIds = rows.map((r) => r.id);
  });

  const order = async () =>
    (
      (await must(
        service.from("property_images").select("id").eq("property_id", listingId).order("position"),
        "order",
      )) as { id: string }[]
    ).map((r) => r.id);

  it("reorder: staff who may edit the listing, all in one statement", async () => {
    expect(
      await letters("rpc reorder_property_images", async (a) => {
        const wanted = [imageIds[2]!, imageIds[0]!, imageIds[1]!];
        await must(
          service.rpc("reorder_property_images", { listing_id: listingId, image_ids: imageIds }),
          "reset",
        );
        await a.client.rpc("reorder_property_images", { listing_id: listingId, image_ids: wanted });
        return JSON.stringify(await order()) === JSON.stringify(wanted);
      }),
    ).toBe("NNYYYNY");
  });

  it("a stale photo list is refused whole: nothing moves", async () => {
    await must(
      service.rpc("reorder_property_images", { listing_id: listingId, image_ids: imageIds }),
      "reset",
    );
    const { error } = await actors.staff.client.rpc("reorder_property_images", {
      listing_id: listingId,
      image_ids: [imageIds[1]!, imageIds[0]!],
    });
    expect(error?.message).toBe(
      "The photos of this listing changed while you were reordering: reload and try again.",
    );
    expect(await order()).toEqual(imageIds);
  });

  it("in 'own' mode a colleague cannot change another's photos", async () => {
    await setListingsMode("own");
    try {
      expect(
        await letters("property_images · update · alt text (mode own)", async (a, i) => {
          const alt = `Alt ${i} ${tag}`;
          await a.client.from("property_images").update({ alt_text: alt }).eq("id", imageIds[0]!);
          return (
            (
              (await must(
                service.from("property_images").select("alt_text").eq("id", imageIds[0]!).single(),
                "read",
              )) as { alt_text: string }
            ).alt_text === alt
          );
        }),
      ).toBe("NNYNYNY");
    } finally {
      await setListingsMode("all");
    }
  });
});
