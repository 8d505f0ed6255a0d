import { COMPANY } from "#core/constants.ts";
import { TextPage } from "../components/legal-page.tsx";
import { usePageMeta } from "../lib/meta.ts";

export default function TermsPage() {
  usePageMeta(
    "Terms of Service",
    "The terms for using the Ghana Realty website and our listing information.",
  );
  return (
    <TextPage
      eyebrow="Legal"
      title="Terms of Service"
      updated="1 November 2026"
      intro={`The terms that apply when you use this website, operated by ${COMPANY.legalName}.`}
      sections={[
        {
          title: "Using this site",
          body: (
            <p>
              You may browse listings, read our content and contact us for personal, non-commercial purposes.
              Do not copy listings or photographs in bulk, or use automated tools to scrape the site.
            </p>
          ),
        },
        {
          title: "Listing information",
          body: (
            <p>
              We check listings carefully, but details such as prices, sizes and availability can change and
              are not an offer or a contract. Always rely on the verified documents and the written agreement
              of a transaction. Converted prices use an indicative exchange rate shown with its date.
            </p>
          ),
        },
        {
          title: "Our services",
          body: (
            <p>
              Our agency, management and consulting services are provided under a separate written agreement
              that states the fees. Fees are invoiced with the taxes the law requires.
            </p>
          ),
        },
        {
          title: "Payments",
          body: (
            <p>
              We never accept cash (Real Estate Agency Act, 2020, Act 1047). Pay only into the company
              accounts shown on our invoices. We are not responsible for money paid to anyone else.
            </p>
          ),
        },
        {
          title: "Liability",
          body: (
            <p>
              Nothing in these terms limits liability that cannot be limited under Ghanaian law. Otherwise we
              are not liable for losses arising from reliance on listing information without the checks we
              recommend.
            </p>
          ),
        },
        {
          title: "Governing law",
          body: (
            <p>
              These terms are governed by the laws of the Republic of Ghana, and the courts of Ghana have
              jurisdiction.
            </p>
          ),
        },
      ]}
    />
  );
}
