/**
 * The public content model's vocabulary (properties, property images, blog posts): the enums and
 * constants shared by the database migration, the edge worker and the SPA. No zod here, so
 * public pages can use them without loading a validator.
 */

export const PROPERTY_TYPES = [
  "house",
  "apartment",
  "townhouse",
  "land",
  "office",
  "shop",
  "warehouse",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const LISTING_TYPES = ["sale", "rent"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** draft → coming_soon → available → reserved/under_offer → sold/let → withdrawn/archived */
export const PROPERTY_STATUSES = [
  "draft",
  "coming_soon",
  "available",
  "reserved",
  "under_offer",
  "sold",
  "let",
  "withdrawn",
  "archived",
] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** Statuses a published listing may be shown with on the public site. */
export const PUBLIC_PROPERTY_STATUSES = [
  "coming_soon",
  "available",
  "reserved",
  "under_offer",
  "sold",
  "let",
] as const;

export const CURRENCIES = ["GHS", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const RENT_PERIODS = ["month", "year"] as const;
export type RentPeriod = (typeof RENT_PERIODS)[number];

export const BLOG_STATUSES = ["draft", "scheduled", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** Public storage bucket of listing photos. */
export const PROPERTY_IMAGES_BUCKET = "property-images";

/** URL-safe slug: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = "Use lower-case letters, digits and hyphens";
export const SLUG_MAX_LENGTH = 160;

/** A slug made from a title: "Buying land in Ghana — 5 checks" → "buying-land-in-ghana-5-checks". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
}
