/**
 * Listing reads for the public site (anon key; RLS shows published listings only).
 * Search filters are URL-serialisable so every search can be shared and bookmarked.
 */
import * as v from "valibot";
import {
  CURRENCIES,
  LISTING_TYPES,
  PROPERTY_TYPES,
  RENT_PERIODS,
  type Currency,
} from "#core/content-model.ts";
import {
  intSchema,
  nullableText,
  numericSchema as numeric,
  propertyImageRowSchema,
  type PropertyImageRow,
} from "#core/schemas/content-fields.ts";
import { publicDb } from "./public-db.ts";

export type PropertyImage = PropertyImageRow;

export { intSchema, nullableText };

export const propertyCardSchema = v.object({
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  property_type: v.picklist(PROPERTY_TYPES),
  listing_type: v.picklist(LISTING_TYPES),
  status: v.string(),
  price: v.nullable(numeric),
  currency: v.picklist(CURRENCIES),
  rent_period: v.nullable(v.picklist(RENT_PERIODS)),
  price_on_request: v.optional(v.boolean(), false),
  bedrooms: v.nullable(intSchema()),
  bathrooms: v.nullable(intSchema()),
  floor_area_sqm: v.nullable(numeric),
  land_size_sqm: v.nullable(numeric),
  neighbourhood: nullableText(),
  city: v.string(),
  region: nullableText(),
  latitude: v.nullable(numeric),
  longitude: v.nullable(numeric),
  featured: v.optional(v.boolean(), false),
  published_at: nullableText(),
  property_images: v.pipe(
    v.optional(v.array(propertyImageRowSchema), []),
    v.transform((imgs) => [...imgs].sort((a, b) => a.position - b.position)),
  ),
});
export type PropertyCard = v.InferOutput<typeof propertyCardSchema>;

export const IMAGES = "property_images(storage_path,alt_text,position,width,height)";
export const CARD_COLUMNS = `id,slug,title,property_type,listing_type,status,price,currency,rent_period,price_on_request,bedrooms,bathrooms,floor_area_sqm,land_size_sqm,neighbourhood,city,region,latitude,longitude,featured,published_at,${IMAGES}`;

// ── Search filters ──────────────────────────────────────────────────────────────────────────
export const AMENITIES = {
  gated: { label: "Gated community", column: "is_gated" },
  serviced: { label: "Serviced", column: "is_serviced" },
  bq: { label: "Boys' quarters", column: "has_boys_quarters" },
  furnished: { label: "Furnished", column: "furnishing" },
} as const;
export type Amenity = keyof typeof AMENITIES;
export const SORTS = {
  newest: "Newest",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
} as const;
export type Sort = keyof typeof SORTS;

export interface SearchFilters {
  q: string;
  location: string;
  type: (typeof PROPERTY_TYPES)[number] | "";
  listing: (typeof LISTING_TYPES)[number] | "";
  minPrice: number | null;
  maxPrice: number | null;
  /** Currency the price range is expressed in. */
  currency: Currency;
  beds: number | null;
  baths: number | null;
  amenities: Amenity[];
  sort: Sort;
  page: number;
}

export function paramsFromFilters(f: Partial<SearchFilters>): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.location) p.set("location", f.location);
  if (f.type) p.set("type", f.type);
  if (f.listing) p.set("listing", f.listing);
  if (f.minPrice != null) p.set("min", String(f.minPrice));
  if (f.maxPrice != null) p.set("max", String(f.maxPrice));
  if ((f.minPrice != null || f.maxPrice != null) && f.currency === "USD") p.set("currency", "USD");
  if (f.beds != null) p.set("beds", String(f.beds));
  if (f.baths != null) p.set("baths", String(f.baths));
  if (f.amenities?.length) p.set("amenities", f.amenities.join(","));
  if (f.sort && f.sort !== "newest") p.set("sort", f.sort);
  if (f.page && f.page > 1) p.set("page", String(f.page));
  return p;
}

export async function featuredProperties(limit = 6): Promise<PropertyCard[]> {
  const { data, error } = await publicDb
    .from("properties")
    .select(CARD_COLUMNS)
    .order("featured", { ascending: false })
    .order("published_at", { ascending: false })
    .limit(limit);
  if (error) throw new Error(`Could not load properties: ${error.message}`);
  return v.parse(v.array(propertyCardSchema), data ?? []);
}

export async function countListings(): Promise<number> {
  const { count, error } = await publicDb.from("properties").select("id", { count: "exact", head: true });
  if (error) throw new Error(error.message);
  return count ?? 0;
}
