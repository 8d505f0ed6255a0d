/**
 * Notifications: which user_settings pair governs a kind, and the row's shape.
 * Mirrors private.notification_category() in the platform migration: deals (deals, invoices,
 * payments), clients (contacts, leads, inbox submissions, bookings, requests, matches),
 * marketing (campaigns), team (chat); anything else is operational and always shown in-app.
 */
import { z } from "zod";
import { currentRecordLink } from "./records/record-links.ts";

export type NotificationCategory = "deals" | "clients" | "marketing" | "team" | "general";

const PREFIXES: Array<[NotificationCategory, string[]]> = [
  ["deals", ["deal", "invoice", "payment"]],
  ["clients", ["contact", "lead", "inbox", "booking", "consultation", "request", "match"]],
  ["marketing", ["campaign", "marketing"]],
  ["team", ["team"]],
];

export function notificationCategory(kind: string): NotificationCategory {
  for (const [category, prefixes] of PREFIXES) if (prefixes.some((p) => kind.startsWith(p))) return category;
  return "general";
}

/** The push_* settings that decide whether a notification toasts live (docs/product.md#user-settings). */
export interface PushSettings {
  push_deals?: boolean | null;
  push_clients?: boolean | null;
  push_marketing?: boolean | null;
  push_team_messages?: boolean | null;
}

/** Toast it live? The row is kept for the bell either way. Defaults: docs/product.md#user-settings. */
export function shouldPush(settings: PushSettings | null | undefined, kind: string): boolean {
  switch (notificationCategory(kind)) {
    case "deals":
      return settings?.push_deals !== false;
    case "clients":
      return settings?.push_clients !== false;
    case "marketing":
      return settings?.push_marketing === true;
    case "team":
      return settings?.push_team_messages !== false;
    case "general":
      return true;
  }
}

export const NOTIFICATION_KIND_PATTERN = /^[a-z][a-z_]{1,39}$/;

/** A notifications row as the bell reads it. */
export const notificationRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  actor_id: z.string().nullable(),
  record_table: z.string().nullable(),
  record_id: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;
export const NOTIFICATION_COLUMNS =
  "id, kind, title, body, link, actor_id, record_table, record_id, read_at, created_at";

/** Only in-app paths are followed (the database refuses others too); an old list link opens the record's page. */
export function safeInAppLink(link: string | null | undefined): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || /[\\\s]/.test(link)) return null;
  return currentRecordLink(link);
}
