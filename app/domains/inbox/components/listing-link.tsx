/**
 * The listing an inbox item is about, by its title (embedded in the item's own request), linked to
 * its public page. The slug only makes the address: it is never shown.
 */
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import { siteConfig } from "#app/lib/site-config.ts";

/** The listing's title for a one-line summary; a listing the user may not read is "A listing". */
export function listingTitle(row: InboxRow): string | null {
  if (row.property?.title) return row.property.title;
  return row.property_id || row.property_slug ? "A listing" : null;
}

export function ListingLink({ row }: { row: InboxRow }) {
  const title = listingTitle(row);
  if (!title) return <span>—</span>;
  return row.property_slug ? (
    <a
      className="underline"
      href={`${siteConfig.siteUrl}/property/${encodeURIComponent(row.property_slug)}`}
      target="_blank"
      rel="noopener"
    >
      {title}
    </a>
  ) : (
    <span>{title}</span>
  );
}
