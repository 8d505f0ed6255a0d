/**
 * Deals as the back-office reads and writes them: pipelines, stages and lost
 * reasons, the deal row (with its primary contact's name, embedded), the form (value and currency,
 * expected close, property, contact, commission terms, a rental's lease dates) and the commission
 * splits form.
 */
import { z } from "zod";
import type { ConstraintHint } from "../records/db-errors.ts";
import { optionalDate } from "../records/form-values.ts";
import { SPLIT_PARTIES } from "./commission.ts";
import { DEAL_OUTCOMES } from "./deal-rules.ts";

export const DEAL_CURRENCIES = ["GHS", "USD"] as const;
export const COMMISSION_TYPES = ["percent", "fixed"] as const;
export const DEAL_CONTACT_ROLES = [
  "buyer",
  "seller",
  "tenant",
  "landlord",
  "developer",
  "lawyer",
  "partner",
  "other",
] as const;
export type DealContactRole = (typeof DEAL_CONTACT_ROLES)[number];
export const DEAL_CONTACT_ROLE_LABELS: Record<DealContactRole, string> = {
  buyer: "Buyer",
  seller: "Seller",
  tenant: "Tenant",
  landlord: "Landlord",
  developer: "Developer",
  lawyer: "Lawyer",
  partner: "Partner",
  other: "Other",
};
export const DEAL_STATUS_LABELS = { open: "Open", won: "Won", lost: "Lost" } as const;

export const DEAL_FIELD_LABELS = {
  title: "Deal",
  pipeline_id: "Pipeline",
  stage_id: "Stage",
  status: "Status",
  value: "Value",
  currency: "Currency",
  expected_close_date: "Expected close",
  property_id: "Property",
  contact_id: "Main contact",
  commission_type: "Commission",
  commission_rate: "Commission rate (%)",
  commission_amount: "Commission amount",
  lost_reason_id: "Lost because",
  lost_note: "Lost note",
  notes: "Notes",
  owner_id: "Owner",
  assignee_id: "Assigned to",
  closed_at: "Closed",
  lease_start_date: "Lease starts",
  lease_end_date: "Lease ends",
  transaction_certificate_no: "Transaction certificate no.",
} as const;
/** The pipeline whose deals are tenancies and carry lease dates (the database refuses them elsewhere). */
export const RENTAL_PIPELINE_KEY = "rental";

const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

export const pipelineSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  position: z.number(),
  is_archived: z.boolean(),
});
export type Pipeline = z.output<typeof pipelineSchema>;

export const stageSchema = z.object({
  id: z.string(),
  pipeline_id: z.string(),
  key: z.string(),
  name: z.string(),
  position: z.number(),
  probability: z.number(),
  outcome: z.enum(DEAL_OUTCOMES),
  /** No board column and no deal moves into it (deals closed in it keep it). */
  is_archived: z.boolean(),
});
export type Stage = z.output<typeof stageSchema>;

