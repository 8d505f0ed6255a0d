/**
 * Business contacts as the back-office reads and writes them: the enums and
 * their labels, the row schema every query parses through, and the form schema (what is typed
 * in, the columns out) with a message per field. The table normalises again whoever writes
 * (E.164 phones, lower-case e-mails); core/business-contacts/phone.ts is the same rule, tested against it.
 */
import { z } from "zod";
import type { ConstraintHint } from "../records/db-errors.ts";
import { ghanaNetwork, PHONE_HINT, toE164, type GhanaNetwork } from "./phone.ts";

export const CONTACT_KINDS = ["person", "company"] as const;
export const CONTACT_TYPES = ["lead", "client", "owner", "landlord", "tenant", "vendor", "partner"] as const;
export const CONTACT_STAGES = ["lead", "prospect", "client", "past_client", "lost"] as const;
export const CONTACT_SOURCES = [
  "website_form",
  "referral",
  "portal",
  "walk_in",
  "social",
  "whatsapp",
  "phone",
  "import",
  "other",
] as const;
export const CONSENT_STATUSES = ["unknown", "given", "withdrawn"] as const;
export const CONSENT_SOURCES = [
  "website_form",
  "in_person",
  "phone",
  "whatsapp",
  "email",
  "import",
  "other",
] as const;

export type ContactKind = (typeof CONTACT_KINDS)[number];
export type ContactType = (typeof CONTACT_TYPES)[number];
export type ContactStage = (typeof CONTACT_STAGES)[number];
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONTACT_KIND_LABELS: Record<ContactKind, string> = { person: "Person", company: "Company" };
export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  lead: "Lead",
  client: "Client",
  owner: "Owner",
  landlord: "Landlord",
  tenant: "Tenant",
  vendor: "Vendor",
  partner: "Partner",
};
export const CONTACT_STAGE_LABELS: Record<ContactStage, string> = {
  lead: "Lead",
  prospect: "Prospect",
  client: "Client",
  past_client: "Past client",
  lost: "Lost",
};
export const CONTACT_SOURCE_LABELS: Record<ContactSource, string> = {
  website_form: "Website form",
  referral: "Referral",
  portal: "Property portal",
  walk_in: "Walk-in",
  social: "Social media",
  whatsapp: "WhatsApp",
  phone: "Phone call",
  import: "Import",
  other: "Other",
};
export const CONSENT_STATUS_LABELS: Record<ConsentStatus, string> = {
  unknown: "Not recorded",
  given: "Given",
  withdrawn: "Withdrawn",
};
export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  website_form: "Website form",
  in_person: "In person",
  phone: "By phone",
  whatsapp: "WhatsApp",
  email: "E-mail",
  import: "Import",
  other: "Other",
};

export const CONTACT_FIELD_LABELS = {
  kind: "Person or company",
  first_name: "First name",
  last_name: "Last name",
  company_name: "Company",
  company_id: "Works at",
  job_title: "Job title",
  type: "Type",
  stage: "Stage",
  source: "Source",
  tags: "Tags",
  phone: "Phone",
  alt_phone: "Second phone",
  email: "E-mail",
  alt_email: "Second e-mail",
  city: "City or town",
  neighbourhood: "Area",
  address: "Address",
  ghana_post_gps: "GhanaPost GPS",
  website: "Website",
  industry: "Industry",
  tin: "TIN / Ghana Card no.",
  notes: "Notes",
  consent_status: "Consent (Act 843)",
  consent_source: "Consent given through",
  consent_at: "Consent recorded",
  consent_note: "Consent note",
  marketing_consent: "Agrees to marketing messages",
  owner_id: "Owner",
  assignee_id: "Assigned to",
} as const;

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

export const contactRowSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTACT_KINDS),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  company_id: z.string().nullable(),
  job_title: z.string().nullable(),
  type: z.enum(CONTACT_TYPES),
  stage: z.enum(CONTACT_STAGES),
  source: z.enum(CONTACT_SOURCES).nullable(),
  tags: z.array(z.string()),
  phone: z.string().nullable(),
  phone_network: z.string().nullable(),
  alt_phone: z.string().nullable(),
  email: z.string().nullable(),
  alt_email: z.string().nullable(),
  city: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  address: z.string().nullable(),
  ghana_post_gps: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  tin: z.string().nullable(),
  notes: z.string().nullable(),
  consent_status: z.enum(CONSENT_STATUSES),
  consent_source: z.enum(CONSENT_SOURCES).nullable(),
  consent_at: z.string().nullable(),
  consent_note: z.string().nullable(),
  marketing_consent: z.boolean(),
  marketing_consent_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  anonymised_at: z.string().nullable(),
  owner_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  display_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactRow = z.output<typeof contactRowSchema>;
export const CONTACT_ROW_COLUMNS = Object.keys(contactRowSchema.shape).join(", ");

/** A contact in pickers and duplicate warnings. */
export const contactBriefSchema = contactRowSchema.pick({
  id: true,
  display_name: true,
  phone: true,
  email: true,
  kind: true,
  stage: true,
  owner_id: true,
  updated_at: true,
});
export type ContactBrief = z.output<typeof contactBriefSchema>;
export const CONTACT_BRIEF_COLUMNS = Object.keys(contactBriefSchema.shape).join(", ");

/** The network shown beside a phone (null for landlines and foreign numbers). */
export function networkOf(phone: string | null): GhanaNetwork | null {
  return ghanaNetwork(phone);
}

// ── Form ─────────────────────────────────────────────────────────────────────────────────────

