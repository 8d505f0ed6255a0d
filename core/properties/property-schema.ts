/**
 * The listing as the back-office reads and writes it (zod): the row schema every admin query
 * parses through, and the form schema — what a person types (text in number fields, "" for
 * "none") in, the columns to save out — with the type-specific and Ghanaian rules and a message
 * per field. The database's check constraints say the same things again; their names map to
 * fields in PROPERTY_CONSTRAINTS so a refusal still lands at the right field.
 */
import { z } from "zod";
import {
  CURRENCIES,
  LISTING_TYPES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  RENT_PERIODS,
  SLUG_MAX_LENGTH,
  SLUG_MESSAGE,
  SLUG_PATTERN,
  slugify,
} from "../content-model.ts";
import type { ConstraintHint } from "../records/db-errors.ts";
import {
  emailField as email,
  numericColumn as numeric,
  numberValue as num,
  optional,
  optionalChoice,
  optionalDate,
  optionalNumber,
  optionalText,
  textValue as text,
} from "../records/form-values.ts";
import { phoneSchema } from "../schemas/forms.ts";
import {
  fieldApplies,
  FURNISHINGS,
  GHANA_POST_GPS_PATTERN,
  GHANA_REGIONS,
  isCommercial,
  isResidential,
  PROPERTY_FIELD_LABELS,
  TENURES,
} from "./property-fields.ts";

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

export const propertyRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  property_type: z.enum(PROPERTY_TYPES),
  listing_type: z.enum(LISTING_TYPES),
  status: z.enum(PROPERTY_STATUSES),
  price: numeric.nullable(),
  currency: z.enum(CURRENCIES),
  rent_period: z.enum(RENT_PERIODS).nullable(),
  rent_advance_months: z.number().nullable(),
  price_on_request: z.boolean(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  floor_area_sqm: numeric.nullable(),
  land_size_sqm: numeric.nullable(),
  plots: numeric.nullable(),
  tenure: z.enum(TENURES).nullable(),
  lease_years_remaining: z.number().nullable(),
  mandate_expires_on: z.string().nullable().optional(),
  title_type: z.string().nullable(),
  furnishing: z.enum(FURNISHINGS).nullable(),
  is_gated: z.boolean(),
  is_serviced: z.boolean(),
  has_boys_quarters: z.boolean(),
  address: z.string().nullable(),
  ghana_post_gps: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  features: z.array(z.string()),
  featured: z.boolean(),
  published_at: z.string().nullable(),
  agent_id: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  owner_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PropertyRow = z.output<typeof propertyRowSchema>;
export const PROPERTY_ROW_COLUMNS = Object.keys(propertyRowSchema.shape).join(", ");

// ── Form ─────────────────────────────────────────────────────────────────────────────────────

const L = PROPERTY_FIELD_LABELS;

export const FEATURES_MAX = 40;
export const FEATURE_MAX_LENGTH = 60;

/** Features as typed: one per line or separated by commas. */
export function parseFeatures(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\n,]/)) {
    const f = raw.trim().replace(/\s+/g, " ");
    if (f && !seen.has(f.toLowerCase())) {
      seen.add(f.toLowerCase());
      out.push(f);
    }
  }
  return out;
}

/** "3-Bedroom House, East Legon!" → "3-bedroom-house-east-legon". */
export { slugify };

