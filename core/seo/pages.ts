/**
 * Titles and descriptions of the public pages that are not rows in the database, and the list
 * of URLs that go into sitemap-static.xml.
 */
import { SERVICE_SLUGS, type ServiceSlug } from "../services.ts";

export interface StaticPageInfo {
  title: string;
  description: string;
  /** In sitemap-static.xml. */
  indexable: boolean;
  priority?: number;
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
}

/** Date the static pages' copy last changed (lastmod in sitemap-static.xml). */
export const STATIC_CONTENT_UPDATED = "2026-11-21T00:00:00Z";

export const SERVICE_INFO: Record<ServiceSlug, { title: string; description: string }> = {
  "property-buying": {
    title: "Property Buying",
    description:
      "Find and buy a home, land or investment property in Ghana with a licensed agent: shortlists, viewings, title checks and negotiation.",
  },
  "property-selling": {
    title: "Property Selling",
    description:
      "Sell your property in Accra, Tema, Kumasi or Takoradi: valuation, marketing to local and diaspora buyers, viewings and closing.",
  },
  "property-management": {
    title: "Property Management",
    description:
      "Tenant finding, rent collection by bank and mobile money, maintenance and inspections for landlords in Ghana and abroad.",
  },
  "investment-consulting": {
    title: "Investment Consulting",
    description:
      "Yield analysis, market research and portfolio advice for investors in Ghanaian residential and commercial real estate.",
  },
  "property-valuation": {
    title: "Property Valuation",
    description:
      "Valuations by chartered valuers for sale, purchase, mortgage, insurance and probate across Ghana.",
  },
  "real-estate-consulting": {
    title: "Real Estate Consulting",
    description:
      "Feasibility studies, highest-and-best-use analysis and development advice for landowners and developers.",
  },
  "legal-title-support": {
    title: "Legal & Title Support",
    description:
      "Lands Commission searches, indentures, title registration and stamp duty — we make sure the land you buy is really for sale.",
  },
  "tenant-services": {
    title: "Tenant Services",
    description:
      "Find a rental in Ghana: vetted listings, viewings, fair tenancy agreements and guidance on rent advance under the Rent Act.",
  },
  "real-estate-investment": {
    title: "Real Estate Investment",
    description:
      "Buy-to-let, off-plan and land banking opportunities in Ghana, with due diligence and staged payments.",
  },
  "commercial-properties": {
    title: "Commercial Properties",
    description: "Offices, shops and warehouses for sale and rent in Accra, Tema, Kumasi and Takoradi.",
  },
  "luxury-homes": {
    title: "Luxury Homes",
    description:
      "Exceptional homes in Trasacco Valley, East Legon, Cantonments and Airport Residential, shown discreetly.",
  },
  "land-banking": {
    title: "Land Banking",
    description:
      "Registered plots in growth corridors around Accra and Kumasi, with title checks and boundary surveys.",
  },
  "project-management": {
    title: "Project Management",
    description:
      "Building supervision for clients at home and abroad: budgets, milestones, quantity surveying and reporting.",
  },
  "facilities-management": {
    title: "Facilities Management",
    description:
      "Security, cleaning, power and water systems, and maintenance for estates, offices and apartment blocks.",
  },
};

