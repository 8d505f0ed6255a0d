/** Contact-form messages as the shared inbox screen shows them: list line and fields. */
import type { InboxScreen } from "#app/domains/inbox/components/inbox-screen.ts";
import { ListingLink } from "#app/domains/inbox/components/listing-link.tsx";

export const CONTACT_SUBMISSIONS: InboxScreen = {
  inbox: "contact_submissions",
  summary: (r) => r.subject || (r.message ?? "").slice(0, 120),
  fields: (r) => [
    { label: "Subject", value: r.subject || "—" },
    { label: "Message", value: <span className="whitespace-pre-wrap">{r.message}</span> },
    r.property_slug || r.property_id ? { label: "About", value: <ListingLink row={r} /> } : null,
  ],
  facts: (r) => [{ label: "Subject", value: r.subject || "No subject" }],
};
