import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  AGREEMENT_COLUMNS,
  coBrokeDealRowSchema,
  registrationWithListingSchema,
  sharedListingSchema,
} from "./partner-rows.ts";
import * as forms from "./partner-schema.ts";

const listing = {
  share_id: "s1",
  property_id: "p1",
  slug: "4-bedroom-house-cantonments",
  title: "4-bedroom house, Cantonments",
  description: null,
  property_type: "house",
  listing_type: "sale",
  status: "available",
  price: "9333333.32",
  price_on_request: false,
  currency: "GHS",
  rent_period: null,
  bedrooms: 4,
  bathrooms: null,
  floor_area_sqm: null,
  land_size_sqm: "0.25",
  plots: null,
  tenure: null,
  neighbourhood: "Cantonments",
  city: "Accra",
  region: null,
  features: ["Garden"],
  title_verified_at: null,
  is_public: true,
  cover_path: null,
  partner_split_percent: "45.00",
  share_note: null,
  shared_at: "2026-11-20T10:00:00Z",
  extra_column: "dropped",
};

describe("partner rows (valibot)", () => {
  it("reads a shared listing: Postgres numerics as exact numbers, unknown columns dropped", () => {
    const row = v.parse(sharedListingSchema, listing);
    expect(row.price).toBe(9_333_333.32);
    expect(row.partner_split_percent).toBe(45);
    expect(row.land_size_sqm).toBe(0.25);
    expect("extra_column" in row).toBe(false);
  });

  it("refuses rows that do not match the model", () => {
    for (const bad of [
      { listing_type: "lease" },
      { currency: "EUR" },
      { price: "9,333,333.32" },
      { features: null },
      { city: null },
      { price_on_request: "no" },
    ])
      expect(v.safeParse(sharedListingSchema, { ...listing, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    const deal = {
      id: "d1",
      partner_id: "p",
      property_id: null,
      registration_id: null,
      title: "Co-broke",
      stage: "agreed",
      agreed_price: "1200000.00",
      currency: "GHS",
      agency_commission: null,
      partner_split_percent: 40,
      partner_commission: null,
      commission_status: "due",
      commission_paid_on: null,
      partner_note: null,
      updated_at: "2026-11-20T10:00:00Z",
    };
    expect(v.parse(coBrokeDealRowSchema, deal).agreed_price).toBe(1_200_000);
    expect(v.safeParse(coBrokeDealRowSchema, { ...deal, stage: "won" }).success).toBe(false);
  });

  it("reads a registration with its listing's title, or none when the listing is not readable", () => {
    const registration = {
      id: "r1",
      partner_id: "p",
      property_id: "l",
      buyer_name: "Efua Mensah-Bonsu",
      buyer_phone: "+233245550199",
      buyer_email: null,
      notes: null,
      status: "registered",
      decline_reason: null,
      decided_at: null,
      created_at: "2026-11-20T10:00:00Z",
    };
    expect(
      v.parse(registrationWithListingSchema, { ...registration, properties: null }).properties,
    ).toBeNull();
    expect(
      v.parse(registrationWithListingSchema, { ...registration, properties: { title: "House" } }).properties,
    ).toEqual({ title: "House" });
    expect(v.safeParse(registrationWithListingSchema, registration).success).toBe(false);
  });

  it("selects exactly the columns the schema reads", () => {
    expect(AGREEMENT_COLUMNS).toBe(
      "id, partner_id, title, starts_on, ends_on, split_percent, terms, document_path, document_name, status, created_at, updated_at",
    );
  });

  it("is the one definition: the forms' module re-exports the rows rather than defining its own", () => {
    expect(forms.sharedListingSchema).toBe(sharedListingSchema);
    expect(forms.coBrokeDealRowSchema).toBe(coBrokeDealRowSchema);
  });
});
