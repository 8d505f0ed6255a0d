/**
 * Acquiring a hunt in the database: acquire_property_hunt turns an offered hunt with complete
 * title due diligence into a draft listing (data, photos already copied, owner contact, title
 * file and badge) — or nothing.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { jpeg, propertyHuntFixture } from "./property-hunt-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, seedHunt } = propertyHuntFixture("Property hunt RLS (acquire)");

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
