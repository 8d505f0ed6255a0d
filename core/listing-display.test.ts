import { describe, expect, it } from "vitest";
import { listingFeatures, listingPlace } from "./listing-display.ts";

describe("listingPlace", () => {
  it("does not repeat a neighbourhood the address already names", () => {
    expect(
      listingPlace({
        address: "Mensah Wood Street, East Legon",
        neighbourhood: "East Legon",
        city: "Accra",
        region: "Greater Accra",
      }),
    ).toBe("Mensah Wood Street, East Legon, Accra, Greater Accra");
    expect(
      listingPlace({
        address: "Devtraco Estates, Community 25",
        neighbourhood: "community 25",
        city: "Tema",
        region: "Greater Accra",
      }),
    ).toBe("Devtraco Estates, Community 25, Tema, Greater Accra");
  });
  it("drops a name a longer part already starts with, keeps one merely mentioned", () => {
    expect(
      listingPlace({
        address: "Senchi Street, Airport Residential Area",
        neighbourhood: "Airport Residential",
        city: "Accra",
      }),
    ).toBe("Senchi Street, Airport Residential Area, Accra");
    expect(
      listingPlace({
        address: "Community 11, near Tema General Hospital",
        neighbourhood: "Community 11",
        city: "Tema",
      }),
    ).toBe("Community 11, near Tema General Hospital, Tema");
  });
  it("copes with missing parts", () => {
    expect(listingPlace({ address: null, neighbourhood: "Osu", city: "Accra", region: null })).toBe(
      "Osu, Accra",
    );
    expect(listingPlace({ address: " , ", neighbourhood: null, city: null })).toBe("");
  });
});

describe("listingFeatures", () => {
  it("lists each feature once, whatever its case or apostrophe", () => {
    expect(
      listingFeatures({
        is_gated: true,
        is_serviced: false,
        has_boys_quarters: true,
        features: ["Swimming pool", "Boys’ quarters", "boys' quarters", "Gated Community", "CCTV"],
      }),
    ).toEqual(["Gated community", "Boys' quarters", "Swimming pool", "CCTV"]);
  });
});
