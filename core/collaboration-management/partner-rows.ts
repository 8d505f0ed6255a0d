/**
 * Collaborations as the back-office and the partner portal read them: the vocabulary (kinds,
 * statuses and their labels) and the row schemas every query parses through — partners, their
 * people, agreements, listings shared with a split, buyer registrations, co-broke deals, messages
 * and the portal's shared listing. Valibot, not zod: the portal parses these rows before its first
 * screen shows, on phones on mobile data, and valibot's parsers tree-shake to a few KB. The forms
 * and the edge's invitation (./partner-schema.ts, zod) load only where a form is used; that file
 * re-exports this one.
 */
import * as v from "valibot";
import { CURRENCIES } from "../content-model.ts";
import { numericSchema as numeric } from "../schemas/content-fields.ts";

export const PARTNER_KINDS = ["agency", "agent"] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];
export const PARTNER_KIND_LABELS: Record<PartnerKind, string> = {
  agency: "Agency",
  agent: "Independent agent",
};

export const PARTNER_STATUSES = ["active", "suspended", "ended"] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];
export const PARTNER_STATUS_LABELS: Record<PartnerStatus, string> = {
  active: "Active",
  suspended: "Suspended",
  ended: "Ended",
};

export const DEAL_STAGES = ["viewing", "offer", "agreed", "completed", "fell_through"] as const;
export type CoBrokeStage = (typeof DEAL_STAGES)[number];
export const DEAL_STAGE_LABELS: Record<CoBrokeStage, string> = {
  viewing: "Viewing",
  offer: "Offer made",
  agreed: "Agreed",
  completed: "Completed",
  fell_through: "Fell through",
};

export const COMMISSION_STATUSES = ["not_due", "due", "invoiced", "paid"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  not_due: "Not due yet",
  due: "Due",
  invoiced: "Invoiced",
  paid: "Paid",
};

export const REGISTRATION_STATUSES = ["registered", "accepted", "declined"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  registered: "Registered",
  accepted: "Accepted",
  declined: "Declined",
};

export const AGREEMENT_STATUSES = ["draft", "active", "ended", "terminated"] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
export const AGREEMENT_STATUS_LABELS: Record<AgreementStatus, string> = {
  draft: "Draft",
  active: "Active",
  ended: "Ended",
  terminated: "Terminated",
};

/** REAC licence numbers as the council prints them ("REAC/AG/2025/00417"), upper case. */
export const REAC_LICENCE_PATTERN = /^[A-Z0-9][A-Z0-9/ -]{2,39}$/;

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

export const partnerRowSchema = v.object({
  id: v.string(),
  kind: v.picklist(PARTNER_KINDS),
  name: v.string(),
  reac_licence_number: v.string(),
  licence_expires_on: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  address: v.nullable(v.string()),
  city: v.nullable(v.string()),
  default_split_percent: numeric,
  commission_terms: v.nullable(v.string()),
  status: v.picklist(PARTNER_STATUSES),
  owner_id: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
});
export type PartnerRow = v.InferOutput<typeof partnerRowSchema>;
export const PARTNER_COLUMNS = Object.keys(partnerRowSchema.entries).join(", ");

export const partnerMemberRowSchema = v.object({
  id: v.string(),
  partner_id: v.string(),
  full_name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  position: v.nullable(v.string()),
  user_id: v.nullable(v.string()),
  invited_at: v.nullable(v.string()),
});
export type PartnerMemberRow = v.InferOutput<typeof partnerMemberRowSchema>;
export const PARTNER_MEMBER_COLUMNS = Object.keys(partnerMemberRowSchema.entries).join(", ");

export const agreementRowSchema = v.object({
  id: v.string(),
  partner_id: v.string(),
  title: v.string(),
  starts_on: v.string(),
  ends_on: v.nullable(v.string()),
  split_percent: v.nullable(numeric),
  terms: v.nullable(v.string()),
  document_path: v.nullable(v.string()),
  document_name: v.nullable(v.string()),
  status: v.picklist(AGREEMENT_STATUSES),
  created_at: v.string(),
  updated_at: v.string(),
});
export type AgreementRow = v.InferOutput<typeof agreementRowSchema>;
export const AGREEMENT_COLUMNS = Object.keys(agreementRowSchema.entries).join(", ");

