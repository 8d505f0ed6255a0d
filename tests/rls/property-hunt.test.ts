/**
 * Property hunt in the database, judged by what is stored afterwards (read with the secret key):
 *   - hunts, inspections, photos and the hunt-photos bucket are admins' alone;
 *   - the pipeline trigger refuses exactly the moves core refuses, with the same sentences, for
 *     every caller, and a new hunt starts at Found.
 * Acquiring a hunt: property-hunt-acquire.test.ts.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 · partner · other partner.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { allHuntMoves, huntMoveError, type HuntStage } from "#core/property-hunt/hunt-workflow.ts";
import { ADMINS_ONLY, jpeg, PHOTOS, propertyHuntFixture } from "./property-hunt-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, hunt, seedHunt } = propertyHuntFixture("Property hunt RLS");

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
