import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { hostLink, whatsappLink } from "../lib/links.ts";
import { SERVICE_SLUGS } from "#core/services.ts";
import { titleCase } from "../lib/format.ts";
import { Logo } from "./site-header.tsx";

export function ReacLicence({ className = "" }: { className?: string }) {
  return (
    <p className={className}>
      Licensed real estate agency under the Real Estate Agency Act, 2020 (Act 1047).{" "}
      {siteConfig.reacLicence ? (
        <>
          REAC licence no. <strong className="font-semibold">{siteConfig.reacLicence}</strong>
        </>
      ) : (
        "REAC licence number available on request."
      )}
    </p>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  const link = "rounded hover:text-white focus-visible:outline-2 focus-visible:outline-amber-300";
  return (
    <footer className="bg-emerald-950 text-emerald-100 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <Logo light />
          <p className="text-sm leading-relaxed text-emerald-200">
            Buying, selling, letting and managing property across Ghana since {COMPANY.foundedYear}: verified
            titles, honest advice, no cash transactions.
          </p>
          <ReacLicence className="text-sm text-emerald-200" />
        </div>
        <nav aria-label="Company">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">Company</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link className={link} to="/about">
                About us
              </Link>
            </li>
            <li>
              <Link className={link} to="/properties">
                Properties
              </Link>
            </li>
            <li>
              <Link className={link} to="/blog">
                Blog
              </Link>
            </li>
            <li>
              <Link className={link} to="/associations">
                Associations
              </Link>
            </li>
            <li>
              <Link className={link} to="/compliance">
                Compliance
              </Link>
            </li>
            <li>
              <a className={link} href={hostLink("request")}>
                Request a property
              </a>
            </li>
            <li>
              <a className={link} href={hostLink("consult")}>
                Book a consultation
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Services">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">Services</h2>
          <ul className="space-y-2 text-sm">
            {SERVICE_SLUGS.slice(0, 7).map((slug) => (
              <li key={slug}>
                <Link className={link} to={`/services/${slug}`}>
                  {titleCase(slug)}
                </Link>
              </li>
            ))}
            <li>
              <Link className={`${link} font-semibold text-amber-300`} to="/services">
                All services
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <address className="space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {COMPANY.address} (GhanaPost GPS {COMPANY.ghanaPostGps})
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a className={link} href={`tel:${COMPANY.phoneE164}`}>
                {COMPANY.phone}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a className={link} href={`mailto:${COMPANY.email}`}>
                {COMPANY.email}
              </a>
            </p>
            <p>
              <a className={link} href={whatsappLink()} rel="noopener" target="_blank">
                Chat on WhatsApp
              </a>
            </p>
            <p className="text-emerald-200">{COMPANY.officeHours}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-emerald-900">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-emerald-200 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {COMPANY.legalName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link className={link} to="/privacy-policy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={link} to="/terms-of-service">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link className={link} to="/compliance">
                Compliance
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
