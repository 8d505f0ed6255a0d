/**
 * Names and one-line summaries of the 14 services: what cards, menus and the
 * consultation form need, without the pages' full content (services-data.ts), so the home page
 * stays light. Keyed by the slugs of core/services.ts.
 */
import { SERVICE_SLUGS, type ServiceSlug } from "#core/services.ts";

export interface ServiceSummary {
  slug: ServiceSlug;
  title: string;
  /** One line for cards and the meta description. */
  summary: string;
}

const CATALOGUE: Record<ServiceSlug, Omit<ServiceSummary, "slug">> = {
  "property-buying": {
    title: "Property Buying",
    summary: "Find, verify and buy the right home or land in Ghana without title surprises.",
  },
  "property-selling": {
    title: "Property Selling",
    summary: "Price, market and sell your property to qualified buyers at home and abroad.",
  },
  "property-management": {
    title: "Property Management",
    summary: "Tenants found, rent collected and your property cared for, with monthly statements.",
  },
  "investment-consulting": {
    title: "Investment Consulting",
    summary: "Data-led advice on where and what to buy in Ghana for yield and growth.",
  },
  "property-valuation": {
    title: "Property Valuation",
    summary: "Independent valuations for sale, purchase, mortgage, insurance and probate.",
  },
  "real-estate-consulting": {
    title: "Real Estate Consulting",
    summary: "Strategic advice for owners, developers and organisations with property decisions.",
  },
  "legal-title-support": {
    title: "Legal & Title Support",
    summary: "Searches, title registration and document checks with experienced property lawyers.",
  },
  "tenant-services": {
    title: "Tenant Services",
    summary: "Find a home or office to rent, with fair terms and no surprises.",
  },
  "real-estate-investment": {
    title: "Real Estate Investment",
    summary: "Curated investment opportunities: off-plan, income property and land.",
  },
  "commercial-properties": {
    title: "Commercial Properties",
    summary: "Offices, shops and warehouses to rent or buy across Ghana's business districts.",
  },
  "luxury-homes": {
    title: "Luxury Homes",
    summary: "Discreet service for prime homes in Accra's most sought-after neighbourhoods.",
  },
  "land-banking": {
    title: "Land Banking",
    summary: "Buy land in growth areas safely and hold it with documents in order.",
  },
  "project-management": {
    title: "Project Management",
    summary: "Build your house or development on time and on budget, even from abroad.",
  },
  "facilities-management": {
    title: "Facilities Management",
    summary: "Keep buildings safe, running and compliant: maintenance, security and utilities.",
  },
};

export const SERVICE_SUMMARIES: ServiceSummary[] = SERVICE_SLUGS.map((slug) => ({
  slug,
  ...CATALOGUE[slug],
}));
