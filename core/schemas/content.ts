/**
 * Schemas (valibot) of the public content model's rows as the edge worker reads them, with the
 * vocabulary (../content-model.ts) and shared fields (./content-fields.ts) re-exported.
 */
import * as v from "valibot";
import {
  CURRENCIES,
  LISTING_TYPES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  RENT_PERIODS,
  SLUG_MAX_LENGTH,
  SLUG_MESSAGE,
  SLUG_PATTERN,
} from "../content-model.ts";
import {
  intSchema as int,
  nullableText,
  numericSchema as numeric,
  propertyImageRowSchema,
} from "./content-fields.ts";

export * from "../content-model.ts";
export * from "./content-fields.ts";

/** URL-safe slug (SLUG_PATTERN). */
export const slugSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(SLUG_MAX_LENGTH),
  v.regex(SLUG_PATTERN, SLUG_MESSAGE),
);

/** A published listing as the edge reads it (columns selected in worker/content.ts). */
export const publicPropertySchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  slug: slugSchema,
  title: v.pipe(v.string(), v.minLength(1)),
  description: nullableText(),
  property_type: v.picklist(PROPERTY_TYPES),
  listing_type: v.picklist(LISTING_TYPES),
  status: v.picklist(PROPERTY_STATUSES),
  price: v.nullable(numeric),
  currency: v.picklist(CURRENCIES),
  rent_period: v.nullable(v.picklist(RENT_PERIODS)),
  bedrooms: v.nullable(int()),
  bathrooms: v.nullable(int()),
  floor_area_sqm: v.nullable(numeric),
  land_size_sqm: v.nullable(numeric),
  address: nullableText(),
  neighbourhood: nullableText(),
  city: v.string(),
  region: nullableText(),
  latitude: v.nullable(numeric),
  longitude: v.nullable(numeric),
  seo_title: nullableText(),
  seo_description: nullableText(),
  published_at: nullableText(),
  updated_at: v.string(),
  property_images: v.optional(v.array(propertyImageRowSchema), []),
});
export type PublicProperty = v.InferOutput<typeof publicPropertySchema>;

export const publicBlogPostSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  slug: slugSchema,
  title: v.pipe(v.string(), v.minLength(1)),
  excerpt: nullableText(),
  cover_image_url: nullableText(),
  cover_image_alt: v.optional(nullableText()),
  tags: v.optional(v.nullable(v.array(v.string())), []),
  author_name: v.optional(nullableText()),
  seo_title: nullableText(),
  seo_description: nullableText(),
  published_at: nullableText(),
  updated_at: v.string(),
});
export type PublicBlogPost = v.InferOutput<typeof publicBlogPostSchema>;
