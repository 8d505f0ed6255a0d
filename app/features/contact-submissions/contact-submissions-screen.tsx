/** Contact-form messages as the shared inbox screen shows them: list line and fields. */
import type { InboxScreen } from "#app/domains/inbox/components/inbox-screen.ts";
import { siteConfig } from "#app/lib/site-config.ts";

export const CONTACT_SUBMISSIONS: InboxScreen = {
  inbox: "contact_submissions",
  summary: (r) => r.subject || (r.message ?? "").slice(0, 120),
  fields: (r) => [
    { label: "Subject", value: r.subject || "—" },
    { label: "Message", value: <span className="whitespace-pre-wrap">{r.message}</span> },
    r.property_slug
      ? {
          label: "About",
          value: (
            <a
              className="underline"
              href={`${siteConfig.siteUrl}/property/${r.property_slug}`}
              target="_blank"
              rel="noopener"
            >
              {r.property_slug}
            </a>
          ),
        }
      : null,
  ],
  facts: (r) => [{ label: "Subject", value: r.subject || "No subject" }],
};
