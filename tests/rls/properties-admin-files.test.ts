/**
 * Properties admin in the database, continued (properties-admin.test.ts has the workflow and the
 * document rows):
 *   - the private property-documents bucket: staff of listings they may see, nobody else;
 *   - property_slug_redirects: written only by the trigger; the edge's property_redirect_slug()
 *     answers for published listings only;
 *   - photos follow the listing's record-level access; reorder_property_images is all or nothing.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DOCS, propertiesAdminFixture } from "./properties-admin-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, seedListing, setListingsMode, pdf } = propertiesAdminFixture(
  "Properties admin RLS (files, redirects, photos)",
);

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
