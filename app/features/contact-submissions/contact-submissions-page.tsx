/** /contact-submissions: the contact form's messages on the shared inbox screen. */
import { InboxPage } from "#app/domains/inbox/components/inbox-page.tsx";
import { siteConfig } from "#app/lib/site-config.ts";

export default function ContactSubmissionsPage() {
  return (
    <InboxPage
      inbox="contact_submissions"
      summary={(r) => r.subject || (r.message ?? "").slice(0, 120)}
      fields={(r) => [
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
      ]}
    />
  );
}
