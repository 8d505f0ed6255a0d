/**
 * Listing reads for the public site (anon key; RLS shows published listings only).
 * Search filters are URL-serialisable so every search can be shared and bookmarked.
 */
import * as z from "zod/mini";
import { CURRENCIES, LISTING_TYPES, PROPERTY_TYPES, RENT_PERIODS, type Currency } from "../../../../core/content-model.ts";
import { numericSchema as numeric, propertyImageRowSchema, type PropertyImageRow } from "../../../../core/schemas/content-fields.ts";
import { USD_GHS_RATE } from "../lib/format.ts";
import { publicDb } from "./public-db.ts";

export type PropertyImage = PropertyImageRow;

export const intSchema = () => z.number().check(z.int());
export const nullableText = () => z.nullable(z.string());

export const propertyCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  property_type: z.enum(PROPERTY_TYPES),
  listing_type: z.enum(LISTING_TYPES),
  status: z.string(),
  price: z.nullable(numeric),
  currency: z.enum(CURRENCIES),
  rent_period: z.nullable(z.enum(RENT_PERIODS)),
  price_on_request: z._default(z.boolean(), false),
  bedrooms: z.nullable(intSchema()),
  bathrooms: z.nullable(intSchema()),
  floor_area_sqm: z.nullable(numeric),
  land_size_sqm: z.nullable(numeric),
  neighbourhood: nullableText(),
  city: z.string(),
  region: nullableText(),
  latitude: z.nullable(numeric),
  longitude: z.nullable(numeric),
  featured: z._default(z.boolean(), false),
  published_at: nullableText(),
  property_images: z.pipe(
    z._default(z.array(propertyImageRowSchema), []),
    z.transform((imgs) => [...imgs].sort((a, b) => a.position - b.position)),
  ),
});
export type PropertyCard = z.infer<typeof propertyCardSchema>;



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
export const SORTS = { newest: "Newest", price_asc: "Price: low to high", price_desc: "Price: high to low" } as const;
export type Sort = keyof typeof SORTS;
export const PAGE_SIZE = 12;

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

const int = (v: string | null, min = 0) => {
  if (v === null || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= min ? Math.floor(n) : null;
};

export function filtersFromParams(p: URLSearchParams): SearchFilters {
  const type = p.get("type") ?? "";
  const listing = p.get("listing") ?? "";
  const sort = p.get("sort") ?? "newest";
  const currency = p.get("currency") ?? "GHS";
  return {
    q: (p.get("q") ?? "").slice(0, 100),
    location: (p.get("location") ?? "").slice(0, 80),
    type: (PROPERTY_TYPES as readonly string[]).includes(type) ? (type as SearchFilters["type"]) : "",
    listing: (LISTING_TYPES as readonly string[]).includes(listing) ? (listing as SearchFilters["listing"]) : "",
    minPrice: int(p.get("min")),
    maxPrice: int(p.get("max")),
    currency: currency === "USD" ? "USD" : "GHS",
    beds: int(p.get("beds")),
    baths: int(p.get("baths")),
    amenities: (p.get("amenities") ?? "").split(",").filter((a): a is Amenity => a in AMENITIES),
    sort: sort in SORTS ? (sort as Sort) : "newest",
    page: Math.max(1, int(p.get("page"), 1) ?? 1),
  };
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

/** Characters that would break a PostgREST or() expression or act as ilike wildcards. */
function clean(s: string): string {
  return s.replace(/[(),.%*_\\:"']/g, " ").trim().replace(/\s+/g, " ");
}

export async function searchProperties(f: SearchFilters): Promise<{ rows: PropertyCard[]; count: number }> {
  let query = publicDb.from("properties").select(CARD_COLUMNS, { count: "exact" });
  const q = clean(f.q);
  if (q) query = query.or(`title.ilike.*${q}*,description.ilike.*${q}*,neighbourhood.ilike.*${q}*,city.ilike.*${q}*`);
  const loc = clean(f.location);
  if (loc) query = query.or(`city.ilike.*${loc}*,neighbourhood.ilike.*${loc}*,region.ilike.*${loc}*`);
  if (f.type) query = query.eq("property_type", f.type);
  if (f.listing) query = query.eq("listing_type", f.listing);
  if (f.beds != null) query = query.gte("bedrooms", f.beds);
  if (f.baths != null) query = query.gte("bathrooms", f.baths);
  for (const a of f.amenities) {
    if (a === "furnished") query = query.eq("furnishing", "furnished");
    else query = query.eq(AMENITIES[a].column, true);
  }
  if (f.minPrice != null || f.maxPrice != null) {
    // The range is in one currency; listings are priced in GHS or USD: compare each in its own.
    const toGhs = f.currency === "USD" ? USD_GHS_RATE.rate : 1;
    const toUsd = f.currency === "USD" ? 1 : 1 / USD_GHS_RATE.rate;
    const range = (factor: number) =>
      [
        f.minPrice != null ? `price.gte.${Math.floor(f.minPrice * factor)}` : null,
        f.maxPrice != null ? `price.lte.${Math.ceil(f.maxPrice * factor)}` : null,
      ]
        .filter(Boolean)
        .join(",");
    query = query.or(`and(currency.eq.GHS,${range(toGhs)}),and(currency.eq.USD,${range(toUsd)})`);
  }
  if (f.sort === "newest") query = query.order("published_at", { ascending: false });
  else query = query.order("price", { ascending: f.sort === "price_asc", nullsFirst: false });
  query = query.order("id");
  const from = (f.page - 1) * PAGE_SIZE;
  const { data, error, count } = await query.range(from, from + PAGE_SIZE - 1);
  if (error) throw new Error(`Could not load properties: ${error.message}`);
  return { rows: z.array(propertyCardSchema).parse(data ?? []), count: count ?? 0 };
}

export async function featuredProperties(limit = 6): Promise<PropertyCard[]> {
  const { data, error } = await publicDb
    .from("properties")
    .select(CARD_COLUMNS)
    .order("featured", { ascending: false })
    .order("published_at", { ascending: false })
    .limit(limit);
  if (error) throw new Error(`Could not load properties: ${error.message}`);
  return z.array(propertyCardSchema).parse(data ?? []);
}

export async function countListings(): Promise<number> {
  const { count, error } = await publicDb.from("properties").select("id", { count: "exact", head: true });
  if (error) throw new Error(error.message);
  return count ?? 0;
}