const fields = z.object({
  title: z
    .string()
    .trim()
    .min(3, "Give the listing a title of at least 3 characters")
    .max(200, "Title is limited to 200 characters"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX_LENGTH, `${L.slug} is limited to ${SLUG_MAX_LENGTH} characters`)
    .refine((s) => s === "" || SLUG_PATTERN.test(s), SLUG_MESSAGE),
  description: optionalText(20_000, L.description),
  status: z.enum(PROPERTY_STATUSES, { error: "Choose a status" }),
  property_type: z.enum(PROPERTY_TYPES, { error: "Choose a property type" }),
  listing_type: z.enum(LISTING_TYPES, { error: "Choose sale or rent" }),
  price: optionalNumber(L.price, { min: 0, max: 99_999_999_999_999 }),
  currency: z.enum(CURRENCIES, { error: "Choose GHS or USD" }),
  price_on_request: z.boolean(),
  rent_period: optionalChoice(RENT_PERIODS, L.rent_period),
  rent_advance_months: optionalNumber("Advance", { min: 0, max: 36, integer: true }),
  bedrooms: optionalNumber(L.bedrooms, { min: 0, max: 100, integer: true }),
  bathrooms: optionalNumber(L.bathrooms, { min: 0, max: 100, integer: true }),
  floor_area_sqm: optionalNumber("Floor area", { positive: true, max: 9_999_999_999 }),
  land_size_sqm: optionalNumber("Land size", { positive: true, max: 999_999_999_999 }),
  plots: optionalNumber(L.plots, { positive: true, max: 999_999 }),
  tenure: optionalChoice(TENURES, L.tenure),
  lease_years_remaining: optionalNumber("Lease years", { min: 0, max: 999, integer: true }),
  mandate_expires_on: optionalDate,
  title_type: optionalText(100, L.title_type),
  furnishing: optionalChoice(FURNISHINGS, L.furnishing),
  is_gated: z.boolean(),
  is_serviced: z.boolean(),
  has_boys_quarters: z.boolean(),
  address: optionalText(300, L.address),
  ghana_post_gps: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (s) => s === "" || GHANA_POST_GPS_PATTERN.test(s),
      "Enter a GhanaPost GPS address like GA-123-4567",
    )
    .transform((s) => s || null),
  neighbourhood: optionalText(120, L.neighbourhood),
  city: z.string().trim().min(2, "Enter the city or town").max(120, "City is limited to 120 characters"),
  region: optionalChoice(GHANA_REGIONS, L.region),
  latitude: optionalNumber(L.latitude, { min: -90, max: 90 }),
  longitude: optionalNumber(L.longitude, { min: -180, max: 180 }),
  features: z
    .string()
    .transform(parseFeatures)
    .refine((f) => f.length <= FEATURES_MAX, `At most ${FEATURES_MAX} features`)
    .refine(
      (f) => f.every((x) => x.length <= FEATURE_MAX_LENGTH),
      `Keep each feature under ${FEATURE_MAX_LENGTH} characters`,
    ),
  featured: z.boolean(),
  agent_id: optional(z.uuid("Choose an agent from the list")),
  seo_title: optionalText(70, L.seo_title),
  seo_description: optionalText(200, L.seo_description),
});

/** The listing form: input as typed, output the columns to save. */
export const propertyFormSchema = fields
  .superRefine((v, ctx) => {
    const issue = (path: keyof typeof v, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!v.price_on_request && v.price === null) issue("price", "Enter a price, or tick “Price on request”");
    if (v.listing_type === "rent" && v.rent_period === null)
      issue("rent_period", "Choose whether the rent is per month or per year");
    if (isResidential(v.property_type) && v.bedrooms === null)
      issue("bedrooms", "Enter the number of bedrooms (0 for a studio)");
    if (isCommercial(v.property_type) && v.floor_area_sqm === null)
      issue("floor_area_sqm", "Enter the floor area of the space");
    if (v.property_type === "land" && v.land_size_sqm === null && v.plots === null)
      issue("land_size_sqm", "Enter the land size or the number of plots");
    if ((v.latitude === null) !== (v.longitude === null))
      issue(v.latitude === null ? "latitude" : "longitude", "Enter both latitude and longitude, or neither");
  })
  .transform((v) => {
    const applies = (f: Parameters<typeof fieldApplies>[0]) =>
      fieldApplies(f, v.property_type, v.listing_type);
    return {
      ...v,
      slug: v.slug || slugify(v.title),
      rent_period: applies("rent_period") ? v.rent_period : null,
      rent_advance_months: applies("rent_advance_months") ? v.rent_advance_months : null,
      bedrooms: applies("bedrooms") ? v.bedrooms : null,
      bathrooms: applies("bathrooms") ? v.bathrooms : null,
      floor_area_sqm: applies("floor_area_sqm") ? v.floor_area_sqm : null,
      plots: applies("plots") ? v.plots : null,
      furnishing: applies("furnishing") ? v.furnishing : null,
      has_boys_quarters: applies("has_boys_quarters") && v.has_boys_quarters,
      lease_years_remaining: v.tenure === "leasehold" ? v.lease_years_remaining : null,
    };
  });
