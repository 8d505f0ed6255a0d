/**
 * The public content model (properties, property images, blog posts): enums shared by the
 * database migration, the edge worker (meta, sitemaps, feed) and the SPA, plus zod schemas
 * for the rows the public side reads (validated at the boundary before use).
 */
import { z } from "zod";

export const PROPERTY_TYPES = ["house", "apartment", "townhouse", "land", "office", "shop", "warehouse"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const LISTING_TYPES = ["sale", "rent"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** draft → coming_soon → available → reserved/under_offer → sold/let → withdrawn/archived */
export const PROPERTY_STATUSES = [
  "draft",
  "coming_soon",
  "available",
  "reserved",
  "under_offer",
  "sold",
  "let",
  "withdrawn",
  "archived",
] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** Statuses a published listing may be shown with on the public site. */
export const PUBLIC_PROPERTY_STATUSES = ["coming_soon", "available", "reserved", "under_offer", "sold", "let"] as const;

export const CURRENCIES = ["GHS", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const RENT_PERIODS = ["month", "year"] as const;
export type RentPeriod = (typeof RENT_PERIODS)[number];

export const BLOG_STATUSES = ["draft", "scheduled", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** Public storage bucket of listing photos. */
export const PROPERTY_IMAGES_BUCKET = "property-images";

/** URL-safe slug: lower-case words joined by single hyphens. */
export const slugSchema = z
  .string()
  .min(1)
  .max(160)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and hyphens");

const numeric = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

export const propertyImageRowSchema = z.object({
  storage_path: z.string().min(1),
  alt_text: z.string().nullable().optional(),
  position: z.number().int(),
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
});
export type PropertyImageRow = z.infer<typeof propertyImageRowSchema>;

/** A published listing as the edge reads it (columns selected in worker/content.ts). */
export const publicPropertySchema = z.object({
  id: z.string().uuid(),
  slug: slugSchema,
  title: z.string().min(1),
  description: z.string().nullable(),
  property_type: z.enum(PROPERTY_TYPES),
  listing_type: z.enum(LISTING_TYPES),
  status: z.enum(PROPERTY_STATUSES),
  price: numeric.nullable(),
  currency: z.enum(CURRENCIES),
  rent_period: z.enum(RENT_PERIODS).nullable(),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  floor_area_sqm: numeric.nullable(),
  land_size_sqm: numeric.nullable(),
  address: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  latitude: numeric.nullable(),
  longitude: numeric.nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  property_images: z.array(propertyImageRowSchema).default([]),
});
export type PublicProperty = z.infer<typeof publicPropertySchema>;

export const publicBlogPostSchema = z.object({
  id: z.string().uuid(),
  slug: slugSchema,
  title: z.string().min(1),
  excerpt: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  cover_image_alt: z.string().nullable().optional(),
  tags: z.array(z.string()).nullable().default([]),
  author_name: z.string().nullable().optional(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;