const L = CONTACT_FIELD_LABELS;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is limited to ${max} characters`)
    .transform((s) => s || null);

/** A phone as typed; "" is none; anything else must be a phone (stored in E.164). */
export const optionalPhone = (label: string) =>
  z.string().transform((s, ctx): string | null => {
    if (s.trim() === "") return null;
    const e164 = toE164(s);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: `${label}: ${PHONE_HINT}` });
      return z.NEVER;
    }
    return e164;
  });

export const optionalEmail = (label: string) =>
  z.string().transform((s, ctx): string | null => {
    const v = s.trim().toLowerCase();
    if (v === "") return null;
    if (v.length > 254 || !z.email().safeParse(v).success) {
      ctx.addIssue({ code: "custom", message: `${label}: enter an address like ama@example.com` });
      return z.NEVER;
    }
    return v;
  });

/** Tags as typed: separated by commas; trimmed, lower-case, no repeats. */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[,;\n]/)) {
    const t = raw.trim().toLowerCase().replace(/\s+/g, " ");
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.literal(""), z.enum(values, { error: message })])
    .transform((v) => (v === "" ? null : v)) as unknown as z.ZodType<T[number] | null, T[number] | "">;

export const contactFormSchema = z
  .object({
    kind: choice(CONTACT_KINDS, "Choose person or company"),
    first_name: optionalText(100, L.first_name),
    last_name: optionalText(100, L.last_name),
    company_name: optionalText(200, L.company_name),
    job_title: optionalText(120, L.job_title),
    type: choice(CONTACT_TYPES, "Choose a type"),
    stage: choice(CONTACT_STAGES, "Choose a stage"),
    source: optionalChoice(CONTACT_SOURCES, "Choose a source"),
    tags: z
      .string()
      .transform(parseTags)
      .refine((t) => t.length <= 30, "At most 30 tags")
      .refine((t) => t.every((x) => x.length <= 40), "Keep each tag under 40 characters"),
    phone: optionalPhone(L.phone),
    alt_phone: optionalPhone(L.alt_phone),
    email: optionalEmail(L.email),
    alt_email: optionalEmail(L.alt_email),
    city: optionalText(120, L.city),
    neighbourhood: optionalText(120, L.neighbourhood),
    address: optionalText(300, L.address),
    ghana_post_gps: z
      .string()
      .trim()
      .toUpperCase()
      .refine(
        (s) => s === "" || /^[A-Z]{2}-\d{3,4}-\d{4}$/.test(s),
        "Enter a GhanaPost GPS address like GA-123-4567",
      )
      .transform((s) => s || null),
    website: optionalText(300, L.website),
    industry: optionalText(120, L.industry),
    tin: optionalText(40, L.tin),
    notes: optionalText(10_000, L.notes),
    consent_status: choice(CONSENT_STATUSES, "Choose the consent status"),
    consent_source: optionalChoice(CONSENT_SOURCES, "Choose how consent was given"),
    consent_note: optionalText(500, L.consent_note),
    marketing_consent: z.boolean(),
    owner_id: z.string().transform((s) => s || null),
    assignee_id: z.string().transform((s) => s || null),
  })
  .superRefine((v, ctx) => {
    const issue = (path: keyof typeof v, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (v.kind === "person" && !v.first_name) issue("first_name", "Enter the person's first name");
    if (v.kind === "company" && !v.company_name) issue("company_name", "Enter the company's name");
    if (v.phone && v.alt_phone && v.phone === v.alt_phone)
      issue("alt_phone", "This is the same number as the first phone");
    if (v.email && v.alt_email && v.email === v.alt_email)
      issue("alt_email", "This is the same address as the first e-mail");
    if (v.consent_status !== "unknown" && !v.consent_source)
      issue("consent_source", "Say how the consent was given or withdrawn");
    if (v.marketing_consent && v.consent_status === "withdrawn")
      issue("marketing_consent", "Consent was withdrawn: no marketing messages");
  });
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormOutput = z.output<typeof contactFormSchema>;

/** The form's values for a contact as loaded, or a blank one owned by `ownerId`. */
export function contactFormValues(row: ContactRow | null, ownerId: string | null = null): ContactFormInput {
  return {
    kind: row?.kind ?? "person",
    first_name: row?.first_name ?? "",
    last_name: row?.last_name ?? "",
    company_name: row?.company_name ?? "",
    job_title: row?.job_title ?? "",
    type: row?.type ?? "lead",
    stage: row?.stage ?? "lead",
    source: row?.source ?? "",
    tags: (row?.tags ?? []).join(", "),
    phone: row?.phone ?? "",
    alt_phone: row?.alt_phone ?? "",
    email: row?.email ?? "",
    alt_email: row?.alt_email ?? "",
    city: row?.city ?? "",
    neighbourhood: row?.neighbourhood ?? "",
    address: row?.address ?? "",
    ghana_post_gps: row?.ghana_post_gps ?? "",
    website: row?.website ?? "",
    industry: row?.industry ?? "",
    tin: row?.tin ?? "",
    notes: row?.notes ?? "",
    consent_status: row?.consent_status ?? "unknown",
    consent_source: row?.consent_source ?? "",
    consent_note: row?.consent_note ?? "",
    marketing_consent: row?.marketing_consent ?? false,
    owner_id: row?.owner_id ?? ownerId ?? "",
    assignee_id: row?.assignee_id ?? "",
  };
}

/** Check constraints whose names do not follow `<table>_<column>_check`. */
export const CONTACT_CONSTRAINTS: Record<string, ConstraintHint> = {
  contacts_person_named: { field: "first_name", message: "Enter the person's first name" },
  contacts_company_named: { field: "company_name", message: "Enter the company's name" },
  contacts_consent_dated: { field: "consent_status", message: "Consent needs the time it was recorded" },
};