export const STATIC_PAGES: Record<string, StaticPageInfo> = {
  "/": {
    title: "Ghana Realty — Homes, land and offices in Accra, Tema, Kumasi and Takoradi",
    description:
      "Houses, apartments, land and offices for sale and rent in Ghana, with licensed agents, valuations, property management and legal title support.",
    indexable: true,
    priority: 1,
    changefreq: "daily",
  },
  "/about": {
    title: "About Us",
    description:
      "Ghana Realty has helped families, investors and companies buy, sell and let property in Ghana since 2012. Licensed by the Real Estate Agency Council.",
    indexable: true,
    priority: 0.6,
    changefreq: "monthly",
  },
  "/services": {
    title: "Services",
    description:
      "Buying, selling, letting, valuation, property management, legal and title support, and investment advice across Ghana.",
    indexable: true,
    priority: 0.8,
    changefreq: "monthly",
  },
  "/associations": {
    title: "Associations",
    description:
      "Our memberships and partners: the Real Estate Agency Council, GREDA, the Ghana Institution of Surveyors and more.",
    indexable: true,
    priority: 0.4,
    changefreq: "yearly",
  },
  "/contact": {
    title: "Contact",
    description:
      "Call, WhatsApp or visit Ghana Realty at Airport Residential Area, Accra. Mon–Fri 08:00–17:00, Sat 09:00–13:00.",
    indexable: true,
    priority: 0.7,
    changefreq: "yearly",
  },
  "/compliance": {
    title: "Compliance",
    description:
      "Our licence under the Real Estate Agency Act 2020 (Act 1047), anti-money-laundering checks and the no-cash rule.",
    indexable: true,
    priority: 0.3,
    changefreq: "yearly",
  },
  "/privacy-policy": {
    title: "Privacy Policy",
    description:
      "How Ghana Realty collects, uses and protects personal data under the Data Protection Act, 2012 (Act 843).",
    indexable: true,
    priority: 0.2,
    changefreq: "yearly",
  },
  "/terms-of-service": {
    title: "Terms of Service",
    description: "The terms that apply when you use the Ghana Realty website and services.",
    indexable: true,
    priority: 0.2,
    changefreq: "yearly",
  },
  "/blog": {
    title: "Blog",
    description:
      "Guides and market news on buying, renting and investing in Ghanaian property: land titles, rent advance, VAT, neighbourhoods.",
    indexable: true,
    priority: 0.8,
    changefreq: "daily",
  },
  "/properties": {
    title: "Properties for sale and rent",
    description:
      "Browse houses, apartments, land, offices and shops for sale and rent in Accra, Tema, Kumasi and Takoradi.",
    indexable: true,
    priority: 0.9,
    changefreq: "daily",
  },
  "/property-request-form": {
    title: "Property request",
    description:
      "Tell us what you are looking for — buy or rent, type, locations, budget — and our agents will find it.",
    indexable: false,
  },
  "/consultation": {
    title: "Book a consultation",
    description:
      "Book a free consultation with a Ghana Realty adviser: in person in Accra, by phone, video or WhatsApp.",
    indexable: false,
  },
  "/auth": {
    title: "Back Office",
    description: "Sign in to the Ghana Realty back office.",
    indexable: false,
  },
  "/appointment": {
    title: "Your appointment",
    description:
      "Reschedule or cancel your Ghana Realty consultation or viewing with the link from your e-mail.",
    indexable: false,
  },
};

/** What the single-purpose hosts' root renders (their own page of the SPA). */
export const HOST_ROOT_PAGES = {
  consult: { title: "Book a consultation", description: STATIC_PAGES["/consultation"]!.description },
  bookings: {
    title: "Book a viewing",
    description: "Choose a listing, a date and a time to view it with one of our agents.",
  },
  request: { title: "Property request", description: STATIC_PAGES["/property-request-form"]!.description },
  collab: {
    title: "Partner portal",
    description:
      "Ghana Realty's portal for partner agencies and agents: shared listings, leads and commission splits.",
  },
} as const;

/** Paths in sitemap-static.xml, in order. */
export function staticSitemapPaths(): { path: string; info: StaticPageInfo }[] {
  const out: { path: string; info: StaticPageInfo }[] = [];
  for (const [path, info] of Object.entries(STATIC_PAGES)) if (info.indexable) out.push({ path, info });
  for (const slug of SERVICE_SLUGS)
    out.push({
      path: `/services/${slug}`,
      info: { ...SERVICE_INFO[slug], indexable: true, priority: 0.7, changefreq: "monthly" },
    });
  return out;
}
