/**
 * Collaborations as the back-office and the portal read and write them (zod):
 * partners (agencies and independent agents with a REAC licence), their people, agreements,
 * listings shared with a split, buyer registrations, co-broke deals and messages — row schemas
 * every query parses through, form schemas with a message per field, and the invitation the edge
 * sends (POST /api/partners/invite). The database says the same again (check constraints of
 * supabase/migrations/20261125600300_partners.sql).
 */
import { z } from "zod";
import { COMPANY } from "../constants.ts";
import { CURRENCIES } from "../content-model.ts";
import { emailField, numericColumn, optional, optionalNumber, optionalText } from "../records/form-values.ts";
import { phoneSchema } from "../schemas/forms.ts";
import { escapeHtml } from "../seo/meta.ts";

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

export const partnerRowSchema = z.object({
  id: z.string(),
  kind: z.enum(PARTNER_KINDS),
  name: z.string(),
  reac_licence_number: z.string(),
  licence_expires_on: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  default_split_percent: numericColumn,
  commission_terms: z.string().nullable(),
  status: z.enum(PARTNER_STATUSES),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PartnerRow = z.output<typeof partnerRowSchema>;
export const PARTNER_COLUMNS = Object.keys(partnerRowSchema.shape).join(", ");

export const partnerMemberRowSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  user_id: z.string().nullable(),
  invited_at: z.string().nullable(),
});
export type PartnerMemberRow = z.output<typeof partnerMemberRowSchema>;
export const PARTNER_MEMBER_COLUMNS = Object.keys(partnerMemberRowSchema.shape).join(", ");

export const agreementRowSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  title: z.string(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  split_percent: numericColumn.nullable(),
  terms: z.string().nullable(),
  document_path: z.string().nullable(),
  document_name: z.string().nullable(),
  status: z.enum(AGREEMENT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgreementRow = z.output<typeof agreementRowSchema>;
export const AGREEMENT_COLUMNS = Object.keys(agreementRowSchema.shape).join(", ");

export const shareRowSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  property_id: z.string(),
  partner_split_percent: numericColumn,
  note: z.string().nullable(),
  created_at: z.string(),
});
export type ShareRow = z.output<typeof shareRowSchema>;
export const SHARE_COLUMNS = Object.keys(shareRowSchema.shape).join(", ");

export const registrationRowSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  property_id: z.string(),
  buyer_name: z.string(),
  buyer_phone: z.string().nullable(),
  buyer_email: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  decline_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type RegistrationRow = z.output<typeof registrationRowSchema>;
export const REGISTRATION_COLUMNS = Object.keys(registrationRowSchema.shape).join(", ");

export const coBrokeDealRowSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  property_id: z.string().nullable(),
  registration_id: z.string().nullable(),
  title: z.string(),
  stage: z.enum(DEAL_STAGES),
  agreed_price: numericColumn.nullable(),
  currency: z.enum(CURRENCIES),
  agency_commission: numericColumn.nullable(),
  partner_split_percent: numericColumn,
  partner_commission: numericColumn.nullable(),
  commission_status: z.enum(COMMISSION_STATUSES),
  commission_paid_on: z.string().nullable(),
  partner_note: z.string().nullable(),
  updated_at: z.string(),
});
export type CoBrokeDealRow = z.output<typeof coBrokeDealRowSchema>;
export const CO_BROKE_DEAL_COLUMNS = Object.keys(coBrokeDealRowSchema.shape).join(", ");

export const partnerMessageRowSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  author_id: z.string().nullable(),
  from_partner: z.boolean(),
  body: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type PartnerMessageRow = z.output<typeof partnerMessageRowSchema>;
export const PARTNER_MESSAGE_COLUMNS = Object.keys(partnerMessageRowSchema.shape).join(", ");

/** A listing as the portal shows it (public.partner_shared_listings). */
export const sharedListingSchema = z.object({
  share_id: z.string(),
  property_id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  property_type: z.string(),
  listing_type: z.enum(["sale", "rent"]),
  status: z.string(),
  price: numericColumn.nullable(),
  price_on_request: z.boolean(),
  currency: z.enum(CURRENCIES),
  rent_period: z.enum(["month", "year"]).nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  floor_area_sqm: numericColumn.nullable(),
  land_size_sqm: numericColumn.nullable(),
  plots: numericColumn.nullable(),
  tenure: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  features: z.array(z.string()),
  title_verified_at: z.string().nullable(),
  is_public: z.boolean(),
  cover_path: z.string().nullable(),
  partner_split_percent: numericColumn,
  share_note: z.string().nullable(),
  shared_at: z.string(),
});
export type SharedListing = z.output<typeof sharedListingSchema>;

// ── Forms ────────────────────────────────────────────────────────────────────────────────────