export const shareRowSchema = v.object({
  id: v.string(),
  partner_id: v.string(),
  property_id: v.string(),
  partner_split_percent: numeric,
  note: v.nullable(v.string()),
  created_at: v.string(),
});
export type ShareRow = v.InferOutput<typeof shareRowSchema>;
export const SHARE_COLUMNS = Object.keys(shareRowSchema.entries).join(", ");

export const registrationRowSchema = v.object({
  id: v.string(),
  partner_id: v.string(),
  property_id: v.string(),
  buyer_name: v.string(),
  buyer_phone: v.nullable(v.string()),
  buyer_email: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  status: v.picklist(REGISTRATION_STATUSES),
  decline_reason: v.nullable(v.string()),
  decided_at: v.nullable(v.string()),
  created_at: v.string(),
});
export type RegistrationRow = v.InferOutput<typeof registrationRowSchema>;
export const REGISTRATION_COLUMNS = Object.keys(registrationRowSchema.entries).join(", ");

export const coBrokeDealRowSchema = v.object({
  id: v.string(),
  partner_id: v.string(),
  property_id: v.nullable(v.string()),
  registration_id: v.nullable(v.string()),
  title: v.string(),
  stage: v.picklist(DEAL_STAGES),
  agreed_price: v.nullable(numeric),
  currency: v.picklist(CURRENCIES),
  agency_commission: v.nullable(numeric),
  partner_split_percent: numeric,
  partner_commission: v.nullable(numeric),
  commission_status: v.picklist(COMMISSION_STATUSES),
  commission_paid_on: v.nullable(v.string()),
  partner_note: v.nullable(v.string()),
  updated_at: v.string(),
});
export type CoBrokeDealRow = v.InferOutput<typeof coBrokeDealRowSchema>;
export const CO_BROKE_DEAL_COLUMNS = Object.keys(coBrokeDealRowSchema.entries).join(", ");

export const partnerMessageRowSchema = v.object({
  id: v.string(),
  partner_id: v.string(),
  author_id: v.nullable(v.string()),
  from_partner: v.boolean(),
  body: v.string(),
  read_at: v.nullable(v.string()),
  created_at: v.string(),
});
export type PartnerMessageRow = v.InferOutput<typeof partnerMessageRowSchema>;
export const PARTNER_MESSAGE_COLUMNS = Object.keys(partnerMessageRowSchema.entries).join(", ");

/** A listing as the portal shows it (public.partner_shared_listings). */
export const sharedListingSchema = v.object({
  share_id: v.string(),
  property_id: v.string(),
  slug: v.string(),
  title: v.string(),
  description: v.nullable(v.string()),
  property_type: v.string(),
  listing_type: v.picklist(["sale", "rent"]),
  status: v.string(),
  price: v.nullable(numeric),
  price_on_request: v.boolean(),
  currency: v.picklist(CURRENCIES),
  rent_period: v.nullable(v.picklist(["month", "year"])),
  bedrooms: v.nullable(v.number()),
  bathrooms: v.nullable(v.number()),
  floor_area_sqm: v.nullable(numeric),
  land_size_sqm: v.nullable(numeric),
  plots: v.nullable(numeric),
  tenure: v.nullable(v.string()),
  neighbourhood: v.nullable(v.string()),
  city: v.string(),
  region: v.nullable(v.string()),
  features: v.array(v.string()),
  title_verified_at: v.nullable(v.string()),
  is_public: v.boolean(),
  cover_path: v.nullable(v.string()),
  partner_split_percent: numeric,
  share_note: v.nullable(v.string()),
  shared_at: v.string(),
});
export type SharedListing = v.InferOutput<typeof sharedListingSchema>;

/** A registration with the title of its listing (the lists of both sides embed it). */
export const registrationWithListingSchema = v.object({
  ...registrationRowSchema.entries,
  properties: v.nullable(v.object({ title: v.string() })),
});
export type RegistrationWithListing = v.InferOutput<typeof registrationWithListingSchema>;

/** The longest message either side may write (the composer and the database say the same). */
export const MESSAGE_MAX_LENGTH = 4000;
