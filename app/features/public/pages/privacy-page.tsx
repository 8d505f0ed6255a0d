import { COMPANY } from "#core/constants.ts";
import { TextPage } from "../components/legal-page.tsx";
import { usePageMeta } from "../lib/meta.ts";

export default function PrivacyPage() {
  usePageMeta(
    "Privacy Policy",
    "How Ghana Realty collects, uses and protects your personal data under Ghana's Data Protection Act, 2012 (Act 843).",
  );
  return (
    <TextPage
      eyebrow="Legal"
      title="Privacy Policy"
      updated="1 November 2026"
      intro="What personal data we collect, why, how long we keep it, and your rights under the Data Protection Act, 2012 (Act 843)."
      sections={[
        {
          title: "Who we are",
          body: (
            <p>
              {COMPANY.legalName}, {COMPANY.address}, is the data controller for personal data collected
              through this website and our offices. Contact:{" "}
              <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>, {COMPANY.phone}.
            </p>
          ),
        },
        {
          title: "What we collect",
          body: (
            <ul>
              <li>
                Details you give us in our forms: name, email, phone number, your message, and what you are
                looking for (budget, locations, dates).
              </li>
              <li>
                Records of our dealings with you: viewings, offers, tenancy and sale documents, invoices and
                payments.
              </li>
              <li>
                Technical data needed to run the site securely, such as your IP address for rate limiting and
                spam protection. We do not use advertising trackers.
              </li>
            </ul>
          ),
        },
        {
          title: "Why we use it",
          body: (
            <ul>
              <li>
                To answer your enquiry and provide the service you ask for (contract or steps before a
                contract).
              </li>
              <li>To meet our legal duties, including anti-money-laundering checks and tax records.</li>
              <li>
                With your consent, to send you matching properties or newsletters; you can withdraw consent at
                any time.
              </li>
            </ul>
          ),
        },
        {
          title: "Who we share it with",
          body: (
            <p>
              Only with those who need it to serve you: the other party's agent or lawyer in a transaction,
              our partner lawyers and surveyors, and service providers who host our systems under contract. We
              never sell personal data.
            </p>
          ),
        },
        {
          title: "How long we keep it",
          body: (
            <p>
              Enquiries that do not lead to a service are deleted after 24 months. Transaction and tax records
              are kept for at least six years as the law requires.
            </p>
          ),
        },
        {
          title: "Your rights",
          body: (
            <ul>
              <li>Access a copy of your data, and have it corrected.</li>
              <li>Ask us to delete your data or stop using it, where the law allows.</li>
              <li>Withdraw consent for marketing at any time.</li>
              <li>Complain to the Data Protection Commission of Ghana.</li>
            </ul>
          ),
        },
        {
          title: "Security",
          body: (
            <p>
              Data is stored with access limited to staff who need it, protected by encryption in transit and
              two-factor authentication for staff accounts.
            </p>
          ),
        },
      ]}
    />
  );
}
