/**
 * Replies from templates with merge fields: `{{first_name}}` and friends are
 * filled from the submission, the staff member and the company, the same way for an e-mail and
 * for a WhatsApp message. A field the record cannot fill stays visible as `[first_name?]` and is
 * reported, so nobody sends "Dear ," by mistake.
 */
import { COMPANY } from "../constants.ts";

export const MERGE_FIELDS = {
  first_name: "Visitor's first name",
  full_name: "Visitor's full name",
  email: "Visitor's e-mail",
  phone: "Visitor's phone",
  agent_name: "Your name",
  agent_first_name: "Your first name",
  company_name: "Company name",
  company_phone: "Company phone",
  service: "Service (consultations)",
  date: "Appointment date",
  time: "Appointment time",
  property: "Listing title (bookings, contact)",
  subject: "Subject (contact)",
  locations: "Wanted places (requests)",
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export type MergeValues = Partial<Record<MergeField, string | null | undefined>>;

const FIELD = /\{\{\s*([a-z_]+)\s*\}\}/g;

export interface Merged {
  text: string;
  /** Fields used in the template that had no value (or are unknown). */
  missing: string[];
}

/** Fills `{{field}}` placeholders; unknown or empty ones become `[field?]` and are listed. */
export function mergeTemplate(template: string, values: MergeValues): Merged {
  const missing = new Set<string>();
  const text = template.replace(FIELD, (_, name: string) => {
    const v = name in MERGE_FIELDS ? values[name as MergeField] : undefined;
    if (v === null || v === undefined || v.trim() === "") {
      missing.add(name);
      return `[${name}?]`;
    }
    return v;
  });
  return { text, missing: [...missing] };
}

/** The company's own merge values (every template may use them). */
export function companyValues(): MergeValues {
  return { company_name: COMPANY.name, company_phone: COMPANY.phone };
}

/**
 * WhatsApp click-to-chat with a prefilled message (wa.me): the number in international digits
 * without "+" (a Ghana number "024 412 3456" becomes 233244123456). Null when there is no usable number.
 */
export function whatsappLink(phone: string | null | undefined, text: string): string | null {
  if (!phone) return null;
  let digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  else if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0") && digits.length === 10) digits = `233${digits.slice(1)}`;
  if (!/^[1-9]\d{7,14}$/.test(digits)) return null;
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
