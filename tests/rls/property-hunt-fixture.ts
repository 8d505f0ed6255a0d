/**
 * The common setup of the property-hunt RLS files (property-hunt.test.ts,
 * property-hunt-acquire.test.ts): the usual actors with the two partners, hunts named with the
 * file's tag, removed afterwards with their photos and any listing acquired from them.
 */
import { rlsFile } from "./file-fixture.ts";
import { must } from "./support.ts";

export const ADMINS_ONLY = "NNNNYNYNN";
export const PHOTOS = "hunt-photos";

export const jpeg = () =>
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9])], {
    type: "image/jpeg",
  });

export function propertyHuntFixture(title: string) {
  const fx = rlsFile(title, { partners: true });
  const { service, tag } = fx;

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

  fx.cleanup.push(async () => {
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
  });

  return { ...fx, hunt, seedHunt };
}