export const lostReasonSchema = z.object({
  id: z.string(),
  label: z.string(),
  position: z.number(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type LostReason = z.output<typeof lostReasonSchema>;

export const dealRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  pipeline_id: z.string(),
  stage_id: z.string(),
  status: z.enum(DEAL_OUTCOMES),
  value: numeric,
  currency: z.enum(DEAL_CURRENCIES),
  expected_close_date: z.string().nullable(),
  property_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  commission_type: z.enum(COMMISSION_TYPES),
  commission_rate: numeric.nullable(),
  commission_amount: numeric.nullable(),
  lost_reason_id: z.string().nullable(),
  lost_note: z.string().nullable(),
  closed_at: z.string().nullable(),
  stage_entered_at: z.string(),
  last_activity_at: z.string().nullable(),
  notes: z.string().nullable(),
  owner_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  lease_start_date: z.string().nullable(),
  lease_end_date: z.string().nullable(),
  transaction_certificate_no: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  // Embedded through the foreign keys; null when absent or not visible to the user (RLS).
  contact: z.object({ display_name: z.string() }).nullable(),
  property: z.object({ title: z.string() }).nullable(),
});
export type DealRow = z.output<typeof dealRowSchema>;
const OWN_COLUMNS = Object.keys(dealRowSchema.shape).filter((k) => k !== "contact" && k !== "property");
// The FK is named: deals reach contacts also through deal_contacts, which PostgREST would find ambiguous.
export const DEAL_ROW_COLUMNS = `${OWN_COLUMNS.join(", ")}, contact:contacts!deals_contact_id_fkey(display_name), property:properties(title)`;

export const dealContactSchema = z.object({
  deal_id: z.string(),
  contact_id: z.string(),
  role: z.enum(DEAL_CONTACT_ROLES),
  contact: z.object({ display_name: z.string(), phone: z.string().nullable() }).nullable(),
});
export type DealContact = z.output<typeof dealContactSchema>;

export const splitRowSchema = z.object({
  id: z.string(),
  party: z.enum(SPLIT_PARTIES),
  user_id: z.string().nullable(),
  partner_contact_id: z.string().nullable(),
  share_type: z.enum(COMMISSION_TYPES),
  share_percent: numeric.nullable(),
  share_amount: numeric.nullable(),
  position: z.number(),
});
export type SplitRow = z.output<typeof splitRowSchema>;

// ── Forms ────────────────────────────────────────────────────────────────────────────────────

const L = DEAL_FIELD_LABELS;

/** A number typed into a text box ("1,250,000"): "" → null. */
export function typedNumber(
  label: string,
  { min = 0, max = 99_999_999_999_999, decimals = 2 }: { min?: number; max?: number; decimals?: number } = {},
) {
  return z.union([z.string(), z.number(), z.null()]).transform((v, ctx): number | null => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return null;
    const n = typeof v === "number" ? v : Number(v.trim().replace(/,/g, ""));
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (!Number.isFinite(n)) return fail(`${label} must be a number`);
    if (n < min) return fail(`${label} cannot be less than ${min.toLocaleString("en-GB")}`);
    if (n > max) return fail(`${label} cannot be more than ${max.toLocaleString("en-GB")}`);
    if (Math.round(n * 10 ** decimals) !== Number((n * 10 ** decimals).toFixed(6)))
      return fail(`${label} has at most ${decimals} decimals`);
    return n;
  });
}

const optionalId = (message: string) =>
  z.string().transform((s, ctx) => {
    if (s === "") return null;
    if (!z.guid().safeParse(s).success) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return s;
  });

export const dealFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, "Name the deal (at least 3 characters), e.g. “4-bed house, East Legon — Mensah”")
      .max(200, "Keep the name under 200 characters"),
    // guid, not uuid: the seeded pipelines and stages have fixed ids outside the RFC 9562 variants.
    pipeline_id: z.guid("Choose a pipeline"),
    stage_id: z.guid("Choose a stage"),
    value: typedNumber(L.value),
    currency: z.enum(DEAL_CURRENCIES, { error: "Choose GHS or USD" }),
    expected_close_date: optionalDate,
    lease_start_date: optionalDate,
    lease_end_date: optionalDate,
    property_id: optionalId("Choose a property from the list"),
    contact_id: optionalId("Choose a contact from the list"),
    commission_type: z.enum(COMMISSION_TYPES, { error: "Choose a percentage or a fixed amount" }),
    commission_rate: typedNumber(L.commission_rate, { max: 100, decimals: 3 }),
    commission_amount: typedNumber(L.commission_amount),
    notes: z
      .string()
      .trim()
      .max(10_000, "Keep the notes under 10,000 characters")
      .transform((s) => s || null),
    owner_id: z.string().transform((s) => s || null),
    assignee_id: z.string().transform((s) => s || null),
    transaction_certificate_no: z
      .string()
      .trim()
      .max(60, "Keep the certificate number under 60 characters")
      .transform((s) => s || null),
  })
  // ISO dates compare as text; the database's deals_lease_end_after_start says the same.
  .refine((v) => !v.lease_start_date || !v.lease_end_date || v.lease_end_date > v.lease_start_date, {
    path: ["lease_end_date"],
    message: "The lease ends after it starts",
  })
  .transform((v) => ({
    ...v,
    value: v.value ?? 0,
    commission_rate: v.commission_type === "percent" ? v.commission_rate : null,
    commission_amount: v.commission_type === "fixed" ? v.commission_amount : null,
  }));
