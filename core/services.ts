/** The 14 service page slugs under /services/. Page content lives in app/, keyed by these. */
export const SERVICE_SLUGS = [
  "property-buying",
  "property-selling",
  "property-management",
  "investment-consulting",
  "property-valuation",
  "real-estate-consulting",
  "legal-title-support",
  "tenant-services",
  "real-estate-investment",
  "commercial-properties",
  "luxury-homes",
  "land-banking",
  "project-management",
  "facilities-management",
] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export function isServiceSlug(s: string): s is ServiceSlug {
  return (SERVICE_SLUGS as readonly string[]).includes(s);
}

/** A consultation's service as people read it ("property-valuation" → "Property valuation"). */
export function serviceName(slug: string | null | undefined): string {
  return slug ? slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()) : "Consultation";
}
