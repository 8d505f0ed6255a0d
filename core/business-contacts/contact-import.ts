/**
 * CSV import of business contacts: which column holds what (guessed from the
 * headers, changed by the user), each row read and checked with the same rules as the contact
 * form (so the preview shows every row's problems before anything is sent), rows that repeat a
 * phone or e-mail of an earlier row refused, and the payload of public.import_contacts — which
 * writes every row or none.
 */
import { z } from "zod";
import {
  CONSENT_STATUSES,
  CONTACT_KINDS,
  CONTACT_SOURCE_LABELS,
  CONTACT_SOURCES,
  CONTACT_STAGE_LABELS,
  CONTACT_STAGES,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  optionalEmail,
  optionalPhone,
  parseTags,
  type ConsentStatus,
  type ContactKind,
  type ContactSource,
  type ContactStage,
  type ContactType,
} from "./contact-schema.ts";

/** The import's limit per file (the RPC's too). */
export const IMPORT_MAX_ROWS = 5000;

export const IMPORT_FIELDS = {
  full_name: { label: "Full name", aliases: ["name", "full name", "contact name", "contact"] },
  first_name: { label: "First name", aliases: ["first name", "firstname", "given name", "forename"] },
  last_name: { label: "Last name", aliases: ["last name", "lastname", "surname", "family name"] },
  company_name: {
    label: "Company",
    aliases: ["company", "company name", "organisation", "organization", "business"],
  },
  job_title: { label: "Job title", aliases: ["job title", "title", "position", "role"] },
  type: { label: "Type", aliases: ["type", "contact type", "category"] },
  stage: { label: "Stage", aliases: ["stage", "status", "lifecycle stage"] },
  source: { label: "Source", aliases: ["source", "lead source", "channel"] },
  tags: { label: "Tags", aliases: ["tags", "labels", "groups"] },
  phone: {
    label: "Phone",
    aliases: ["phone", "phone number", "mobile", "mobile number", "telephone", "tel", "cell", "whatsapp"],
  },
  alt_phone: {
    label: "Second phone",
    aliases: ["second phone", "other phone", "phone 2", "alt phone", "work phone", "home phone"],
  },
  email: { label: "E-mail", aliases: ["email", "e-mail", "email address", "e-mail address", "mail"] },
  alt_email: { label: "Second e-mail", aliases: ["second email", "other email", "email 2", "work email"] },
  city: { label: "City or town", aliases: ["city", "town", "city or town", "location"] },
  neighbourhood: { label: "Area", aliases: ["area", "neighbourhood", "neighborhood", "suburb", "district"] },
  address: { label: "Address", aliases: ["address", "street", "street address", "postal address"] },
  notes: { label: "Notes", aliases: ["notes", "note", "comments", "comment", "remarks"] },
  consent: {
    label: "Consent (Act 843)",
    aliases: ["consent", "consent given", "gdpr consent", "data consent"],
  },
  marketing_consent: {
    label: "Marketing consent",
    aliases: ["marketing consent", "marketing", "newsletter", "opt in", "opt-in", "subscribed"],
  },
} as const;
export type ImportField = keyof typeof IMPORT_FIELDS;
export const IMPORT_FIELD_KEYS = Object.keys(IMPORT_FIELDS) as ImportField[];

/** Column index → field ("" = not imported). */
export type ColumnMapping = (ImportField | "")[];

const norm = (s: string) => s.toLowerCase().replace(/[_.]+/g, " ").replace(/\s+/g, " ").trim();

/** The field each header most likely holds; each field used once, the first column wins. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const used = new Set<ImportField>();
  return headers.map((h) => {
    const n = norm(h);
    const field = IMPORT_FIELD_KEYS.find(
      (f) =>
        !used.has(f) &&
        (norm(IMPORT_FIELDS[f].label) === n || (IMPORT_FIELDS[f].aliases as readonly string[]).includes(n)),
    );
    if (!field) return "";
    used.add(field);
    return field;
  });
}

/** Problems with the mapping itself (before any row is read). */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  const count = (f: ImportField) => mapping.filter((m) => m === f).length;
  for (const f of IMPORT_FIELD_KEYS)
    if (count(f) > 1) problems.push(`Two columns are mapped to ${IMPORT_FIELDS[f].label}: choose one.`);
  const has = (f: ImportField) => count(f) > 0;
  if (!has("full_name") && !has("first_name") && !has("company_name"))
    problems.push("Map a column to Full name, First name or Company: every contact needs a name.");
  if (!has("phone") && !has("email"))
    problems.push("Map a column to Phone or E-mail: they are how duplicates are found.");
  return problems;
}