export type DealFormInput = z.input<typeof dealFormSchema>;
export type DealFormOutput = z.output<typeof dealFormSchema>;

export function dealFormValues(
  row: DealRow | null,
  defaults: { pipelineId: string; stageId: string; ownerId: string | null; contactId?: string | null },
): DealFormInput {
  const num = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  return {
    title: row?.title ?? "",
    pipeline_id: row?.pipeline_id ?? defaults.pipelineId,
    stage_id: row?.stage_id ?? defaults.stageId,
    value: row ? num(row.value) : "",
    currency: row?.currency ?? "GHS",
    expected_close_date: row?.expected_close_date ?? "",
    lease_start_date: row?.lease_start_date ?? "",
    lease_end_date: row?.lease_end_date ?? "",
    property_id: row?.property_id ?? "",
    contact_id: row?.contact_id ?? defaults.contactId ?? "",
    commission_type: row?.commission_type ?? "percent",
    commission_rate: row ? num(row.commission_rate) : "5",
    commission_amount: row ? num(row.commission_amount) : "",
    notes: row?.notes ?? "",
    owner_id: row?.owner_id ?? defaults.ownerId ?? "",
    assignee_id: row?.assignee_id ?? "",
    transaction_certificate_no: row?.transaction_certificate_no ?? "",
  };
}

export const DEAL_CONSTRAINTS: Record<string, ConstraintHint> = {
  deals_commission_given: {
    field: "commission_type",
    message: "Give a percentage or a fixed amount, not both",
  },
  deals_lost_has_reason: { field: "lost_reason_id", message: "Choose why the deal was lost" },
  deals_lease_end_after_start: { field: "lease_end_date", message: "The lease ends after it starts" },
  deals_transaction_certificate_no_check: {
    field: "transaction_certificate_no",
    message: "The certificate number has 1 to 60 characters",
  },
};

/** One row of the splits editor. */
export const splitFormSchema = z
  .object({
    party: z.enum(SPLIT_PARTIES, { error: "Choose who gets the share" }),
    user_id: z.string(),
    partner_contact_id: z.string(),
    share_type: z.enum(COMMISSION_TYPES),
    share: z.string(),
  })
  .transform((v, ctx) => {
    const n = Number(v.share.trim().replace(/,/g, ""));
    if (v.share.trim() === "" || !Number.isFinite(n) || n <= 0) {
      ctx.addIssue({
        code: "custom",
        path: ["share"],
        message: v.share_type === "percent" ? "Enter a percentage above 0" : "Enter an amount above 0",
      });
      return z.NEVER;
    }
    if (v.share_type === "percent" && n > 100) {
      ctx.addIssue({ code: "custom", path: ["share"], message: "A share is at most 100 %" });
      return z.NEVER;
    }
    if (v.party === "co_broker" && !v.partner_contact_id) {
      ctx.addIssue({
        code: "custom",
        path: ["partner_contact_id"],
        message: "Choose the co-broker partner (a contact)",
      });
      return z.NEVER;
    }
    return {
      party: v.party,
      user_id: v.party === "agent" && v.user_id ? v.user_id : null,
      partner_contact_id: v.party === "co_broker" ? v.partner_contact_id : null,
      share_type: v.share_type,
      share_percent: v.share_type === "percent" ? n : null,
      share_amount: v.share_type === "fixed" ? n : null,
    };
  });
export type SplitFormInput = z.input<typeof splitFormSchema>;
export type SplitFormOutput = z.output<typeof splitFormSchema>;

/** Days a deal has been in its stage (whole days, at least 0). */
export function daysInStage(stageEnteredAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(stageEnteredAt)) / 86_400_000));
}
