/**
 * Collaborations as the back-office and the portal write them (zod): form schemas with a message
 * per field for partners (agencies and independent agents with a REAC licence), their people,
 * agreements, shared listings, buyer registrations, co-broke deals and messages, and the
 * invitation the edge sends (POST /api/partners/invite). The vocabulary and the row schemas live
 * in ./partner-rows.ts (valibot, light enough for the portal's first screen) and are re-exported
 * here. The database says the same again (check constraints of
 * supabase/migrations/20261125600300_partners.sql).
 */
import { z } from "zod";
import { COMPANY } from "../constants.ts";
import { CURRENCIES } from "../content-model.ts";
import { emailField, optional, optionalNumber, optionalText } from "../records/form-values.ts";
import { phoneSchema } from "../schemas/forms.ts";
import { escapeHtml } from "../seo/meta.ts";
import {
  AGREEMENT_STATUSES,
  COMMISSION_STATUSES,
  DEAL_STAGES,
  MESSAGE_MAX_LENGTH,
  PARTNER_KINDS,
  PARTNER_STATUSES,
  REAC_LICENCE_PATTERN,
  type AgreementRow,
  type CoBrokeDealRow,
  type PartnerRow,
} from "./partner-rows.ts";

export * from "./partner-rows.ts";

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
