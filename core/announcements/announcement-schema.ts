/**
 * Announcements: internal notices written by admins for an audience (everyone,
 * admins or staff), optionally pinned and with an expiry; the body is markdown (rendered by the
 * sanitising renderer the public blog uses). The row, the form (what is typed in, the columns
 * out, a message per field) and the audience rule the database applies again in its policies.
 */
import { z } from "zod";
import { wallTimeToUtc } from "../calendar/calendar.ts";
import type { ConstraintHint } from "../records/db-errors.ts";

export const ANNOUNCEMENT_AUDIENCES = ["everyone", "admins", "staff"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  everyone: "Everyone",
  admins: "Admins",
  staff: "Staff",
};

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 20_000;

/** Whether a back-office role is in the audience (admins also see every notice: they manage them). */
export function audienceIncludes(audience: AnnouncementAudience, role: string | null | undefined): boolean {
  if (role !== "admin" && role !== "staff") return false;
  return audience === "everyone" || (audience === "admins" ? role === "admin" : role === "staff");
}

/** Still shown to its audience: no expiry, or an expiry in the future. */
export function isLive(row: { expires_at: string | null }, now: Date = new Date()): boolean {
  return row.expires_at === null || Date.parse(row.expires_at) > now.getTime();
}

/** Pinned first, then newest first (the order of the list and of the dashboard). */
export function announcementOrder(
  a: { pinned: boolean; created_at: string },
  b: { pinned: boolean; created_at: string },
): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return Date.parse(b.created_at) - Date.parse(a.created_at);
}

export const announcementRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  pinned: z.boolean(),
  expires_at: z.string().nullable(),
  author_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AnnouncementRow = z.infer<typeof announcementRowSchema>;
export const ANNOUNCEMENT_ROW_COLUMNS = Object.keys(announcementRowSchema.shape).join(", ");

export const announcementReadSchema = z.object({
  announcement_id: z.string(),
  user_id: z.string(),
  read_at: z.string(),
});
export type AnnouncementRead = z.infer<typeof announcementReadSchema>;

export const ANNOUNCEMENT_FIELD_LABELS = {
  title: "Title",
  body: "Message",
  audience: "Audience",
  pinned: "Pin to the top",
  expires_at: "Expires",
} as const;

/**
 * The form: `expires_at` is a datetime-local value in Africa/Accra ("" = never expires), which
 * must lie ahead — unless it is the saved expiry of the notice being edited, left as it was.
 */
export function announcementFormSchema(options: { now?: () => Date; savedExpiresAt?: string | null } = {}) {
  const now = options.now ?? (() => new Date());
  return z.object({
    title: z
      .string()
      .trim()
      .min(1, "Give the announcement a title")
      .max(ANNOUNCEMENT_TITLE_MAX, `Keep the title under ${ANNOUNCEMENT_TITLE_MAX} characters`),
    body: z
      .string()
      .trim()
      .min(1, "Write the message")
      .max(
        ANNOUNCEMENT_BODY_MAX,
        `Keep the message under ${ANNOUNCEMENT_BODY_MAX.toLocaleString("en-GB")} characters`,
      ),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: "Choose who should see it" }),
    pinned: z.boolean(),
    expires_at: z.string().transform((v, ctx): string | null => {
      if (v.trim() === "") return null;
      const iso = wallTimeToUtc(v);
      if (!iso) {
        ctx.addIssue({ code: "custom", message: "Enter a date and time" });
        return z.NEVER;
      }
      const unchanged = !!options.savedExpiresAt && Date.parse(options.savedExpiresAt) === Date.parse(iso);
      if (!unchanged && Date.parse(iso) <= now().getTime()) {
        ctx.addIssue({ code: "custom", message: "The expiry must be in the future" });
        return z.NEVER;
      }
      return iso;
    }),
  });
}
export type AnnouncementFormInput = z.input<ReturnType<typeof announcementFormSchema>>;
export type AnnouncementFormOutput = z.output<ReturnType<typeof announcementFormSchema>>;

/** The table's check constraints → the form's fields. */
export const ANNOUNCEMENT_CONSTRAINTS: Record<string, ConstraintHint> = {
  announcements_title_check: {
    field: "title",
    message: "Give the announcement a title (up to 200 characters).",
  },
  announcements_body_check: { field: "body", message: "Write the message (up to 20,000 characters)." },
  announcements_audience_check: { field: "audience", message: "Choose everyone, admins or staff." },
};
