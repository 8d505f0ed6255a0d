/**
 * Property hunt in the database (migration 20261125600100_property_hunt.sql and the acquire RPC
 * of 20261125600200_title_checks.sql), judged by what is stored afterwards (read with the secret
 * key):
 *   - hunts, inspections, photos and the hunt-photos bucket are admins' alone;
 *   - the pipeline trigger refuses exactly the moves core refuses, with the same sentences, for
 *     every caller, and a new hunt starts at Found;
 *   - acquire_property_hunt turns an offered hunt with complete title due diligence into a draft
 *     listing (data, photos already copied, owner contact, title file and badge) — or nothing.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 · partner · other partner.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allHuntMoves, huntMoveError, type HuntStage } from "#core/property-hunt/hunt-workflow.ts";
import { serviceClient } from "#tests/support/supabase.ts";
import {
  createActors,
  createPartnerActors,
  deletePartnerActors,
  matrixProbe,
  must,
  renderMatrix,
  type Actor,
  type ActorName,
  type MatrixRow,
  type PartnerActor,
  type PartnerActorName,
} from "./support.ts";
import { deleteTestUser } from "#tests/support/supabase.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let actors: Record<ActorName, Actor>;
let partners: Record<PartnerActorName, PartnerActor>;
const printed: MatrixRow[] = [];
const letters = matrixProbe(
  () => actors,
  printed,
  () => partners,
);
const ADMINS_ONLY = "NNNNYNYNN";
const PHOTOS = "hunt-photos";

const hunt = (title: string, extra: Record<string, unknown> = {}) => ({
  title: `Hunt RLS ${title} ${tag}`,
  city: "Accra",
  neighbourhood: "Osu",
  ...extra,
});

async function seedHunt(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = (await must(
    service.from("property_hunts").insert(hunt(title, extra)).select("id").single(),
    `seed hunt ${title}`,
  )) as { id: string };
  return row.id;
}

const jpeg = () =>
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9])], {
    type: "image/jpeg",
  });

beforeAll(async () => {
  actors = await createActors();
  partners = await createPartnerActors(tag);
}, 90_000);

afterAll(async () => {
  const { data } = await service.from("property_hunts").select("id, property_id").like("title", `%${tag}`);
  for (const h of (data ?? []) as { id: string; property_id: string | null }[]) {
    const files = await service.storage.from(PHOTOS).list(h.id);
    if (files.data?.length)
      await service.storage.from(PHOTOS).remove(files.data.map((f) => `${h.id}/${f.name}`));
    if (h.property_id) {
      const copies = await service.storage.from("property-images").list(h.property_id);
      if (copies.data?.length)
        await service.storage
          .from("property-images")
          .remove(copies.data.map((f) => `${h.property_id}/${f.name}`));
      await service.from("properties").delete().eq("id", h.property_id);
    }
  }
  await service.from("property_hunts").delete().like("title", `%${tag}`);
  for (const a of Object.values(actors ?? {}))
    if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id);
  await deletePartnerActors(partners);
  if (printed.length)
    console.log(`\nProperty hunt RLS (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
});

describe("hunts, inspections and photos are admins' alone", () => {
  let huntId = "";
  beforeAll(async () => {
    huntId = await seedHunt("matrix");
    await must(
      service
        .from("property_hunt_inspections")
        .insert({ hunt_id: huntId, notes: "Seeded visit" })
        .select("id"),
      "seed inspection",
    );
  });

  it("property_hunts", async () => {
    expect(
      await letters(
        "property_hunts · select",
        async (a) =>
          ((await a.client.from("property_hunts").select("id").eq("id", huntId)).data ?? []).length === 1,
      ),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("property_hunts · insert", async (a, i) => {
        await a.client.from("property_hunts").insert(hunt(`ins-${i}`));
        return (
          (
            (await service.from("property_hunts").select("id").eq("title", `Hunt RLS ins-${i} ${tag}`))
              .data ?? []
          ).length === 1
        );
      }),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("property_hunts · update · notes", async (a, i) => {
        const notes = `note ${i}`;
        await a.client.from("property_hunts").update({ notes }).eq("id", huntId);
        return (
          (
            (await must(
              service.from("property_hunts").select("notes").eq("id", huntId).single(),
              "read",
            )) as { notes: string | null }
          ).notes === notes
        );
      }),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("property_hunts · delete", async (a, i) => {
        const id = await seedHunt(`del-${i}`);
        await a.client.from("property_hunts").delete().eq("id", id);
        return ((await service.from("property_hunts").select("id").eq("id", id)).data ?? []).length === 0;
      }),
    ).toBe(ADMINS_ONLY);
  });

  it("property_hunt_inspections and property_hunt_photos", async () => {
    expect(
      await letters(
        "property_hunt_inspections · select",
        async (a) =>
          ((await a.client.from("property_hunt_inspections").select("id").eq("hunt_id", huntId)).data ?? [])
            .length === 1,
      ),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("property_hunt_inspections · insert (as self)", async (a, i) => {
        await a.client
          .from("property_hunt_inspections")
          .insert({ hunt_id: huntId, notes: `visit ${i} ${tag}`, inspected_by: a.user?.id ?? null });
        return (
          (
            (await service.from("property_hunt_inspections").select("id").eq("notes", `visit ${i} ${tag}`))
              .data ?? []
          ).length === 1
        );
      }),
    ).toBe(ADMINS_ONLY);
    const path = `${huntId}/seed-${tag}.jpg`;
    await must(
      service.from("property_hunt_photos").insert({ hunt_id: huntId, storage_path: path }).select("id"),
      "seed photo row",
    );
    expect(
      await letters(
        "property_hunt_photos · select",
        async (a) =>
          ((await a.client.from("property_hunt_photos").select("id").eq("hunt_id", huntId)).data ?? [])
            .length === 1,
      ),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("property_hunt_photos · insert", async (a, i) => {
        await a.client
          .from("property_hunt_photos")
          .insert({ hunt_id: huntId, storage_path: `${huntId}/p${i}-${tag}.jpg` });
        return (
          (
            (
              await service
                .from("property_hunt_photos")
                .select("id")
                .eq("storage_path", `${huntId}/p${i}-${tag}.jpg`)
            ).data ?? []
          ).length === 1
        );
      }),
    ).toBe(ADMINS_ONLY);
    const stray = await actors.admin.client
      .from("property_hunt_photos")
      .insert({ hunt_id: huntId, storage_path: `elsewhere/${tag}.jpg` });
    expect(stray.error?.code, "a photo row outside the hunt's folder").toBe("23514");
  });

  it("the private hunt-photos bucket", async () => {
    const seeded = `${huntId}/bucket-${tag}.jpg`;
    await must(
      service.storage.from(PHOTOS).upload(seeded, jpeg(), { contentType: "image/jpeg" }),
      "seed file",
    );
    expect(
      (await fetch(service.storage.from(PHOTOS).getPublicUrl(seeded).data.publicUrl)).status,
      "no public URL",
    ).not.toBe(200);
    expect(
      await letters("storage hunt-photos · upload", async (a, i) => {
        await a.client.storage
          .from(PHOTOS)
          .upload(`${huntId}/up-${i}-${tag}.jpg`, jpeg(), { contentType: "image/jpeg" });
        return (
          ((await service.storage.from(PHOTOS).list(huntId, { search: `up-${i}-` })).data ?? []).length === 1
        );
      }),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters(
        "storage hunt-photos · download",
        async (a) => !(await a.client.storage.from(PHOTOS).download(seeded)).error,
      ),
    ).toBe(ADMINS_ONLY);
    // Never listable, not even by admins: files are found through their rows, read through signed URLs.
    expect(
      await letters(
        "storage hunt-photos · list",
        async (a) => ((await a.client.storage.from(PHOTOS).list(huntId)).data ?? []).length > 0,
      ),
    ).toBe("NNNNNNNNN");
    expect(
      await letters(
        "storage hunt-photos · signed URL",
        async (a) => !(await a.client.storage.from(PHOTOS).createSignedUrl(seeded, 60)).error,
      ),
    ).toBe(ADMINS_ONLY);
    expect(
      await letters("storage hunt-photos · delete", async (a, i) => {
        const p = `${huntId}/del-${i}-${tag}.jpg`;
        await must(service.storage.from(PHOTOS).upload(p, jpeg(), { contentType: "image/jpeg" }), "seed");
        await a.client.storage.from(PHOTOS).remove([p]);
        return (
          ((await service.storage.from(PHOTOS).list(huntId, { search: `del-${i}-` })).data ?? []).length === 0
        );
      }),
    ).toBe(ADMINS_ONLY);
  });

  it("search_property_hunts finds by place and owner, under the same rule", async () => {
    const id = await seedHunt("search", { neighbourhood: `Kokomlemle${tag}`, owner_name: "Maame Serwaa" });
    expect(
      await letters("search_property_hunts", async (a) => {
        const { data } = await a.client
          .rpc("search_property_hunts", { term: `kokomlemle${tag}` })
          .select("id");
        return ((data ?? []) as { id: string }[]).some((r) => r.id === id);
      }),
    ).toBe(ADMINS_ONLY);
  });
});

describe("the pipeline in the database", () => {
  it("refuses exactly the moves core refuses, with core's sentence, even for the secret key", async () => {
    const moves = allHuntMoves();
    const disagreements: string[] = [];
    // Two facts sets: everything a move may need, and nothing (no reason, offer or inspection).
    for (const ready of [true, false]) {
      const rows = moves.map((m, i) =>
        hunt(`wf-${ready ? "r" : "b"}-${i}`, {
          stage: m.from,
          rejection_reason: ready && m.from === "rejected" ? "other" : null,
          offer_amount: ready ? 500000 : null,
        }),
      );
      const inserted = (await must(
        service.from("property_hunts").insert(rows).select("id, title"),
        "one hunt per move",
      )) as { id: string; title: string }[];
      const idOf = new Map(inserted.map((r) => [r.title, r.id]));
      if (ready)
        await must(
          service
            .from("property_hunt_inspections")
            .insert(inserted.map((r) => ({ hunt_id: r.id, notes: "Visit" })))
            .select("id"),
          "inspections",
        );
      for (const [i, m] of moves.entries()) {
        const id = idOf.get(`Hunt RLS wf-${ready ? "r" : "b"}-${i} ${tag}`)!;
        const patch: Record<string, unknown> = { stage: m.to };
        if (ready && m.to === "rejected") patch.rejection_reason = "price_too_high";
        const { error } = await service.from("property_hunts").update(patch).eq("id", id);
        const expected = huntMoveError(m.from as HuntStage, m.to as HuntStage, {
          rejectionReason: ready ? "price_too_high" : null,
          offerAmount: ready ? 500000 : null,
          inspections: ready ? 1 : 0,
        });
        const got = error ? error.message : null;
        if (got !== expected)
          disagreements.push(
            `${ready ? "ready" : "bare"} ${m.from} → ${m.to}: core ${JSON.stringify(expected)}, database ${JSON.stringify(got)}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
  }, 120_000);

  it("through the API a hunt starts at Found and cannot claim a listing", async () => {
    const admin = actors.admin.client;
    const skipped = await admin.from("property_hunts").insert(hunt("api-offered", { stage: "offered" }));
    expect(skipped.error?.message).toBe("A new hunt starts at Found.");
    const id = await seedHunt("api-claim");
    const claim = await admin
      .from("property_hunts")
      .update({ property_id: crypto.randomUUID() })
      .eq("id", id);
    expect(claim.error?.message).toBe(
      "A hunt is acquired by turning it into a listing: use “Acquire as listing”.",
    );
  });

  it("records when a hunt entered its stage and clears the reason when a rejected hunt reopens", async () => {
    const id = await seedHunt("reopen", {
      stage: "rejected",
      rejection_reason: "owner_unresponsive",
      rejection_note: "No answer for 3 weeks",
    });
    await must(
      actors.admin.client.from("property_hunts").update({ stage: "found" }).eq("id", id).select("id"),
      "reopen",
    );
    const row = (await must(
      service
        .from("property_hunts")
        .select("stage, rejection_reason, rejection_note, stage_changed_at")
        .eq("id", id)
        .single(),
      "read",
    )) as Record<string, string | null>;
    expect(row).toMatchObject({ stage: "found", rejection_reason: null, rejection_note: null });
    expect(Date.now() - Date.parse(row.stage_changed_at!)).toBeLessThan(60_000);
  });
});

describe("acquiring a hunt", () => {
  async function offeredHuntWithFile(
    name: string,
    complete: boolean,
  ): Promise<{ huntId: string; fileId: string }> {
    const huntId = await seedHunt(name, {
      stage: "offered",
      offer_amount: 1_250_000,
      asking_price: 1_400_000,
      property_type: "house",
      bedrooms: 3,
      bathrooms: 2,
      tenure: "freehold",
      owner_name: "Mr. Kofi Asare",
      owner_phone: "+233244000111",
      latitude: 5.6,
      longitude: -0.18,
    });
    const file = (await must(
      service
        .from("title_files")
        .insert({
          hunt_id: huntId,
          tenure: "freehold",
          title_type: "land_title_certificate",
          land_source: "private",
        })
        .select("id")
        .single(),
      "file",
    )) as { id: string };
    if (complete) {
      for (const item of ["site_plan", "lands_search", "title_document", "survey_boundary", "encumbrances"]) {
        await must(
          service
            .from("title_checks")
            .update({
              status: "verified",
              reference: "LC/GA/2026/1",
              checked_on: "2026-11-01",
              notes: "Clear",
              document_path: `${file.id}/${item}.pdf`,
              document_name: `${item}.pdf`,
              document_type: "application/pdf",
              document_size: 100,
            })
            .eq("file_id", file.id)
            .eq("item", item)
            .select("id"),
          `verify ${item}`,
        );
      }
    }
    return { huntId, fileId: file.id };
  }

  it("is refused to everyone but admins, and to an admin while the title is not verified", async () => {
    const { huntId } = await offeredHuntWithFile("acq-incomplete", false);
    expect(
      await letters("acquire_property_hunt · incomplete title", async (a) => {
        const { error } = await a.client.rpc("acquire_property_hunt", {
          hunt: huntId,
          listing_id: crypto.randomUUID(),
          photo_paths: [],
        });
        return !error;
      }),
    ).toBe("NNNNNNNNN");
    const { error } = await actors.admin.client.rpc("acquire_property_hunt", {
      hunt: huntId,
      listing_id: crypto.randomUUID(),
      photo_paths: [],
    });
    expect(error?.message).toBe(
      "Complete the title due diligence first: an admin must verify every required check.",
    );
    const { error: staffError } = await actors.staff.client.rpc("acquire_property_hunt", {
      hunt: huntId,
      listing_id: crypto.randomUUID(),
      photo_paths: [],
    });
    expect(staffError?.code).toBe("42501");
  });

  it("turns the hunt into a draft listing with its data, photos, owner and verified title", async () => {
    const { huntId, fileId } = await offeredHuntWithFile("acq-complete", true);
    const listingId = crypto.randomUUID();
    // The client's part: the photos copied into the new listing's folder first.
    const photo = `${listingId}/${crypto.randomUUID()}.jpg`;
    await must(
      service.storage.from("property-images").upload(photo, jpeg(), { contentType: "image/jpeg" }),
      "copy photo",
    );

    const stray = await actors.admin.client.rpc("acquire_property_hunt", {
      hunt: huntId,
      listing_id: listingId,
      photo_paths: [`${crypto.randomUUID()}/x.jpg`],
    });
    expect(stray.error?.message, "a photo outside the listing's folder").toMatch(
      /is not in the new listing's folder/,
    );

    const { data, error } = await actors.admin.client.rpc("acquire_property_hunt", {
      hunt: huntId,
      listing_id: listingId,
      photo_paths: [photo],
    });
    expect(error).toBeNull();
    expect(data).toBe(listingId);
    const listing = (await must(
      service
        .from("properties")
        .select(
          "title, status, price, property_type, bedrooms, tenure, title_type, city, latitude, owner_id, title_verified_at",
        )
        .eq("id", listingId)
        .single(),
      "listing",
    )) as Record<string, unknown>;
    expect(listing).toMatchObject({
      title: `Hunt RLS acq-complete ${tag}`,
      status: "draft",
      price: 1_400_000,
      property_type: "house",
      bedrooms: 3,
      tenure: "freehold",
      title_type: "Land Title Certificate",
      city: "Accra",
      latitude: 5.6,
      owner_id: actors.admin.user!.id,
    });
    expect(listing.title_verified_at, "the title file came along, verified").not.toBeNull();
    expect(
      await must(
        service.from("property_images").select("storage_path, position").eq("property_id", listingId),
        "photos",
      ),
    ).toEqual([{ storage_path: photo, position: 0 }]);
    expect(
      await must(
        service.from("property_owner_contacts").select("name, phone").eq("property_id", listingId),
        "owner",
      ),
    ).toEqual([{ name: "Mr. Kofi Asare", phone: "+233244000111" }]);
    expect(
      await must(
        service.from("title_files").select("hunt_id, property_id").eq("id", fileId).single(),
        "file",
      ),
    ).toEqual({ hunt_id: huntId, property_id: listingId });
    expect(
      await must(
        service.from("property_hunts").select("stage, property_id").eq("id", huntId).single(),
        "hunt",
      ),
    ).toEqual({ stage: "acquired", property_id: listingId });

    const again = await actors.admin.client.rpc("acquire_property_hunt", {
      hunt: huntId,
      listing_id: crypto.randomUUID(),
      photo_paths: [],
    });
    expect(again.error?.message, JSON.stringify(again)).toBe(
      "An acquired hunt is final: its listing is in Properties.",
    );
    const del = await actors.admin.client.from("property_hunts").delete().eq("id", huntId).select("id");
    expect(del.data, "an acquired hunt is kept").toEqual([]);
  });
});
