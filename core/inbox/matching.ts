/**
 * Two-way matching of property requests and listings: one pure scoring
 * function with reasons a person can read ("budget fits, 1 bedroom short"). The database's
 * `private.match_score()` (migration 20261125300400_inbox_matching.sql) follows the same rules and words;
 * tests/rls/inbox-matching.test.ts compares the two on the same rows.
 *
 * A listing is a candidate for a request when (else `null`):
 *   - it is for the right deal (buy → sale, rent → rent) and of one of the wanted types;
 *   - it lies in one of the wanted places (its city or neighbourhood, case-insensitive);
 *   - it is on the market (available or coming soon);
 *   - its price, in the request's currency through the dated USD→GHS rate (rent per month: a
 *     yearly rent counts as a twelfth), is at most MATCH_BUDGET_STRETCH × the maximum budget.
 * Its score starts at 100; each shortfall takes points off and says why. Matches below
 * MATCH_MIN_SCORE are not shown.
 */

export const MATCH_MIN_SCORE = 50;
/** A listing up to 20 % over the maximum budget is still shown, with the overshoot as a reason. */
export const MATCH_BUDGET_STRETCH = 1.2;
/** Statuses of listings that can still be offered to a client. */
export const MATCHABLE_LISTING_STATUSES = ["available", "coming_soon"] as const;
/** Request statuses still looking for a property. */
export const OPEN_REQUEST_STATUSES = ["new", "assigned", "searching", "matched"] as const;
/** A move-in date this close makes a "coming soon" listing a worse fit. */
export const MOVE_IN_SOON_DAYS = 30;

export const MATCH_PENALTY = {
  perBedroomShort: 15,
  perBedroomExtra: 5,
  bedroomsNotStated: 5,
  areaSmaller: 10,
  areaLarger: 3,
  areaNotStated: 5,
  belowMinimumBudget: 5,
  priceOnRequest: 10,
  noExchangeRate: 10,
  comingSoon: 10,
} as const;

export type RequestDeal = "buy" | "rent";

export interface MatchRequest {
  listingType: RequestDeal;
  propertyTypes: readonly string[];
  locations: readonly string[];
  budgetMin: number | null;
  budgetMax: number;
  currency: "GHS" | "USD";
  bedroomsMin: number | null;
  bedroomsMax: number | null;
  areaMinSqm: number | null;
  areaMaxSqm: number | null;
  /** "YYYY-MM-DD" or null. */
  moveInDate: string | null;
}

export interface MatchListing {
  listingType: "sale" | "rent";
  propertyType: string;
  status: string;
  city: string;
  neighbourhood: string | null;
  price: number | null;
  currency: "GHS" | "USD";
  rentPeriod: "month" | "year" | null;
  bedrooms: number | null;
  floorAreaSqm: number | null;
  landSizeSqm: number | null;
}

export interface MatchResult {
  score: number;
  reasons: string[];
}

/** Place names as compared: trimmed, lower-case, inner spaces collapsed. */
export function placeKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, " ");
}

