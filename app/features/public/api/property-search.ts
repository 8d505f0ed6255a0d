/**
 * The /properties search: filters read from the URL, and the server-side query with its count.
 * Apart from properties.ts so the home page, which only links into a search, doesn't load it.
 */
import * as v from "valibot";
import { usdGhsRate } from "../lib/format.ts";
import {
  AMENITIES,
  CARD_COLUMNS,
  propertyCardSchema,
  SORTS,
  type Amenity,
  type PropertyCard,
  type SearchFilters,
  type Sort,
} from "./properties.ts";
import { LISTING_TYPES, PROPERTY_TYPES } from "#core/content-model.ts";
import { publicDb } from "./public-db.ts";

export const PAGE_SIZE = 12;

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
    listing: (LISTING_TYPES as readonly string[]).includes(listing)
      ? (listing as SearchFilters["listing"])
      : "",
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

/** Characters that would break a PostgREST or() expression or act as ilike wildcards. */
function clean(s: string): string {
  return s
    .replace(/[(),.%*_\\:"']/g, " ")
    .trim()
    .replace(/\s+/g, " ");
}

export async function searchProperties(f: SearchFilters): Promise<{ rows: PropertyCard[]; count: number }> {
  let query = publicDb.from("properties").select(CARD_COLUMNS, { count: "exact" });
  const q = clean(f.q);
  if (q)
    query = query.or(
      `title.ilike.*${q}*,description.ilike.*${q}*,neighbourhood.ilike.*${q}*,city.ilike.*${q}*`,
    );
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
    // The range is in one currency; listings are priced in GHS or USD: compare each in its own
    // at the current rate (without a rate, only listings priced in the range's currency match).
    const rate = usdGhsRate()?.rate;
    const range = (factor: number) =>
      [
        f.minPrice != null ? `price.gte.${Math.floor(f.minPrice * factor)}` : null,
        f.maxPrice != null ? `price.lte.${Math.ceil(f.maxPrice * factor)}` : null,
      ]
        .filter(Boolean)
        .join(",");
    if (rate) {
      const toGhs = f.currency === "USD" ? rate : 1;
      const toUsd = f.currency === "USD" ? 1 : 1 / rate;
      query = query.or(`and(currency.eq.GHS,${range(toGhs)}),and(currency.eq.USD,${range(toUsd)})`);
    } else {
      query = query.or(`and(currency.eq.${f.currency},${range(1)})`);
    }
  }
  if (f.sort === "newest") query = query.order("published_at", { ascending: false });
  else query = query.order("price", { ascending: f.sort === "price_asc", nullsFirst: false });
  query = query.order("id");
  const from = (f.page - 1) * PAGE_SIZE;
  const { data, error, count } = await query.range(from, from + PAGE_SIZE - 1);
  if (error) throw new Error(`Could not load properties: ${error.message}`);
  return { rows: v.parse(v.array(propertyCardSchema), data ?? []), count: count ?? 0 };
}
