/**
 * The vocabulary of the listing form beyond the public content model: Ghanaian regions, title
 * documents, tenure and furnishing, labels of every field, and which fields apply to which kind
 * of property (land has no bedrooms, an office no boys' quarters, a sale no rent period). Shared
 * by the form schema, the admin screens and the CSV export.
 */
import type { ListingType, PropertyType } from "../content-model.ts";

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  house: "House",
  apartment: "Apartment",
  townhouse: "Townhouse",
  land: "Land",
  office: "Office",
  shop: "Shop",
  warehouse: "Warehouse",
};

export const LISTING_TYPE_LABELS: Record<ListingType, string> = { sale: "For sale", rent: "For rent" };

/** Ghana's 16 regions (since 2019). */
export const GHANA_REGIONS = [
  "Ahafo",
  "Ashanti",
  "Bono",
  "Bono East",
  "Central",
  "Eastern",
  "Greater Accra",
  "North East",
  "Northern",
  "Oti",
  "Savannah",
  "Upper East",
  "Upper West",
  "Volta",
  "Western",
  "Western North",
] as const;
export type GhanaRegion = (typeof GHANA_REGIONS)[number];

export const TENURES = ["freehold", "leasehold"] as const;
export const TENURE_LABELS: Record<(typeof TENURES)[number], string> = {
  freehold: "Freehold",
  leasehold: "Leasehold",
};

export const FURNISHINGS = ["unfurnished", "semi_furnished", "furnished"] as const;
export const FURNISHING_LABELS: Record<(typeof FURNISHINGS)[number], string> = {
  unfurnished: "Unfurnished",
  semi_furnished: "Semi-furnished",
  furnished: "Furnished",
};

/** The title documents land in Ghana is held under. */
export const TITLE_TYPES = [
  "Land Title Certificate",
  "Indenture",
  "Deed of Assignment",
  "Lease agreement",
  "Allocation letter",
] as const;

export const RENT_PERIOD_LABELS = { month: "per month", year: "per year" } as const;
/** The Rent Act caps advance demands at 6 months; the form warns above. */
export const RENT_ADVANCE_LEGAL_MONTHS = 6;

/** GhanaPost GPS digital address: two letters, 3–4 digits, 4 digits (GA-123-4567). */
export const GHANA_POST_GPS_PATTERN = /^[A-Z]{2}-\d{3,4}-\d{4}$/;

export const PROPERTY_FIELD_LABELS = {
  title: "Title",
  slug: "Web address (slug)",
  description: "Description",
  status: "Status",
  property_type: "Property type",
  listing_type: "Sale or rent",
  price: "Price",
  currency: "Currency",
  price_on_request: "Price on request",
  rent_period: "Rent period",
  rent_advance_months: "Advance (months)",
  bedrooms: "Bedrooms",
  bathrooms: "Bathrooms",
  floor_area_sqm: "Floor area (m²)",
  land_size_sqm: "Land size (m²)",
  plots: "Plots",
  tenure: "Tenure",
  lease_years_remaining: "Lease years remaining",
  mandate_expires_on: "Mandate ends on",
  title_type: "Title document",
  furnishing: "Furnishing",
  is_gated: "Gated community",
  is_serviced: "Serviced",
  has_boys_quarters: "Boys' quarters",
  address: "Address",
  ghana_post_gps: "GhanaPost GPS address",
  neighbourhood: "Neighbourhood",
  city: "City or town",
  region: "Region",
  latitude: "Latitude",
  longitude: "Longitude",
  features: "Features",
  featured: "Featured on the home page",
  agent_id: "Listing agent",
  seo_title: "Search title",
  seo_description: "Search description",
  owner_name: "Owner's name",
  owner_phone: "Owner's phone",
  owner_email: "Owner's email",
  published_at: "Published",
  owner_id: "Record owner",
  assignee_id: "Assignee",
} as const;
export type PropertyField = keyof typeof PROPERTY_FIELD_LABELS;

const RESIDENTIAL: readonly PropertyType[] = ["house", "apartment", "townhouse"];
const COMMERCIAL: readonly PropertyType[] = ["office", "shop", "warehouse"];

export function isResidential(t: PropertyType): boolean {
  return RESIDENTIAL.includes(t);
}
export function isCommercial(t: PropertyType): boolean {
  return COMMERCIAL.includes(t);
}

/** Whether a field means anything for this kind of listing (the form hides the rest and saves them empty). */
export function fieldApplies(
  field: PropertyField,
  propertyType: PropertyType,
  listingType: ListingType,
): boolean {
  switch (field) {
    case "bedrooms":
    case "has_boys_quarters":
      return isResidential(propertyType);
    case "bathrooms":
    case "floor_area_sqm":
    case "furnishing":
      return propertyType !== "land";
    case "plots":
      return propertyType === "land" || propertyType === "house";
    case "rent_period":
    case "rent_advance_months":
      return listingType === "rent";
    default:
      return true;
  }
}