const percent = (label: string) =>
  optionalNumber(label, { min: 0, max: 100 }).refine(
    (n) => n === null || Math.round(n * 100) === n * 100,
    `${label}: at most two decimals`,
  );
const requiredPercent = (label: string) =>
  percent(label).refine(
    (n): n is number => n !== null,
    `Enter the ${label.toLowerCase()}`,
  ) as unknown as z.ZodType<number, string>;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date");

export const partnerFormSchema = z.object({
  kind: z.enum(PARTNER_KINDS, { error: "Choose agency or independent agent" }),
  name: z
    .string()
    .trim()
    .min(2, "Enter the agency's or agent's name")
    .max(160, "Name is limited to 160 characters"),
  reac_licence_number: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, "Enter the REAC licence number")
    .refine(
      (s) => REAC_LICENCE_PATTERN.test(s),
      "Enter the licence number as printed, e.g. REAC/AG/2025/00417",
    ),
  licence_expires_on: optional(isoDate),
  email: optional(emailField),
  phone: optional(phoneSchema),
  address: optionalText(300, "Address"),
  city: optionalText(120, "City"),
  default_split_percent: requiredPercent("Usual split"),
  commission_terms: optionalText(2000, "Commission terms"),
  status: z.enum(PARTNER_STATUSES, { error: "Choose a status" }),
});
export type PartnerFormInput = z.input<typeof partnerFormSchema>;
export type PartnerFormOutput = z.output<typeof partnerFormSchema>;

export function partnerFormValues(row: PartnerRow | null): PartnerFormInput {
  return {
    kind: row?.kind ?? "agency",
    name: row?.name ?? "",
    reac_licence_number: row?.reac_licence_number ?? "",
    licence_expires_on: row?.licence_expires_on ?? "",
    email: row?.email ?? "",
    phone: row?.phone ?? "",
    address: row?.address ?? "",
    city: row?.city ?? "",
    default_split_percent: row ? String(row.default_split_percent) : "40",
    commission_terms: row?.commission_terms ?? "",
    status: row?.status ?? "active",
  };
}

export const memberFormSchema = z.object({
  full_name: z
    .string()
    .trim()
    .min(2, "Enter the person's name")
    .max(120, "Name is limited to 120 characters"),
  email: emailField,
  phone: optional(phoneSchema),
  position: optionalText(120, "Position"),
});
export type MemberFormInput = z.input<typeof memberFormSchema>;

export const agreementFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(2, "Give the agreement a title")
      .max(200, "Title is limited to 200 characters"),
    starts_on: isoDate,
    ends_on: optional(isoDate),
    split_percent: percent("Split"),
    terms: optionalText(5000, "Terms"),
    status: z.enum(AGREEMENT_STATUSES, { error: "Choose a status" }),
  })
  .refine((v) => v.ends_on === null || v.ends_on >= v.starts_on, {
    path: ["ends_on"],
    message: "The end date is before the start date",
  });
export type AgreementFormInput = z.input<typeof agreementFormSchema>;
export type AgreementFormOutput = z.output<typeof agreementFormSchema>;

export function agreementFormValues(row: AgreementRow | null): AgreementFormInput {
  return {
    title: row?.title ?? "",
    starts_on: row?.starts_on ?? "",
    ends_on: row?.ends_on ?? "",
    split_percent:
      row?.split_percent === null || row?.split_percent === undefined ? "" : String(row.split_percent),
    terms: row?.terms ?? "",
    status: row?.status ?? "active",
  };
}

/** What an agreement's document may be (the partner-documents bucket says the same). */
export const AGREEMENT_DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const AGREEMENT_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export function agreementDocumentProblem(file: { type: string; size: number }): string | null {
  if (!(AGREEMENT_DOCUMENT_TYPES as readonly string[]).includes(file.type))
    return "The signed agreement must be a PDF, JPEG or PNG file.";
  if (file.size > AGREEMENT_DOCUMENT_MAX_BYTES) return "The signed agreement must be under 20 MB.";
  return null;
}

/** An admin's answer to a registered client: accept, or decline with a reason the partner reads. */
export const registrationDecisionSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("accepted") }),
  z.object({
    status: z.literal("declined"),
    decline_reason: z
      .string()
      .trim()
      .min(3, "Say why (the partner reads it)")
      .max(500, "Keep the reason under 500 characters"),
  }),
]);
export type RegistrationDecision = z.output<typeof registrationDecisionSchema>;

export const shareFormSchema = z.object({
  property_id: z.uuid("Choose a listing"),
  partner_split_percent: requiredPercent("Partner's split"),
  note: optionalText(1000, "Note"),
});
export type ShareFormInput = z.input<typeof shareFormSchema>;