export type PropertyFormInput = z.input<typeof propertyFormSchema>;
export type PropertyFormOutput = z.output<typeof propertyFormSchema>;

/** The form's values for a listing (or a blank new one). */
export function propertyFormValues(row: PropertyRow | null): PropertyFormInput {
  return {
    title: text(row?.title),
    slug: text(row?.slug),
    description: text(row?.description),
    status: row?.status ?? "draft",
    property_type: row?.property_type ?? "house",
    listing_type: row?.listing_type ?? "sale",
    price: num(row?.price),
    currency: row?.currency ?? "GHS",
    price_on_request: row?.price_on_request ?? false,
    rent_period: row?.rent_period ?? "",
    rent_advance_months: num(row?.rent_advance_months),
    bedrooms: num(row?.bedrooms),
    bathrooms: num(row?.bathrooms),
    floor_area_sqm: num(row?.floor_area_sqm),
    land_size_sqm: num(row?.land_size_sqm),
    plots: num(row?.plots),
    tenure: row?.tenure ?? "",
    lease_years_remaining: num(row?.lease_years_remaining),
    mandate_expires_on: row?.mandate_expires_on ?? "",
    title_type: text(row?.title_type),
    furnishing: row?.furnishing ?? "",
    is_gated: row?.is_gated ?? false,
    is_serviced: row?.is_serviced ?? false,
    has_boys_quarters: row?.has_boys_quarters ?? false,
    address: text(row?.address),
    ghana_post_gps: text(row?.ghana_post_gps),
    neighbourhood: text(row?.neighbourhood),
    city: text(row?.city),
    region: (GHANA_REGIONS as readonly string[]).includes(row?.region ?? "")
      ? (row!.region as PropertyFormInput["region"])
      : "",
    latitude: num(row?.latitude),
    longitude: num(row?.longitude),
    features: (row?.features ?? []).join("\n"),
    featured: row?.featured ?? false,
    agent_id: row?.agent_id ?? "",
    seo_title: text(row?.seo_title),
    seo_description: text(row?.seo_description),
  };
}

// ── Owner contact (staff only, its own table) ────────────────────────────────────────────────

export const ownerContactRowSchema = z.object({
  property_id: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  updated_at: z.string(),
});
export type OwnerContactRow = z.output<typeof ownerContactRowSchema>;
export const OWNER_CONTACT_COLUMNS = Object.keys(ownerContactRowSchema.shape).join(", ");

export const ownerContactFormSchema = z
  .object({
    name: optionalText(120, L.owner_name),
    phone: optional(phoneSchema),
    email: optional(email),
    notes: optionalText(2000, "Notes"),
  })
  .superRefine((v, ctx) => {
    if (v.name === null && (v.phone !== null || v.email !== null))
      ctx.addIssue({
        code: "custom",
        path: ["name"],
        message: "Add the owner's name with their phone or e-mail",
      });
  });
export type OwnerContactFormInput = z.input<typeof ownerContactFormSchema>;
export type OwnerContactFormOutput = z.output<typeof ownerContactFormSchema>;

export function ownerContactFormValues(row: OwnerContactRow | null): OwnerContactFormInput {
  return { name: text(row?.name), phone: text(row?.phone), email: text(row?.email), notes: text(row?.notes) };
}

/** Database constraints whose names do not say their field (see core/records/db-errors.ts). */
export const PROPERTY_CONSTRAINTS: Record<string, ConstraintHint> = {
  properties_slug_key: {
    field: "slug",
    message: "Another listing already uses this web address: choose another.",
  },
  properties_rent_needs_period: {
    field: "rent_period",
    message: "Choose whether the rent is per month or per year",
  },
  properties_price_or_request: { field: "price", message: "Enter a price, or tick “Price on request”" },
};
