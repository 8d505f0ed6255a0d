/**
 * The common setup of the properties-admin RLS files (properties-admin.test.ts,
 * properties-admin-files.test.ts): the usual actors and matrix, listings named with the file's
 * tag and owned by the staff actor, their documents removed and the listings deleted afterwards.
 */
import { rlsFile } from "./file-fixture.ts";
import { must } from "./support.ts";

export const DOCS = "property-documents";

export function propertiesAdminFixture(title: string) {
  const fx = rlsFile(title);
  const { service, tag, actors } = fx;

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

  const setListingsMode = (mode: "own" | "all") => fx.setMode("listings", mode);
  const pdf = () => new Blob([`%PDF-1.4\n% ${tag}\n`], { type: "application/pdf" });

  fx.cleanup.push(
    () => setListingsMode("all"),
    async () => {
      const { data } = await service.from("properties").select("id").like("slug", `%-${tag}`);
      for (const { id } of (data ?? []) as Array<{ id: string }>) {
        const files = await service.storage.from(DOCS).list(id);
        if (files.data?.length)
          await service.storage.from(DOCS).remove(files.data.map((f) => `${id}/${f.name}`));
      }
      await service.from("properties").delete().like("slug", `%-${tag}`);
    },
  );

  return { ...fx, listing, seedListing, setListingsMode, pdf };
}
