/**
 * zod schemas of the public content model's rows as the edge worker reads them, with the
 * vocabulary (../content-model.ts) and shared fields (./content-fields.ts) re-exported.
 */
import * as z from "zod/mini";
import { CURRENCIES, LISTING_TYPES, PROPERTY_STATUSES, PROPERTY_TYPES, RENT_PERIODS, SLUG_MAX_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from "../content-model.ts";
import { numericSchema as numeric, propertyImageRowSchema } from "./content-fields.ts";

export * from "../content-model.ts";
export * from "./content-fields.ts";

/** URL-safe slug (SLUG_PATTERN). */
export const slugSchema = z.string().check(z.minLength(1), z.maxLength(SLUG_MAX_LENGTH), z.regex(SLUG_PATTERN, SLUG_MESSAGE));

const int = () => z.number().check(z.int());
const nullableText = () => z.nullable(z.string());

/** A published listing as the edge reads it (columns selected in worker/content.ts). */
export const publicPropertySchema = z.object({
  id: z.string().check(z.uuid()),
  slug: slugSchema,
  title: z.string().check(z.minLength(1)),
  description: nullableText(),
  property_type: z.enum(PROPERTY_TYPES),
  listing_type: z.enum(LISTING_TYPES),
  status: z.enum(PROPERTY_STATUSES),
  price: z.nullable(numeric),
  currency: z.enum(CURRENCIES),
  rent_period: z.nullable(z.enum(RENT_PERIODS)),
  bedrooms: z.nullable(int()),
  bathrooms: z.nullable(int()),
  floor_area_sqm: z.nullable(numeric),
  land_size_sqm: z.nullable(numeric),
  address: nullableText(),
  neighbourhood: nullableText(),
  city: z.string(),
  region: nullableText(),
  latitude: z.nullable(numeric),
  longitude: z.nullable(numeric),
  seo_title: nullableText(),
  seo_description: nullableText(),
  published_at: nullableText(),
  updated_at: z.string(),
  property_images: z._default(z.array(propertyImageRowSchema), []),
});
export type PublicProperty = z.infer<typeof publicPropertySchema>;

export const publicBlogPostSchema = z.object({
  id: z.string().check(z.uuid()),
  slug: slugSchema,
  title: z.string().check(z.minLength(1)),
  excerpt: nullableText(),
  cover_image_url: nullableText(),
  cover_image_alt: z.optional(nullableText()),
  tags: z._default(z.nullable(z.array(z.string())), []),
  author_name: z.optional(nullableText()),
  seo_title: nullableText(),
  seo_description: nullableText(),
  published_at: nullableText(),
  updated_at: z.string(),
});
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;