export function placeKeys(names: readonly (string | null | undefined)[]): string[] {
  return [...new Set(names.filter((n): n is string => !!n && n.trim() !== "").map(placeKey))];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The listing's price in the request's currency, per month for rents; null when it has no price,
 * NaN when the currencies differ and no rate is known. `usdToGhs`: GHS per 1 USD.
 */
export function comparablePrice(
  listing: Pick<MatchListing, "price" | "currency" | "listingType" | "rentPeriod">,
  currency: "GHS" | "USD",
  usdToGhs: number | null,
): number | null {
  if (listing.price === null) return null;
  let price = listing.price;
  if (listing.listingType === "rent" && listing.rentPeriod === "year") price = price / 12;
  if (listing.currency !== currency) {
    if (!usdToGhs || usdToGhs <= 0) return Number.NaN;
    price = listing.currency === "USD" ? price * usdToGhs : price / usdToGhs;
  }
  return round2(price);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Scores one listing for one request, or null when it is not a candidate at all. */
export function scoreMatch(
  request: MatchRequest,
  listing: MatchListing,
  usdToGhs: number | null,
  today: string,
): MatchResult | null {
  if ((request.listingType === "buy" ? "sale" : "rent") !== listing.listingType) return null;
  if (!request.propertyTypes.includes(listing.propertyType)) return null;
  if (!(MATCHABLE_LISTING_STATUSES as readonly string[]).includes(listing.status)) return null;
  const wanted = new Set(placeKeys(request.locations));
  const place =
    listing.neighbourhood && wanted.has(placeKey(listing.neighbourhood))
      ? listing.neighbourhood
      : wanted.has(placeKey(listing.city))
        ? listing.city
        : null;
  if (place === null) return null;

  const price = comparablePrice(listing, request.currency, usdToGhs);
  if (price !== null && !Number.isNaN(price) && price > request.budgetMax * MATCH_BUDGET_STRETCH) return null;

  let penalty = 0;
  const reasons: string[] = [];

  // Budget
  if (price === null) {
    penalty += MATCH_PENALTY.priceOnRequest;
    reasons.push("price on request");
  } else if (Number.isNaN(price)) {
    penalty += MATCH_PENALTY.noExchangeRate;
    reasons.push(`priced in ${listing.currency}, no exchange rate`);
  } else if (price > request.budgetMax) {
    const over = Math.ceil((100 * (price - request.budgetMax)) / request.budgetMax);
    penalty += over;
    reasons.push(`${over}% over budget`);
  } else if (request.budgetMin !== null && price < request.budgetMin) {
    penalty += MATCH_PENALTY.belowMinimumBudget;
    reasons.push("below the minimum budget");
  } else {
    reasons.push("budget fits");
  }

  // Bedrooms
  if (request.bedroomsMin !== null || request.bedroomsMax !== null) {
    const beds = listing.bedrooms;
    if (beds === null) {
      penalty += MATCH_PENALTY.bedroomsNotStated;
      reasons.push("bedrooms not stated");
    } else if (request.bedroomsMin !== null && beds < request.bedroomsMin) {
      const short = request.bedroomsMin - beds;
      penalty += MATCH_PENALTY.perBedroomShort * short;
      reasons.push(`${plural(short, "bedroom", "bedrooms")} short`);
    } else if (request.bedroomsMax !== null && beds > request.bedroomsMax) {
      const extra = beds - request.bedroomsMax;
      penalty += MATCH_PENALTY.perBedroomExtra * extra;
      reasons.push(`${plural(extra, "bedroom", "bedrooms")} more than asked`);
    } else {
      reasons.push(plural(beds, "bedroom", "bedrooms"));
    }
  }

  // Area (floor area; land size for plots)
  if (request.areaMinSqm !== null || request.areaMaxSqm !== null) {
    const area = listing.floorAreaSqm ?? listing.landSizeSqm;
    if (area === null) {
      penalty += MATCH_PENALTY.areaNotStated;
      reasons.push("area not stated");
    } else if (request.areaMinSqm !== null && area < request.areaMinSqm) {
      penalty += MATCH_PENALTY.areaSmaller;
      reasons.push("smaller than asked");
    } else if (request.areaMaxSqm !== null && area > request.areaMaxSqm) {
      penalty += MATCH_PENALTY.areaLarger;
      reasons.push("larger than asked");
    } else {
      reasons.push("area fits");
    }
  }

  reasons.push(`in ${place.trim()}`);

  // Move-in: a listing not yet on the market is a worse fit for someone moving soon.
  if (listing.status === "coming_soon" && request.moveInDate !== null) {
    const soon = new Date(Date.parse(`${today}T00:00:00Z`) + MOVE_IN_SOON_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    if (request.moveInDate <= soon) {
      penalty += MATCH_PENALTY.comingSoon;
      reasons.push("coming soon, not yet available");
    }
  }

  return { score: Math.max(0, 100 - penalty), reasons };
}

/** "budget fits, 1 bedroom short, in East Legon" */
export function describeReasons(reasons: readonly string[]): string {
  return reasons.join(", ");
}
