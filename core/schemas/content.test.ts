import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  numericSchema,
  propertyImageRowSchema,
  publicBlogPostSchema,
  publicPropertySchema,
  slugSchema,
} from "./content.ts";

const property = {
  id: "7d0c3a8e-2a6f-4a57-9a3e-0b1f2c3d4e5f",
  slug: "4-bedroom-house-east-legon",
  title: "4-bedroom house, East Legon",
  description: null,
  property_type: "house",
  listing_type: "sale",
  status: "available",
  price: "450000.00",
  currency: "USD",
  rent_period: null,
  bedrooms: 4,
  bathrooms: 5,
  floor_area_sqm: "380",
  land_size_sqm: null,
  address: null,
  neighbourhood: "East Legon",
  city: "Accra",
  region: "Greater Accra",
  latitude: 5.6352,
  longitude: "-0.1617",
  seo_title: null,
  seo_description: null,
  published_at: "2026-11-19T08:00:00Z",
  updated_at: "2026-11-19T08:00:00Z",
};

describe("content rows", () => {
  it("reads Postgres numerics given as decimal strings", () => {
    expect(v.parse(numericSchema, "450000.00")).toBe(450000);
    expect(v.parse(numericSchema, "-0.1617")).toBe(-0.1617);
    expect(v.parse(numericSchema, 12)).toBe(12);
    expect(v.safeParse(numericSchema, "12,5").success).toBe(false);
  });

  it("parses a listing row, images defaulting to none", () => {
    const p = v.parse(publicPropertySchema, property);
    expect(p.price).toBe(450000);
    expect(p.longitude).toBe(-0.1617);
    expect(p.property_images).toEqual([]);
  });

  it("rejects rows that do not match the model", () => {
    for (const bad of [
      { id: "not-a-uuid" },
      { property_type: "castle" },
      { bedrooms: 2.5 },
      { slug: "Has Spaces" },
      { city: null },
    ]) {
      expect(v.safeParse(publicPropertySchema, { ...property, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
    expect(v.safeParse(propertyImageRowSchema, { storage_path: "", position: 0 }).success).toBe(false);
  });

  it("keeps the slug rule's message", () => {
    const r = v.safeParse(slugSchema, "Not A Slug");
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toMatch(/lower-case/);
  });

  it("parses a post row; tags default to none when absent", () => {
    const post = {
      id: property.id,
      slug: "land-checks",
      title: "Land checks",
      excerpt: null,
      cover_image_url: null,
      seo_title: null,
      seo_description: null,
      published_at: null,
      updated_at: "2026-11-20T08:00:00Z",
    };
    expect(v.parse(publicBlogPostSchema, post).tags).toEqual([]);
  });
});
