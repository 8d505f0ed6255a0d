/**
 * Viewing bookings as the shared inbox screen shows them: list line, fields (the listing by its
 * title, linked to its public page), the summary facts of a booking's page, the appointment actions.
 */
import { AppointmentActions } from "#app/domains/inbox/components/appointment-actions.tsx";
import type { InboxScreen } from "#app/domains/inbox/components/inbox-screen.ts";
import { useListingTitle } from "#app/lib/record-lookup-queries.ts";
import { siteConfig } from "#app/lib/site-config.ts";

/** A booking's listing by its title (the slug is an address, not a name). */
function ListingTitle({ id, slug }: { id: string | null | undefined; slug: string | null | undefined }) {
  const title = useListingTitle(id);
  const name = title.data ?? (title.isPending && id ? "…" : "The listing");
  return slug ? (
    <a className="underline" href={`${siteConfig.siteUrl}/property/${slug}`} target="_blank" rel="noopener">
      {name}
    </a>
  ) : (
    <span>{id ? name : "—"}</span>
  );
}

export const BOOKINGS: InboxScreen = {
  inbox: "bookings",
  summary: (r, fmt) =>
    `${r.property_slug ?? "No listing named"} · ${r.starts_at ? fmt.dateTime(r.starts_at) : "no time"}`,
  fields: (r, fmt) => [
    { label: "Listing", value: <ListingTitle id={r.property_id} slug={r.property_slug} /> },
    {
      label: "Time",
      value: r.starts_at ? `${fmt.dateTime(r.starts_at)} (${r.duration_minutes ?? 45} min)` : "—",
    },
    { label: "People", value: String(r.attendees ?? 1) },
    {
      label: "Message",
      value: r.message ? <span className="whitespace-pre-wrap">{r.message}</span> : "—",
    },
  ],
  facts: (r, fmt) => [
    { label: "Listing", value: <ListingTitle id={r.property_id} slug={r.property_slug} /> },
    { label: "Time", value: r.starts_at ? fmt.dateTime(r.starts_at) : "Not booked" },
  ],
  actions: (r) => <AppointmentActions inbox="bookings" row={r} />,
};
