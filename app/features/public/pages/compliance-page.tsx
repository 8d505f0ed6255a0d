import { Link } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { TextPage } from "../components/legal-page.tsx";
import { usePageMeta } from "../lib/meta.ts";

export default function CompliancePage() {
  usePageMeta(
    "Compliance",
    "Our REAC licence, anti-cash policy, data protection under Act 843, tax and anti-money-laundering commitments.",
  );
  return (
    <TextPage
      eyebrow="Compliance"
      title="Licensing and compliance"
      intro="How we meet Ghana's rules for real estate agencies, data protection, tax and anti-money laundering."
      sections={[
        {
          title: "REAC licence",
          body: (
            <>
              <p>
                {COMPANY.legalName} is licensed by the Real Estate Agency Council under the Real Estate Agency
                Act, 2020 (Act 1047).
              </p>
              <p>
                <strong>REAC licence number:</strong>{" "}
                {siteConfig.reacLicence ?? "available on request from our office"}.
              </p>
              <p>
                The Act requires agencies to display their licence, keep records of transactions and act in
                the interest of their clients. You can verify an agency's licence with the Council.
              </p>
            </>
          ),
        },
        {
          title: "No cash transactions",
          body: (
            <p>
              Act 1047 prohibits cash in real estate transactions. We accept payment only by bank transfer,
              cheque, card or mobile money (MTN MoMo, Telecel Cash, AirtelTigo Money) to our company accounts,
              and we issue a receipt for every payment. Never pay an individual agent in cash.
            </p>
          ),
        },
        {
          title: "Data protection",
          body: (
            <>
              <p>
                We process personal data under the Data Protection Act, 2012 (Act 843) and are registered with
                the Data Protection Commission. We collect only what we need to answer your enquiry or provide
                a service, ask for your consent on every form, and keep data secure.
              </p>
              <p>
                You may ask for a copy of your data, a correction, or its deletion at any time by writing to{" "}
                <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>. See our{" "}
                <Link to="/privacy-policy">Privacy Policy</Link>.
              </p>
            </>
          ),
        },
        {
          title: "Tax",
          body: (
            <ul>
              <li>
                Our agency and management fees are standard-rated: 15 % VAT plus 2.5 % NHIL and 2.5 % GETFund
                Levy (VAT Act, 2025, Act 1151), shown on every invoice.
              </li>
              <li>
                Rent tax is 8 % on residential and 15 % on commercial rent; corporate tenants withhold it and
                we help landlords account for it.
              </li>
              <li>Our invoices carry the GRA E-VAT invoice reference where applicable.</li>
            </ul>
          ),
        },
        {
          title: "Anti-money laundering",
          body: (
            <p>
              As an accountable institution under the Anti-Money Laundering Act, 2020 (Act 1044), we verify
              the identity of our clients, ask about the source of funds for large transactions and report
              suspicious transactions to the Financial Intelligence Centre.
            </p>
          ),
        },
        {
          title: "Complaints",
          body: (
            <p>
              If you are unhappy with our service, write to {COMPANY.email} or call {COMPANY.phone}. We
              acknowledge complaints within two working days. If we cannot resolve it, you may refer the
              matter to the Real Estate Agency Council.
            </p>
          ),
        },
      ]}
    />
  );
}