/** A label or code as people write it ("Past client", "past_client", "walk-in") → the code. */
function fromLabel<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  text: string,
): T | null | undefined {
  const n = norm(text).replace(/-/g, " ");
  if (n === "") return null;
  return values.find((v) => norm(v) === n || norm(labels[v]).replace(/-/g, " ") === n);
}

const YES = ["yes", "y", "true", "1", "given", "agreed", "opted in", "opt in", "subscribed"];
const NO = ["no", "n", "false", "0", "withdrawn", "refused", "opted out", "opt out", "unsubscribed"];

/** The values of one mapped row, as import_contacts takes them. */
export interface ImportRowValues {
  kind: ContactKind;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  job_title: string | null;
  type: ContactType;
  stage: ContactStage;
  source: ContactSource;
  tags: string[];
  phone: string | null;
  alt_phone: string | null;
  email: string | null;
  alt_email: string | null;
  city: string | null;
  neighbourhood: string | null;
  address: string | null;
  notes: string | null;
  consent_status: ConsentStatus;
  marketing_consent: boolean;
}

export interface CheckedRow {
  /** 1-based data row number (the file's line is number + 1). */
  number: number;
  values: ImportRowValues | null;
  errors: string[];
}

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is limited to ${max} characters`)
    .transform((s) => s || null);
const phoneOf = optionalPhone("Phone");
const altPhoneOf = optionalPhone("Second phone");
const emailOf = optionalEmail("E-mail");
const altEmailOf = optionalEmail("Second e-mail");

/** One row: cells by the mapping → values, or the reasons it cannot be imported. */
export function checkRow(cells: readonly string[], mapping: ColumnMapping, number: number): CheckedRow {
  const get = (f: ImportField) => {
    const i = mapping.indexOf(f);
    return i >= 0 ? (cells[i] ?? "").trim() : "";
  };
  const errors: string[] = [];
  const take = <T>(schema: z.ZodType<T, string>, value: string): T | null => {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    errors.push(r.error.issues[0]?.message ?? "Not valid");
    return null;
  };

  let first = take(text(100, "First name"), get("first_name"));
  let last = take(text(100, "Last name"), get("last_name"));
  const full = get("full_name").replace(/\s+/g, " ");
  if (full && !first && !last) {
    const parts = full.split(" ");
    first = parts.length > 1 ? parts.slice(0, -1).join(" ") : parts[0]!;
    last = parts.length > 1 ? parts.at(-1)! : null;
    if (first.length > 100) errors.push("First name is limited to 100 characters");
  }
  const company = take(text(200, "Company"), get("company_name"));
  const kind: ContactKind = !first && !last && company ? "company" : "person";
  if (!first && !company) errors.push("No name: every contact needs a name or a company");

  const type = get("type") ? fromLabel(CONTACT_TYPES, CONTACT_TYPE_LABELS, get("type")) : null;
  if (type === undefined)
    errors.push(
      `Type "${get("type")}" is not one of ${CONTACT_TYPES.map((t) => CONTACT_TYPE_LABELS[t]).join(", ")}`,
    );
  const stage = get("stage") ? fromLabel(CONTACT_STAGES, CONTACT_STAGE_LABELS, get("stage")) : null;
  if (stage === undefined)
    errors.push(
      `Stage "${get("stage")}" is not one of ${CONTACT_STAGES.map((s) => CONTACT_STAGE_LABELS[s]).join(", ")}`,
    );
  const source = get("source") ? fromLabel(CONTACT_SOURCES, CONTACT_SOURCE_LABELS, get("source")) : null;
  if (source === undefined)
    errors.push(
      `Source "${get("source")}" is not one of ${CONTACT_SOURCES.map((s) => CONTACT_SOURCE_LABELS[s]).join(", ")}`,
    );

  const tags = parseTags(get("tags"));
  if (tags.length > 30) errors.push("At most 30 tags");
  if (tags.some((t) => t.length > 40)) errors.push("Keep each tag under 40 characters");

  const phone = take(phoneOf, get("phone"));
  const altPhone = take(altPhoneOf, get("alt_phone"));
  const email = take(emailOf, get("email"));
  const altEmail = take(altEmailOf, get("alt_email"));
  if (!get("phone") && !get("email"))
    errors.push("No phone and no e-mail: add one so the contact can be reached");

  const yesNo = (f: ImportField, label: string): boolean | null => {
    const v = norm(get(f));
    if (v === "") return null;
    if (YES.includes(v)) return true;
    if (NO.includes(v)) return false;
    errors.push(`${label} "${get(f)}": write yes or no`);
    return null;
  };
  const consent = yesNo("consent", "Consent");
  const marketing = yesNo("marketing_consent", "Marketing consent");
  const consentStatus: ConsentStatus =
    consent === true ? "given" : consent === false ? "withdrawn" : "unknown";
  if (marketing && consentStatus === "withdrawn")
    errors.push("Consent withdrawn but marketing consent given: choose one");

  const city = take(text(120, "City"), get("city"));
  const neighbourhood = take(text(120, "Area"), get("neighbourhood"));
  const address = take(text(300, "Address"), get("address"));
  const jobTitle = take(text(120, "Job title"), get("job_title"));
  const notes = take(text(10_000, "Notes"), get("notes"));

  if (errors.length) return { number, values: null, errors };
  return {
    number,
    errors,
    values: {
      kind,
      first_name: kind === "person" ? first : null,
      last_name: kind === "person" ? last : null,
      company_name: company,
      job_title: jobTitle,
      type: type ?? "lead",
      stage: stage ?? "lead",
      source: source ?? "import",
      tags,
      phone,
      alt_phone: altPhone === phone ? null : altPhone,
      email,
      alt_email: altEmail === email ? null : altEmail,
      city,
      neighbourhood,
      address,
      notes,
      consent_status: consentStatus,
      marketing_consent: marketing ?? false,
    },
  };
}

/** Every row checked, and a later row that repeats an earlier row's phone or e-mail refused. */
export function checkRows(rows: readonly (readonly string[])[], mapping: ColumnMapping): CheckedRow[] {
  const seenPhone = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  return rows.map((cells, i) => {
    const row = checkRow(cells, mapping, i + 1);
    if (!row.values) return row;
    const v = row.values;
    for (const p of [v.phone, v.alt_phone]) {
      if (!p) continue;
      const earlier = seenPhone.get(p);
      if (earlier !== undefined) row.errors.push(`Same phone as row ${earlier}: keep one of the two rows`);
      else seenPhone.set(p, row.number);
    }
    for (const e of [v.email, v.alt_email]) {
      if (!e) continue;
      const earlier = seenEmail.get(e);
      if (earlier !== undefined) row.errors.push(`Same e-mail as row ${earlier}: keep one of the two rows`);
      else seenEmail.set(e, row.number);
    }
    return row.errors.length ? { ...row, values: null } : row;
  });
}

/** What to do with a row that matches an existing contact. */
export type DuplicateAction =
  | { action: "create" }
  | { action: "skip" }
  | { action: "merge"; contactId: string };

/**
 * The payload of public.import_contacts — clean rows, with merge targets, skipped rows left out —
 * and the file row number of each payload row (the RPC names payload positions).
 */
export function importPayload(
  rows: readonly CheckedRow[],
  actions: ReadonlyMap<number, DuplicateAction>,
): { payload: Array<ImportRowValues & { merge_into?: string }>; numbers: number[] } {
  const payload: Array<ImportRowValues & { merge_into?: string }> = [];
  const numbers: number[] = [];
  for (const r of rows) {
    if (!r.values) continue;
    const a = actions.get(r.number) ?? { action: "create" };
    if (a.action === "skip") continue;
    payload.push(a.action === "merge" ? { ...r.values, merge_into: a.contactId } : r.values);
    numbers.push(r.number);
  }
  return { payload, numbers };
}

/** The import RPC's refusal detail: [{row, message}] (row = position in the payload, 1-based). */
export const importProblemsSchema = z.array(z.object({ row: z.number(), message: z.string() }));

/** Kinds, for tests and the sample file. */
export const IMPORT_KINDS = CONTACT_KINDS;
export const IMPORT_CONSENT = CONSENT_STATUSES;
