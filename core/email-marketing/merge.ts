/**
 * Email marketing's shared rules: the merge fields a template may use and how
 * they are filled — the same as the database's private.email_merge, which renders the mails that
 * go out (so the per-recipient preview shows what the recipient gets) —, the segment filter, and
 * the edge's one-click unsubscribe address.
 */
import { z } from "zod";

export const MERGE_FIELDS = ["first_name", "last_name", "full_name", "city", "email"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export interface MergeRecipient {
  first_name: string | null;
  last_name: string | null;
  city: string | null;
  email: string | null;
}

/** {{field}} → the recipient's value (empty when missing); anything else stays as written. */
export function renderMerge(text: string, r: MergeRecipient): string {
  const values: Record<MergeField, string> = {
    first_name: r.first_name ?? "",
    last_name: r.last_name ?? "",
    full_name: `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim(),
    city: r.city ?? "",
    email: r.email ?? "",
  };
  return MERGE_FIELDS.reduce((out, f) => out.split(`{{${f}}}`).join(values[f]), text);
}

/** Merge fields written in a text that do not exist ({{firstname}}): the editor warns about them. */
export function unknownMergeFields(text: string): string[] {
  const known = new Set<string>(MERGE_FIELDS);
  return [...new Set([...text.matchAll(/\{\{([^}]*)\}\}/g)].map((m) => m[1]!))].filter((f) => !known.has(f));
}

export const CONTACT_STAGES = ["lead", "prospect", "client", "past_client", "lost"] as const;
export const CONTACT_TYPES = ["client", "owner", "landlord", "tenant", "vendor", "partner", "lead"] as const;
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

/** A segment's filter over contacts (each empty list means "any"). */
export const segmentFilterSchema = z.object({
  stages: z.array(z.enum(CONTACT_STAGES)).default([]),
  types: z.array(z.enum(CONTACT_TYPES)).default([]),
  tags: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
  sources: z.array(z.enum(CONTACT_SOURCES)).default([]),
  cities: z.array(z.string().trim().min(1).max(120)).max(30).default([]),
});
export type SegmentFilter = z.output<typeof segmentFilterSchema>;

export const campaignSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Name the campaign (at least 2 characters)")
    .max(120, "A campaign name is limited to 120 characters"),
  subject: z.string().trim().min(1, "Write a subject").max(200, "A subject is limited to 200 characters"),
  body: z
    .string()
    .trim()
    .min(1, "Write the message")
    .max(50_000, "The message is limited to 50,000 characters"),
  list_id: z.string().uuid("Choose a list"),
});

/** The edge's unsubscribe page and one-click endpoint (GET shows one button; POST unsubscribes). */
export const UNSUBSCRIBE_PATH = "/unsubscribe";
