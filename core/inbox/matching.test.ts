/** Worked examples of request ↔ listing matching (core/inbox/matching.ts). */
import { describe, expect, it } from "vitest";
import {
  comparablePrice,
  describeReasons,
  placeKeys,
  scoreMatch,
  type MatchListing,
  type MatchRequest,
} from "./matching.ts";

const today = "2026-12-07";
const request: MatchRequest = {
  listingType: "buy",
  propertyTypes: ["house", "townhouse"],
  locations: ["East Legon", " cantonments "],
  budgetMin: 1_500_000,
  budgetMax: 2_500_000,
  currency: "GHS",
  bedroomsMin: 3,
  bedroomsMax: 4,
  areaMinSqm: null,
  areaMaxSqm: null,
  moveInDate: null,
};
const listing: MatchListing = {
  listingType: "sale",
  propertyType: "house",
  status: "available",
  city: "Accra",
  neighbourhood: "East Legon",
  price: 2_200_000,
  currency: "GHS",
  rentPeriod: null,
  bedrooms: 4,
  floorAreaSqm: 320,
  landSizeSqm: null,
};

describe("scoreMatch", () => {
  it("a listing that fits everything scores 100 and says why", () => {
    const r = scoreMatch(request, listing, 15.5, today)!;
    expect(r.score).toBe(100);
    expect(describeReasons(r.reasons)).toBe("budget fits, 4 bedrooms, in East Legon");
  });

  it("the issue's example: budget fits, 1 bedroom short", () => {
    const r = scoreMatch(request, { ...listing, bedrooms: 2 }, 15.5, today)!;
    expect(describeReasons(r.reasons)).toBe("budget fits, 1 bedroom short, in East Legon");
    expect(r.score).toBe(85);
  });

  it("not a candidate: wrong deal, type, place, status, or far over budget", () => {
    expect(
      scoreMatch(request, { ...listing, listingType: "rent", rentPeriod: "month" }, 15.5, today),
    ).toBeNull();
    expect(scoreMatch(request, { ...listing, propertyType: "apartment" }, 15.5, today)).toBeNull();
    expect(
      scoreMatch(request, { ...listing, city: "Kumasi", neighbourhood: "Ahodwo" }, 15.5, today),
    ).toBeNull();
    expect(scoreMatch(request, { ...listing, status: "sold" }, 15.5, today)).toBeNull();
    expect(scoreMatch(request, { ...listing, price: 3_000_001 }, 15.5, today)).toBeNull();
  });

  it("a city in the wanted places matches any neighbourhood of it, case and spaces aside", () => {
    const r = scoreMatch(
      { ...request, locations: ["ACCRA"] },
      { ...listing, neighbourhood: "Osu" },
      null,
      today,
    )!;
    expect(r.reasons.at(-1)).toBe("in Accra");
    expect(
      scoreMatch(
        request,
        { ...listing, city: "Accra", neighbourhood: "Cantonments" },
        null,
        today,
      )?.reasons.at(-1),
    ).toBe("in Cantonments");
  });

  it("over budget by up to 20 %: one point per percent", () => {
    const r = scoreMatch(request, { ...listing, price: 2_750_000 }, null, today)!;
    expect(r.reasons[0]).toBe("10% over budget");
    expect(r.score).toBe(90);
  });

  it("GHS/USD through the dated rate: a USD listing against a GHS budget", () => {
    // 150,000 USD × 15.5 = 2,325,000 GHS: within 1.5–2.5 m.
    expect(
      scoreMatch(request, { ...listing, price: 150_000, currency: "USD" }, 15.5, today)?.reasons[0],
    ).toBe("budget fits");
    // 170,000 USD × 15.5 = 2,635,000 GHS: 5.4 % over → 6 %.
    expect(
      scoreMatch(request, { ...listing, price: 170_000, currency: "USD" }, 15.5, today)?.reasons[0],
    ).toBe("6% over budget");
    // Without a rate the budget cannot be judged: shown, with the reason.
    const none = scoreMatch(request, { ...listing, price: 150_000, currency: "USD" }, null, today)!;
    expect(none.reasons[0]).toBe("priced in USD, no exchange rate");
    expect(none.score).toBe(90);
  });

  it("rents compare per month: a yearly rent counts as a twelfth", () => {
    const rent: MatchRequest = {
      ...request,
      listingType: "rent",
      propertyTypes: ["apartment"],
      budgetMin: null,
      budgetMax: 1_000,
      currency: "USD",
      bedroomsMin: null,
      bedroomsMax: null,
    };
    const flat: MatchListing = {
      ...listing,
      listingType: "rent",
      propertyType: "apartment",
      price: 180_000,
      currency: "GHS",
      rentPeriod: "year",
      bedrooms: 2,
    };
    // 180,000 / 12 = 15,000 GHS a month ÷ 15 = 1,000 USD.
    expect(comparablePrice(flat, "USD", 15)).toBe(1000);
    expect(describeReasons(scoreMatch(rent, flat, 15, today)!.reasons)).toBe("budget fits, in East Legon");
  });

  it("below the minimum, price on request, more bedrooms than asked", () => {
    expect(scoreMatch(request, { ...listing, price: 1_000_000 }, null, today)).toMatchObject({
      score: 95,
      reasons: ["below the minimum budget", "4 bedrooms", "in East Legon"],
    });
    expect(scoreMatch(request, { ...listing, price: null }, null, today)).toMatchObject({
      score: 90,
      reasons: ["price on request", "4 bedrooms", "in East Legon"],
    });
    expect(scoreMatch(request, { ...listing, bedrooms: 6 }, null, today)).toMatchObject({
      score: 90,
      reasons: ["budget fits", "2 bedrooms more than asked", "in East Legon"],
    });
    expect(scoreMatch(request, { ...listing, bedrooms: null }, null, today)?.reasons[1]).toBe(
      "bedrooms not stated",
    );
  });

  it("area ranges: floor area, or land size for plots", () => {
    const wants = { ...request, areaMinSqm: 300, areaMaxSqm: 500 };
    expect(scoreMatch(wants, listing, null, today)?.reasons).toContain("area fits");
    expect(scoreMatch(wants, { ...listing, floorAreaSqm: 200 }, null, today)).toMatchObject({ score: 90 });
    expect(scoreMatch(wants, { ...listing, floorAreaSqm: 900 }, null, today)?.reasons).toContain(
      "larger than asked",
    );
    expect(
      scoreMatch(wants, { ...listing, floorAreaSqm: null, landSizeSqm: 450 }, null, today)?.reasons,
    ).toContain("area fits");
    expect(scoreMatch(wants, { ...listing, floorAreaSqm: null }, null, today)?.reasons).toContain(
      "area not stated",
    );
  });

  it("a coming-soon listing for someone moving in within a month", () => {
    const soon = { ...request, moveInDate: "2026-12-20" };
    expect(scoreMatch(soon, { ...listing, status: "coming_soon" }, null, today)).toMatchObject({
      score: 90,
      reasons: ["budget fits", "4 bedrooms", "in East Legon", "coming soon, not yet available"],
    });
    expect(
      scoreMatch({ ...request, moveInDate: "2027-06-01" }, { ...listing, status: "coming_soon" }, null, today)
        ?.score,
    ).toBe(100);
  });

  it("several shortfalls add up, never below 0", () => {
    const r = scoreMatch(
      { ...request, bedroomsMin: 10, bedroomsMax: null },
      { ...listing, bedrooms: 1 },
      null,
      today,
    )!;
    expect(r.score).toBe(0);
    expect(r.reasons[1]).toBe("9 bedrooms short");
  });
});

describe("placeKeys", () => {
  it("normalises and de-duplicates", () => {
    expect(placeKeys(["East  Legon", "east legon", " Tema ", null, ""])).toEqual(["east legon", "tema"]);
  });
});