export const dealFormSchema = z
  .object({
    property_id: optional(z.uuid("Choose a listing")),
    title: z.string().trim().min(2, "Give the deal a title").max(200, "Title is limited to 200 characters"),
    stage: z.enum(DEAL_STAGES, { error: "Choose a stage" }),
    agreed_price: optionalNumber("Agreed price", { min: 0, max: 99_999_999_999_999 }),
    currency: z.enum(CURRENCIES),
    agency_commission: optionalNumber("Commission", { min: 0, max: 99_999_999_999_999 }),
    partner_split_percent: requiredPercent("Partner's split"),
    commission_status: z.enum(COMMISSION_STATUSES),
    commission_paid_on: optional(isoDate),
    partner_note: optionalText(1000, "Note for the partner"),
  })
  .refine((v) => (v.commission_status === "paid") === (v.commission_paid_on !== null), {
    path: ["commission_paid_on"],
    message: "A paid commission needs the date it was paid (and only a paid one)",
  });
export type DealFormInput = z.input<typeof dealFormSchema>;
export type DealFormOutput = z.output<typeof dealFormSchema>;

export function dealFormValues(row: CoBrokeDealRow | null, defaultSplit: number): DealFormInput {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return {
    property_id: row?.property_id ?? "",
    title: row?.title ?? "",
    stage: row?.stage ?? "viewing",
    agreed_price: n(row?.agreed_price),
    currency: row?.currency ?? "GHS",
    agency_commission: n(row?.agency_commission),
    partner_split_percent: row ? String(row.partner_split_percent) : String(defaultSplit),
    commission_status: row?.commission_status ?? "not_due",
    commission_paid_on: row?.commission_paid_on ?? "",
    partner_note: row?.partner_note ?? "",
  };
}

/** A buyer as a partner registers them in the portal: a name and a phone or an e-mail. */
export const buyerRegistrationSchema = z
  .object({
    buyer_name: z
      .string()
      .trim()
      .min(2, "Enter the buyer's name")
      .max(120, "Name is limited to 120 characters"),
    buyer_phone: optional(phoneSchema),
    buyer_email: optional(emailField),
    notes: optionalText(1000, "Notes"),
  })
  .refine((v) => v.buyer_phone !== null || v.buyer_email !== null, {
    path: ["buyer_phone"],
    message: "Give the buyer's phone number or e-mail address",
  });
export type BuyerRegistrationInput = z.input<typeof buyerRegistrationSchema>;

export const MESSAGE_MAX_LENGTH = 4000;
export const messageBodySchema = z
  .string()
  .trim()
  .min(1, "Write a message")
  .max(MESSAGE_MAX_LENGTH, `Keep it under ${MESSAGE_MAX_LENGTH} characters`);

// ── The invitation (edge worker) ─────────────────────────────────────────────────────────────

/** POST, admin token: invite a partner's contact to the portal (creates or re-links the account, mails the link). */
export const PARTNER_INVITE_PATH = "/api/partners/invite";
export const partnerInviteRequestSchema = z.strictObject({
  memberId: z.uuid("memberId must be a partner contact's id"),
});
export const partnerInviteAnswerSchema = z.object({
  invited: z.literal(true),
  userId: z.string(),
  email: z.string(),
  resent: z.boolean(),
});
export type PartnerInviteAnswer = z.infer<typeof partnerInviteAnswerSchema>;

/** The invitation mail (queued in outgoing_emails by the edge). */
export function partnerInviteEmail(p: {
  personName: string;
  partnerName: string;
  link: string;
  portalUrl: string;
}): { subject: string; html: string; text: string } {
  const subject = `Your ${COMPANY.name} partner portal account`;
  const e = escapeHtml;
  const html =
    `<p>Dear ${e(p.personName)},</p>` +
    `<p>${e(COMPANY.name)} has opened a partner portal account for you at ${e(p.partnerName)}. There you see the listings we share with you and the agreed commission split, register your buyers and follow your co-broke deals.</p>` +
    `<p><a href="${e(p.link)}">Set your password and sign in</a></p>` +
    `<p>The link works once, within an hour. If it has expired, ask us for a new one. Afterwards sign in at <a href="${e(p.portalUrl)}">${e(p.portalUrl)}</a>; you can turn on two-factor sign-in there.</p>` +
    `<p>${e(COMPANY.name)} · ${e(COMPANY.phone)}</p>`;
  const text =
    `Dear ${p.personName},\n\n${COMPANY.name} has opened a partner portal account for you at ${p.partnerName}. There you see the listings we share with you and the agreed commission split, register your buyers and follow your co-broke deals.\n\n` +
    `Set your password and sign in: ${p.link}\n\nThe link works once, within an hour. If it has expired, ask us for a new one. Afterwards sign in at ${p.portalUrl}; you can turn on two-factor sign-in there.\n\n${COMPANY.name} · ${COMPANY.phone}\n`;
  return { subject, html, text };
}
