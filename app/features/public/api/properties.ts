/**
 * Listing reads for the public site (anon key; RLS shows published listings only).
 * Search filters are URL-serialisable so every search can be shared and bookmarked.
 */
import { z } from "zod";
import { CURRENCIES, LISTING_TYPES, PROPERTY_TYPES, type Currency } from "../../../../core/schemas/content.ts";
import { supabase } from "../../../lib/supabase.ts";
import { USD_GHS_RATE } from "../lib/format.ts";

const numeric = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

export const imageSchema = z.object({
  storage_path: z.string().min(1),
  alt_text: z.string().nullable().optional(),
  position: z.number().int(),
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
});
export type PropertyImage = z.infer<typeof imageSchema>;

export const propertyCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  property_type: z.enum(PROPERTY_TYPES),
  listing_type: z.enum(LISTING_TYPES),
  status: z.string(),
  price: numeric.nullable(),
  currency: z.enum(CURRENCIES),
  rent_period: z.enum(["month", "year"]).nullable(),
  price_on_request: z.boolean().default(false),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  floor_area_sqm: numeric.nullable(),
  land_size_sqm: numeric.nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  latitude: numeric.nullable(),
  longitude: numeric.nullable(),
  featured: z.boolean().default(false),
  published_at: z.string().nullable(),
  property_images: z
    .array(imageSchema)
    .default([])
    .transform((imgs) => [...imgs].sort((a, b) => a.position - b.position)),
});
export type PropertyCard = z.infer<typeof propertyCardSchema>;

export const propertyDetailSchema = propertyCardSchema.extend({
  description: z.string().nullable(),
  rent_advance_months: z.number().int().nullable().optional(),
  plots: numeric.nullable().optional(),
  tenure: z.string().nullable().optional(),
  lease_years_remaining: z.number().int().nullable().optional(),
  title_type: z.string().nullable().optional(),
  furnishing: z.string().nullable().optional(),
  is_gated: z.boolean().default(false),
  is_serviced: z.boolean().default(false),
  has_boys_quarters: z.boolean().default(false),
  address: z.string().nullable(),
  ghana_post_gps: z.string().nullable().optional(),
  features: z.array(z.string()).default([]),
  updated_at: z.string(),
});
export type PropertyDetail = z.infer<typeof propertyDetailSchema>;

const IMAGES = "property_images(storage_path,alt_text,position,width,height)";
export const CARD_COLUMNS = `id,slug,title,property_type,listing_type,status,price,currency,rent_period,price_on_request,bedrooms,bathrooms,floor_area_sqm,land_size_sqm,neighbourhood,city,region,latitude,longitude,featured,published_at,${IMAGES}`;
const DETAIL_COLUMNS = `${CARD_COLUMNS},description,rent_advance_months,plots,tenure,lease_years_remaining,title_type,furnishing,is_gated,is_serviced,has_boys_quarters,address,ghana_post_gps,features,updated_at`;

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
  let query = supabase.from("properties").select(CARD_COLUMNS, { count: "exact" });
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
  const { data, error } = await supabase
    .from("properties")
    .select(CARD_COLUMNS)
    .order("featured", { ascending: false })
    .order("published_at", { ascending: false })
    .limit(limit);
  if (error) throw new Error(`Could not load properties: ${error.message}`);
  return z.array(propertyCardSchema).parse(data ?? []);
}

export async function countListings(): Promise<number> {
  const { count, error } = await supabase.from("properties").select("id", { count: "exact", head: true });
  if (error) throw new Error(error.message);
  return count ?? 0;
}

export async function getProperty(slug: string): Promise<PropertyDetail | null> {
  const { data, error } = await supabase.from("properties").select(DETAIL_COLUMNS).eq("slug", slug).maybeSingle();
  if (error) throw new Error(`Could not load the property: ${error.message}`);
  return data ? propertyDetailSchema.parse(data) : null;
}

export async function similarProperties(p: PropertyCard, limit = 3): Promise<PropertyCard[]> {
  const { data, error } = await supabase
    .from("properties")
    .select(CARD_COLUMNS)
    .eq("property_type", p.property_type)
    .eq("listing_type", p.listing_type)
    .neq("id", p.id)
    .order("published_at", { ascending: false })
    .limit(limit);
  if (error) throw new Error(error.message);
  return z.array(propertyCardSchema).parse(data ?? []);
}

export async function propertyTitleBySlug(slug: string): Promise<{ id: string; title: string } | null> {
  const { data, error } = await supabase.from("properties").select("id,title").eq("slug", slug).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? z.object({ id: z.string(), title: z.string() }).parse(data) : null;
}
