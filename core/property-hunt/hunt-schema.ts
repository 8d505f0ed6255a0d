/**
 * The property hunt as the back-office reads and writes it (zod): the row every query parses
 * through, the hunt form (what an admin types, the columns out), inspections, the reject and offer
 * steps, the list's sorting and filters (in the URL), and where photos live. The database's checks
 * say the same (supabase/migrations/20261125600100_property_hunt.sql).
 */
import { z } from "zod";
import { CURRENCIES, LISTING_TYPES, PROPERTY_TYPES, RENT_PERIODS } from "../content-model.ts";
import { GHANA_POST_GPS_PATTERN, GHANA_REGIONS, TENURES } from "../properties/property-fields.ts";
import { extensionFor, type FileRules } from "../records/file-rules.ts";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import {
  numberValue as num,
  numericColumn,
  optional,
  optionalChoice,
  optionalNumber,
  optionalText,
  textValue as text,
} from "../records/form-values.ts";
import { phoneSchema } from "../schemas/forms.ts";
import { HUNT_STAGES, REJECTION_REASONS } from "./hunt-workflow.ts";

export const HUNT_SOURCES = [
  "drive_by",
  "referral",
  "owner_call",
  "agent",
  "online",
  "social",
  "other",
] as const;
export type HuntSource = (typeof HUNT_SOURCES)[number];
export const HUNT_SOURCE_LABELS: Record<HuntSource, string> = {
  drive_by: "Seen on the street",
  referral: "Referral",
  owner_call: "Owner called us",
  agent: "Another agent",
  online: "Online portal",
  social: "Social media",
  other: "Other",
};

export const INSPECTION_CONDITIONS = ["good", "fair", "needs_work", "poor"] as const;
export type InspectionCondition = (typeof INSPECTION_CONDITIONS)[number];
export const INSPECTION_CONDITION_LABELS: Record<InspectionCondition, string> = {
  good: "Good",
  fair: "Fair",
  needs_work: "Needs work",
  poor: "Poor",
};

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

export const huntRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  stage: z.enum(HUNT_STAGES),
  rejection_reason: z.enum(REJECTION_REASONS).nullable(),
  rejection_note: z.string().nullable(),
  request_id: z.string().nullable(),
  source: z.enum(HUNT_SOURCES).nullable(),
  property_type: z.enum(PROPERTY_TYPES),
  listing_type: z.enum(LISTING_TYPES),
  asking_price: numericColumn.nullable(),
  currency: z.enum(CURRENCIES),
  rent_period: z.enum(RENT_PERIODS).nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  land_size_sqm: numericColumn.nullable(),
  plots: numericColumn.nullable(),
  tenure: z.enum(TENURES).nullable(),
  lease_years_remaining: z.number().nullable(),
  address: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  ghana_post_gps: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  owner_name: z.string().nullable(),
  owner_phone: z.string().nullable(),
  owner_contact_id: z.string().nullable(),
  notes: z.string().nullable(),
  offer_amount: numericColumn.nullable(),
  offered_at: z.string().nullable(),
  acquired_at: z.string().nullable(),
  property_id: z.string().nullable(),
  stage_changed_at: z.string(),
  owner_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HuntRow = z.output<typeof huntRowSchema>;
export const HUNT_COLUMNS = Object.keys(huntRowSchema.shape).join(", ");

export const inspectionRowSchema = z.object({
  id: z.string(),
  hunt_id: z.string(),
  inspected_on: z.string(),
  condition: z.enum(INSPECTION_CONDITIONS).nullable(),
  notes: z.string(),
  inspected_by: z.string().nullable(),
  created_at: z.string(),
});
export type InspectionRow = z.output<typeof inspectionRowSchema>;
export const INSPECTION_COLUMNS = Object.keys(inspectionRowSchema.shape).join(", ");

export const huntPhotoRowSchema = z.object({
  id: z.string(),
  hunt_id: z.string(),
  inspection_id: z.string().nullable(),
  storage_path: z.string(),
  caption: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  position: z.number(),
  created_at: z.string(),
});
export type HuntPhotoRow = z.output<typeof huntPhotoRowSchema>;
export const HUNT_PHOTO_COLUMNS = Object.keys(huntPhotoRowSchema.shape).join(", ");

// ── Forms ────────────────────────────────────────────────────────────────────────────────────

