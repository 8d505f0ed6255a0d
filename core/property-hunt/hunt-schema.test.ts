import { describe, expect, it } from "vitest";
import {
  huntFormSchema,
  huntFormValues,
  huntPhotoPath,
  inspectionFormSchema,
  offerFormSchema,
  rejectFormSchema,
} from "./hunt-schema.ts";

const typed = {
  ...huntFormValues(null),
  title: "4-bedroom house behind A&C Mall",
  city: "Accra",
  asking_price: "2,950,000",
  owner_name: "Mr. Kojo Antwi",
  owner_phone: "024 431 0455",
};

describe("the hunt form", () => {
  it("turns what an admin types into columns: numbers without commas, phones in E.164, blanks as null", () => {
    const out = huntFormSchema.parse(typed);
    expect(out).toMatchObject({
      asking_price: 2_950_000,
      owner_phone: "+233244310455",
      bedrooms: null,
      request_id: null,
      rent_period: null,
      ghana_post_gps: null,
    });
  });

  it("asks for the rent period of a rental, both coordinates, and the owner's name with a phone", () => {
    const r = huntFormSchema.safeParse({ ...typed, listing_type: "rent", latitude: "5.63", owner_name: "" });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      rent_period: "Choose whether the rent is per month or per year",
      longitude: "Enter both latitude and longitude, or neither",
      owner_name: "Add the owner's name with their phone",
    });
  });

  it("keeps lease years only for a leasehold", () => {
    expect(
      huntFormSchema.parse({ ...typed, tenure: "freehold", lease_years_remaining: "40" })
        .lease_years_remaining,
    ).toBeNull();
    expect(
      huntFormSchema.parse({ ...typed, tenure: "leasehold", lease_years_remaining: "40" })
        .lease_years_remaining,
    ).toBe(40);
  });

  it("refuses a GhanaPost GPS address that is not one", () => {
    expect(
      huntFormSchema.safeParse({ ...typed, ghana_post_gps: "East Legon" }).error?.issues[0]?.message,
    ).toBe("Enter a GhanaPost GPS address like GA-123-4567");
    expect(huntFormSchema.parse({ ...typed, ghana_post_gps: "ga-417-1180" }).ghana_post_gps).toBe(
      "GA-417-1180",
    );
  });
});

describe("the steps", () => {
  it("an inspection needs notes and a date; an offer an amount; a rejection a reason", () => {
    expect(
      inspectionFormSchema.safeParse({ inspected_on: "2026-11-20", condition: "", notes: " " }).error
        ?.issues[0]?.message,
    ).toBe("Write what you saw");
    expect(offerFormSchema.safeParse({ offer_amount: "" }).error?.issues[0]?.message).toBe(
      "Enter the amount offered",
    );
    expect(offerFormSchema.parse({ offer_amount: "1,200,000" })).toEqual({ offer_amount: 1_200_000 });
    expect(
      rejectFormSchema.safeParse({ rejection_reason: "", rejection_note: "" }).error?.issues[0]?.message,
    ).toBe("Choose why the hunt is rejected");
  });
  it("stores a photo in the hunt's folder under a name made from its type", () => {
    expect(huntPhotoPath("h1", "u1", "image/jpeg")).toBe("h1/u1.jpg");
    expect(huntPhotoPath("h1", "u1", "image/webp")).toBe("h1/u1.webp");
  });
});
