/**
 * The common setup of the title-checks RLS file: the usual actors with the two partners, listings
 * owned by the staff actor and title files named with the file's tag, and the probes of a file's
 * checks and a listing's badge; listings, files and hunts removed afterwards.
 */
import type { TitleItem } from "#core/title-checks/title-rules.ts";
import { rlsFile } from "./file-fixture.ts";
import { must } from "./support.ts";

export const DOCS = "title-documents";

export function titleChecksFixture(title: string) {
  const fx = rlsFile(title, { partners: true });
  const { service, tag, actors } = fx;
  const pdf = () => new Blob([`%PDF-1.4\n% ${tag}\n`], { type: "application/pdf" });

  async function seedListing(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const row = (await must(
      service
        .from("properties")
        .insert({
          slug: `title-${name}-${tag}`,
          title: `Title RLS ${name}`,
          property_type: "land",
          listing_type: "sale",
          price: 250000,
          city: "Kasoa",
          status: "available",
          owner_id: actors.staff.user!.id,
          ...extra,
        })
        .select("id")
        .single(),
      `seed listing ${name}`,
    )) as { id: string };
    return row.id;
  }

  async function seedFile(
    subject: { property_id?: string; hunt_id?: string },
    facts: Record<string, unknown> = {},
  ): Promise<string> {
    const row = (await must(
      service
        .from("title_files")
        .insert({ ...subject, tenure: "freehold", title_type: "indenture", land_source: "private", ...facts })
        .select("id")
        .single(),
      "seed file",
    )) as { id: string };
    return row.id;
  }

  async function checkOf(fileId: string, item: TitleItem) {
    return (await must(
      service
        .from("title_checks")
        .select("id, status, verified_by, verified_at, checked_by")
        .eq("file_id", fileId)
        .eq("item", item)
        .single(),
      `check ${item}`,
    )) as {
      id: string;
      status: string;
      verified_by: string | null;
      verified_at: string | null;
      checked_by: string | null;
    };
  }

  const badgeOf = async (propertyId: string) =>
    (
      (await must(
        service.from("properties").select("title_verified_at").eq("id", propertyId).single(),
        "badge",
      )) as { title_verified_at: string | null }
    ).title_verified_at;

  /** Fills a check with what verification needs (a document, a reference and date, lease years). */
  async function complete(fileId: string, item: TitleItem): Promise<void> {
    await must(
      service
        .from("title_checks")
        .update({
          status: "received",
          reference: "LC/GA/2026/7731",
          checked_on: "2026-11-10",
          lease_years_left: 70,
          notes: "Clear",
          document_path: `${fileId}/${item}-${tag}.pdf`,
          document_name: `${item}.pdf`,
          document_type: "application/pdf",
          document_size: 120,
        })
        .eq("file_id", fileId)
        .eq("item", item)
        .select("id"),
      `complete ${item}`,
    );
  }

  fx.cleanup.push(async () => {
    const { data } = await service.from("properties").select("id").like("slug", `%-${tag}`);
    for (const { id } of (data ?? []) as { id: string }[])
      await service.from("title_files").delete().eq("property_id", id);
    await service.from("properties").delete().like("slug", `%-${tag}`);
    await service.from("property_hunts").delete().like("title", `%${tag}`);
  });

  return { ...fx, pdf, seedListing, seedFile, checkOf, badgeOf, complete };
}
