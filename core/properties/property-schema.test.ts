import { describe, expect, it } from "vitest";
import { describeDbError } from "../records/db-errors.ts";
import { PROPERTY_FIELD_LABELS } from "./property-fields.ts";
import {
  ownerContactFormSchema,
  ownerContactFormValues,
  PROPERTY_CONSTRAINTS,
  parseFeatures,
  propertyFormSchema,
  propertyFormValues,
  propertyRowSchema,
  slugify,
  type PropertyFormInput,
} from "./property-schema.ts";

const blank = propertyFormValues(null);
const house: PropertyFormInput = {
  ...blank,
  title: "4-bedroom house, East Legon",
  price: "2,500,000",
  bedrooms: "4",
  city: "Accra",
  region: "Greater Accra",
};

function errors(input: PropertyFormInput): Record<string, string> {
  const r = propertyFormSchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("propertyFormSchema: a complete listing", () => {
  it("turns typed text into columns: numbers, nulls for empty, slug from the title", () => {
    const out = propertyFormSchema.parse({
      ...house,
      features: "Borehole\nstandby generator, Borehole\n\n",
      ghana_post_gps: "ga-183-8164",
    });
    expect(out).toMatchObject({
      title: "4-bedroom house, East Legon",
      slug: "4-bedroom-house-east-legon",
      price: 2_500_000,
      bedrooms: 4,
      bathrooms: null,
      description: null,
      rent_period: null,
      features: ["Borehole", "standby generator"],
      ghana_post_gps: "GA-183-8164",
      agent_id: null,
    });
  });
});

describe("ownerContactFormSchema", () => {
  it("normalises the owner's contact details", () => {
    const out = ownerContactFormSchema.parse({
      name: " Kofi Boateng ",
      phone: "024 412 3456",
      email: " Kofi@Example.COM ",
      notes: "",
    });
    expect(out).toEqual({
      name: "Kofi Boateng",
      phone: "+233244123456",
      email: "kofi@example.com",
      notes: null,
    });
  });
  it("a real phone number and e-mail address, and a name to go with them", () => {
    const r = ownerContactFormSchema.safeParse({ name: "", phone: "12", email: "not-an-email", notes: "" });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toMatchObject({
      phone: expect.stringContaining("valid phone number"),
      email: "Enter a valid email address",
    });
    expect(
      ownerContactFormSchema.safeParse({ name: "", phone: "0244123456", email: "", notes: "" }).error
        ?.issues[0]?.message,
    ).toBe("Add the owner's name with their phone or e-mail");
  });
  it("empty is allowed (no owner recorded yet)", () => {
    expect(ownerContactFormSchema.parse(ownerContactFormValues(null))).toEqual({
      name: null,
      phone: null,
      email: null,
      notes: null,
    });
  });
});

describe("propertyFormSchema: a message at each field", () => {
  it("title, city, slug and GhanaPost GPS", () => {
    expect(errors({ ...house, title: "Hi", city: "", slug: "Not A Slug!", ghana_post_gps: "12345" })).toEqual(
      {
        title: "Give the listing a title of at least 3 characters",
        city: "Enter the city or town",
        slug: "Use lower-case letters, digits and hyphens",
        ghana_post_gps: "Enter a GhanaPost GPS address like GA-123-4567",
      },
    );
  });

  it("numbers: not a number, fractions of rooms, negatives, ranges", () => {
    expect(
      errors({
        ...house,
        price: "two million",
        bedrooms: "2.5",
        bathrooms: "-1",
        latitude: "95",
        longitude: "0",
      }),
    ).toEqual({
      price: "Price must be a number",
      bedrooms: "Bedrooms must be a whole number",
      bathrooms: "Bathrooms cannot be less than 0",
      latitude: "Latitude cannot be more than 90",
    });
  });

  it("a price, or 'price on request'", () => {
    expect(errors({ ...house, price: "" })).toEqual({ price: "Enter a price, or tick “Price on request”" });
    expect(errors({ ...house, price: "", price_on_request: true })).toEqual({});
  });

  it("a rental needs its period; the advance beyond 36 months is refused", () => {
    expect(errors({ ...house, listing_type: "rent" })).toEqual({
      rent_period: "Choose whether the rent is per month or per year",
    });
    expect(
      errors({ ...house, listing_type: "rent", rent_period: "month", rent_advance_months: "48" }),
    ).toEqual({ rent_advance_months: "Advance cannot be more than 36" });
  });

  it("type-specific requirements: homes need bedrooms, commercial space its floor area, land its size", () => {
    expect(errors({ ...house, bedrooms: "" })).toEqual({
      bedrooms: "Enter the number of bedrooms (0 for a studio)",
    });
    expect(errors({ ...house, property_type: "office", bedrooms: "" })).toEqual({
      floor_area_sqm: "Enter the floor area of the space",
    });
    expect(errors({ ...house, property_type: "land", bedrooms: "" })).toEqual({
      land_size_sqm: "Enter the land size or the number of plots",
    });
    expect(errors({ ...house, property_type: "land", bedrooms: "", plots: "2" })).toEqual({});
  });

  it("coordinates come in pairs", () => {
    expect(errors({ ...house, latitude: "5.6", longitude: "" })).toEqual({
      longitude: "Enter both latitude and longitude, or neither",
    });
  });
});

describe("propertyFormSchema: fields that do not apply are saved empty", () => {
  it("land drops bedrooms, bathrooms, floor area, furnishing and boys' quarters; a sale drops the rent period", () => {
    const out = propertyFormSchema.parse({
      ...house,
      property_type: "land",
      plots: "2",
      bathrooms: "3",
      floor_area_sqm: "120",
      furnishing: "furnished",
      has_boys_quarters: true,
      rent_period: "month",
      rent_advance_months: "12",
    });
    expect(out).toMatchObject({
      bedrooms: null,
      bathrooms: null,
      floor_area_sqm: null,
      furnishing: null,
      has_boys_quarters: false,
      rent_period: null,
      rent_advance_months: null,
      plots: 2,
    });
  });
  it("lease years only for leasehold", () => {
    expect(
      propertyFormSchema.parse({ ...house, tenure: "freehold", lease_years_remaining: "50" })
        .lease_years_remaining,
    ).toBeNull();
    expect(
      propertyFormSchema.parse({ ...house, tenure: "leasehold", lease_years_remaining: "50" })
        .lease_years_remaining,
    ).toBe(50);
  });
});

describe("form values round-trip a row", () => {
  it("a parsed row gives form values that parse back to the same columns", () => {
    const row = propertyRowSchema.parse({
      ...Object.fromEntries(Object.keys(propertyRowSchema.shape).map((k) => [k, null])),
      id: "p1",
      slug: "villa-cantonments",
      title: "Villa, Cantonments",
      property_type: "house",
      listing_type: "rent",
      status: "available",
      price: "12000.00",
      currency: "USD",
      rent_period: "month",
      rent_advance_months: 12,
      price_on_request: false,
      bedrooms: 5,
      city: "Accra",
      region: "Greater Accra",
      features: ["Pool"],
      is_gated: true,
      is_serviced: false,
      has_boys_quarters: true,
      featured: false,
      created_at: "2026-11-01T00:00:00Z",
      updated_at: "2026-11-02T00:00:00Z",
    });
    const out = propertyFormSchema.parse(propertyFormValues(row));
    expect(out).toMatchObject({
      price: 12000,
      currency: "USD",
      rent_period: "month",
      rent_advance_months: 12,
      bedrooms: 5,
      features: ["Pool"],
      is_gated: true,
      has_boys_quarters: true,
    });
  });
});

describe("helpers", () => {
  it("slugify", () => {
    expect(slugify("3-Bedroom House, East Legon!")).toBe("3-bedroom-house-east-legon");
    expect(slugify("Café near Osu — “new”")).toBe("cafe-near-osu-new");
  });
  it("parseFeatures de-duplicates case-insensitively and keeps the first spelling", () => {
    expect(parseFeatures("Pool, pool\nGym ,  Wi-Fi   ready")).toEqual(["Pool", "Gym", "Wi-Fi ready"]);
  });
  it("named database constraints land at their fields", () => {
    const err = {
      code: "23514",
      message: 'new row for relation "properties" violates check constraint "properties_rent_needs_period"',
    };
    expect(
      describeDbError(err, { constraints: PROPERTY_CONSTRAINTS, fieldLabels: PROPERTY_FIELD_LABELS }).field,
    ).toBe("rent_period");
    const dup = {
      code: "23505",
      message: 'duplicate key value violates unique constraint "properties_slug_key"',
      details: "Key (slug)=(x) already exists.",
    };
    expect(describeDbError(dup, { constraints: PROPERTY_CONSTRAINTS })).toMatchObject({
      field: "slug",
      message: "Another listing already uses this web address: choose another.",
    });
  });
});
