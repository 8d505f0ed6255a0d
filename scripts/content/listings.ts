/**
 * Demo listings for the local stack (supabase/seeds/30-content.sql is generated from this file by
 * scripts/generate-content-seed.ts; the images by scripts/generate-property-images.ts).
 * Neighbourhoods, prices and features follow the Ghanaian market (USD pricing is common at the top end).
 */
import type {
  Currency,
  ListingType,
  PropertyStatus,
  PropertyType,
  RentPeriod,
} from "#core/schemas/content.ts";
import { ACCRA_AND_TEMA } from "./listings/accra-tema.ts";
import { MORE_ACCRA } from "./listings/accra-more.ts";
import { KUMASI_AND_TAKORADI } from "./listings/kumasi-takoradi.ts";

export interface SeedListing {
  slug: string;
  title: string;
  type: PropertyType;
  listing: ListingType;
  status: PropertyStatus;
  price: number;
  currency: Currency;
  rentPeriod?: RentPeriod;
  rentAdvanceMonths?: number;
  bedrooms?: number;
  bathrooms?: number;
  floorArea?: number;
  landSize?: number;
  plots?: number;
  tenure?: "freehold" | "leasehold";
  leaseYears?: number;
  titleType?: string;
  furnishing?: "unfurnished" | "semi_furnished" | "furnished";
  gated?: boolean;
  serviced?: boolean;
  boysQuarters?: boolean;
  address: string;
  gps: string;
  neighbourhood: string;
  city: "Accra" | "Tema" | "Kumasi" | "Takoradi";
  region: "Greater Accra" | "Ashanti" | "Western";
  lat: number;
  lng: number;
  features: string[];
  featured?: boolean;
  /** Days before the seed ran; null = unpublished draft. */
  publishedDaysAgo: number | null;
  agent: "admin@demo.test" | "staff@demo.test";
  description: string;
}

/** Every demo listing, in the seed's order (the groups split one long list by region). */
export const LISTINGS: SeedListing[] = [...ACCRA_AND_TEMA, ...KUMASI_AND_TAKORADI, ...MORE_ACCRA];