export const HUNT_FIELD_LABELS = {
  title: "Title",
  request_id: "Client request",
  source: "How it was found",
  property_type: "Property type",
  listing_type: "For sale or rent",
  asking_price: "Asking price",
  currency: "Currency",
  rent_period: "Rent per",
  bedrooms: "Bedrooms",
  bathrooms: "Bathrooms",
  land_size_sqm: "Land size (m²)",
  plots: "Plots",
  tenure: "Tenure",
  lease_years_remaining: "Lease years left",
  address: "Address",
  neighbourhood: "Neighbourhood",
  city: "City or town",
  region: "Region",
  ghana_post_gps: "GhanaPost GPS",
  latitude: "Latitude",
  longitude: "Longitude",
  owner_name: "Owner",
  owner_phone: "Owner's phone",
  notes: "Notes",
  assignee_id: "Working it",
  offer_amount: "Offer",
  rejection_reason: "Why rejected",
  rejection_note: "Rejection note",
  stage: "Stage",
} as const;
const L = HUNT_FIELD_LABELS;

export const huntFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, "Give the hunt a title of at least 3 characters")
      .max(200, "Title is limited to 200 characters"),
    request_id: optional(z.uuid("Choose a request from the list")),
    source: optionalChoice(HUNT_SOURCES, L.source),
    property_type: z.enum(PROPERTY_TYPES, { error: "Choose a property type" }),
    listing_type: z.enum(LISTING_TYPES, { error: "Choose sale or rent" }),
    asking_price: optionalNumber(L.asking_price, { min: 0, max: 99_999_999_999_999 }),
    currency: z.enum(CURRENCIES, { error: "Choose GHS or USD" }),
    rent_period: optionalChoice(RENT_PERIODS, L.rent_period),
    bedrooms: optionalNumber(L.bedrooms, { min: 0, max: 100, integer: true }),
    bathrooms: optionalNumber(L.bathrooms, { min: 0, max: 100, integer: true }),
    land_size_sqm: optionalNumber("Land size", { positive: true, max: 999_999_999_999 }),
    plots: optionalNumber(L.plots, { positive: true, max: 999_999 }),
    tenure: optionalChoice(TENURES, L.tenure),
    lease_years_remaining: optionalNumber("Lease years", { min: 0, max: 999, integer: true }),
    address: optionalText(300, L.address),
    neighbourhood: optionalText(120, L.neighbourhood),
    city: z.string().trim().min(2, "Enter the city or town").max(120, "City is limited to 120 characters"),
    region: optionalChoice(GHANA_REGIONS, L.region),
    ghana_post_gps: z
      .string()
      .trim()
      .toUpperCase()
      .refine(
        (s) => s === "" || GHANA_POST_GPS_PATTERN.test(s),
        "Enter a GhanaPost GPS address like GA-123-4567",
      )
      .transform((s) => s || null),
    latitude: optionalNumber(L.latitude, { min: -90, max: 90 }),
    longitude: optionalNumber(L.longitude, { min: -180, max: 180 }),
    owner_name: optionalText(120, L.owner_name),
    owner_phone: optional(phoneSchema),
    notes: optionalText(5000, L.notes),
    assignee_id: optional(z.uuid("Choose a colleague from the list")),
  })
  .superRefine((v, ctx) => {
    const issue = (path: keyof typeof v, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (v.listing_type === "rent" && v.rent_period === null)
      issue("rent_period", "Choose whether the rent is per month or per year");
    if ((v.latitude === null) !== (v.longitude === null))
      issue(v.latitude === null ? "latitude" : "longitude", "Enter both latitude and longitude, or neither");
    if (v.owner_phone !== null && v.owner_name === null)
      issue("owner_name", "Add the owner's name with their phone");
  })
  .transform((v) => ({
    ...v,
    rent_period: v.listing_type === "rent" ? v.rent_period : null,
    lease_years_remaining: v.tenure === "leasehold" ? v.lease_years_remaining : null,
  }));
export type HuntFormInput = z.input<typeof huntFormSchema>;
export type HuntFormOutput = z.output<typeof huntFormSchema>;

export function huntFormValues(row: HuntRow | null): HuntFormInput {
  return {
    title: text(row?.title),
    request_id: text(row?.request_id),
    source: row?.source ?? "",
    property_type: row?.property_type ?? "house",
    listing_type: row?.listing_type ?? "sale",
    asking_price: num(row?.asking_price),
    currency: row?.currency ?? "GHS",
    rent_period: row?.rent_period ?? "",
    bedrooms: num(row?.bedrooms),
    bathrooms: num(row?.bathrooms),
    land_size_sqm: num(row?.land_size_sqm),
    plots: num(row?.plots),
    tenure: row?.tenure ?? "",
    lease_years_remaining: num(row?.lease_years_remaining),
    address: text(row?.address),
    neighbourhood: text(row?.neighbourhood),
    city: text(row?.city),
    region: (GHANA_REGIONS as readonly string[]).includes(row?.region ?? "")
      ? (row!.region as HuntFormInput["region"])
      : "",
    ghana_post_gps: text(row?.ghana_post_gps),
    latitude: num(row?.latitude),
    longitude: num(row?.longitude),
    owner_name: text(row?.owner_name),
    owner_phone: text(row?.owner_phone),
    notes: text(row?.notes),
    assignee_id: text(row?.assignee_id),
  };
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date of the visit");

export const inspectionFormSchema = z.object({
  inspected_on: isoDate,
  condition: optionalChoice(INSPECTION_CONDITIONS, "Condition"),
  notes: z.string().trim().min(1, "Write what you saw").max(5000, "Notes are limited to 5000 characters"),
});
export type InspectionFormInput = z.input<typeof inspectionFormSchema>;

export const rejectFormSchema = z.object({
  rejection_reason: z.enum(REJECTION_REASONS, { error: "Choose why the hunt is rejected" }),
  rejection_note: optionalText(1000, "The note"),
});
export type RejectFormInput = z.input<typeof rejectFormSchema>;

export const offerFormSchema = z.object({
  offer_amount: optionalNumber("The offer", { min: 0, max: 99_999_999_999_999 }).refine(
    (n): n is number => n !== null,
    "Enter the amount offered",
  ),
});
export type OfferFormInput = z.input<typeof offerFormSchema>;

/** Database constraints whose names do not say their field (core/records/db-errors.ts). */
export const HUNT_CONSTRAINTS = {
  property_hunts_rent_needs_period: {
    field: "rent_period",
    message: "Choose whether the rent is per month or per year",
  },
  property_hunts_coordinates_pair: {
    field: "latitude",
    message: "Enter both latitude and longitude, or neither",
  },
} as const;

// ── The list ─────────────────────────────────────────────────────────────────────────────────

export const HUNT_PURPOSES = ["client", "stock"] as const;
export const HUNT_PURPOSE_LABELS = { client: "For a client request", stock: "For our stock" } as const;

export const huntListQuery = defineListQuery({
  sortable: ["updated_at", "stage_changed_at", "title", "city", "asking_price", "created_at"],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [50, 100, 200],
  defaultPageSize: 100,
  filters: {
    stage: filter.many(z.enum(HUNT_STAGES, { error: "Not a hunt stage" })),
    type: filter.many(z.enum(PROPERTY_TYPES, { error: "Not a property type" })),
    city: filter.one(
      z.string().trim().min(2, "Enter at least 2 letters of the city").max(120, "City is too long"),
    ),
    purpose: filter.one(z.enum(HUNT_PURPOSES, { error: "Use client or stock" })),
  },
});
export type HuntListQuery = ListQueryOf<typeof huntListQuery>;

// ── Photos ───────────────────────────────────────────────────────────────────────────────────

/** Private bucket: photos from inspections (admins only). */
export const HUNT_PHOTOS_BUCKET = "hunt-photos";

export const HUNT_PHOTO_RULES: FileRules = {
  what: "Photos",
  maxBytes: 10 * 1024 * 1024,
  types: { "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" },
};

/**
 * Photos from a phone are 4–12 MB; a long edge of 2048 px is plenty for a listing and uploads in
 * seconds on a mobile connection. Larger files are scaled down in the browser before upload.
 */
export const PHOTO_MAX_EDGE_PX = 2048;
export const PHOTO_RESIZE_ABOVE_BYTES = 1.5 * 1024 * 1024;

/** `<hunt_id>/<uuid>.<ext>`: the folder is the hunt (the row's check reads it). */
export function huntPhotoPath(huntId: string, objectId: string, type: string): string {
  return `${huntId}/${objectId}.${extensionFor(type)}`;
}
