/**
 * user_settings: notification switches and display formats. The form, the loader and
 * the formatting module all parse through these schemas.
 */
import { z } from "zod";
import { DEFAULT_USER_SETTINGS } from "../constants.ts";

export const CURRENCIES = ["GHS", "USD"] as const;
export const DATE_FORMATS = ["dd/mm/yyyy", "mm/dd/yyyy", "yyyy-mm-dd"] as const;
export const TIME_FORMATS = ["24h", "12h"] as const;
/** Only English is translated today; the column allows more later. */
export const LANGUAGES = [{ code: "en", label: "English" }] as const;

export const NOTIFICATION_FIELDS = [
  "email_deals",
  "email_clients",
  "email_marketing",
  "push_deals",
  "push_clients",
  "push_marketing",
  "push_team_messages",
  "sms_reminders",
] as const;
export type NotificationField = (typeof NOTIFICATION_FIELDS)[number];

/** An IANA zone the runtime knows ("Africa/Accra", "UTC"). */
export function isValidTimeZone(tz: string): boolean {
  if (tz === "") return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const settingsFormSchema = z.object({
  email_deals: z.boolean(),
  email_clients: z.boolean(),
  email_marketing: z.boolean(),
  push_deals: z.boolean(),
  push_clients: z.boolean(),
  push_marketing: z.boolean(),
  push_team_messages: z.boolean(),
  sms_reminders: z.boolean(),
  currency: z.enum(CURRENCIES),
  date_format: z.enum(DATE_FORMATS),
  time_format: z.enum(TIME_FORMATS),
  language: z.enum(LANGUAGES.map((l) => l.code) as ["en"]),
  timezone: z.string().refine(isValidTimeZone, "Choose a valid time zone"),
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;

/**
 * A row as stored. Lenient on read: an unknown currency or format from an older client falls
 * back to the default rather than breaking the page.
 */
export const userSettingsRowSchema = z.object({
  user_id: z.string(),
  email_deals: z.boolean().catch(DEFAULT_USER_SETTINGS.email_deals),
  email_clients: z.boolean().catch(DEFAULT_USER_SETTINGS.email_clients),
  email_marketing: z.boolean().catch(DEFAULT_USER_SETTINGS.email_marketing),
  push_deals: z.boolean().catch(DEFAULT_USER_SETTINGS.push_deals),
  push_clients: z.boolean().catch(DEFAULT_USER_SETTINGS.push_clients),
  push_marketing: z.boolean().catch(DEFAULT_USER_SETTINGS.push_marketing),
  push_team_messages: z.boolean().catch(DEFAULT_USER_SETTINGS.push_team_messages),
  sms_reminders: z.boolean().catch(DEFAULT_USER_SETTINGS.sms_reminders),
  currency: z.enum(CURRENCIES).catch(DEFAULT_USER_SETTINGS.currency),
  date_format: z.enum(DATE_FORMATS).catch(DEFAULT_USER_SETTINGS.date_format),
  time_format: z.enum(TIME_FORMATS).catch(DEFAULT_USER_SETTINGS.time_format),
  language: z.enum(["en"]).catch(DEFAULT_USER_SETTINGS.language),
  timezone: z.string().refine(isValidTimeZone).catch(DEFAULT_USER_SETTINGS.timezone),
});
export type UserSettingsRow = z.infer<typeof userSettingsRowSchema>;

export const USER_SETTINGS_COLUMNS = ["user_id", ...Object.keys(DEFAULT_USER_SETTINGS)].join(", ");

/** The defaults as a form value (typed by the schema). */
export const DEFAULT_SETTINGS_FORM: SettingsForm = settingsFormSchema.parse(DEFAULT_USER_SETTINGS);

export const profileFormSchema = z.object({
  first_name: z.string().trim().max(80, "At most 80 characters"),
  last_name: z.string().trim().max(80, "At most 80 characters"),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** Checks an avatar file before upload; returns a user-facing message or null. */
export function avatarProblem(file: { size: number; type: string }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return "Choose a PNG, JPEG, WebP or GIF image";
  if (file.size > AVATAR_MAX_BYTES) return "The image must be 2 MB or smaller";
  return null;
}

/** `<user_id>/avatar-<timestamp>.<ext>`: the first folder is the owner, as the bucket's policies expect. */
export function avatarPath(userId: string, fileType: string, now: number): string {
  const ext = fileType === "image/jpeg" ? "jpg" : (fileType.split("/")[1] ?? "img");
  return `${userId}/avatar-${now}.${ext}`;
}
