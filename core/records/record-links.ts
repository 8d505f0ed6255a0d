/**
 * Where a back-office record opens and what it is called: the in-app path of a record of each
 * table (timelines, history, search results link to it) and the column that names it (history
 * shows "Kofi Mensah", not a uuid). One table, so every screen links a record the same way.
 */

/** In-app path of a record, for the tables whose screens exist: its own page wherever it has one. */
const RECORD_PATHS: Readonly<Record<string, (id: string) => string>> = {
  contacts: (id) => `/business-contacts/${id}`,
  deals: (id) => `/deals/${id}`,
  properties: (id) => `/properties-admin/${id}`,
  tasks: (id) => `/tasks/${id}`,
  events: (id) => `/events/${id}`,
  invoices: (id) => `/invoices-receipts/${id}`,
  payments: (id) => `/payments/${id}`,
  bookings: (id) => `/booking-management/${id}`,
  consultations: (id) => `/consultations/${id}`,
  contact_submissions: (id) => `/contact-submissions/${id}`,
  property_requests: (id) => `/property-requests/${id}`,
  property_hunts: (id) => `/property-hunt/${id}`,
  partners: (id) => `/collaboration-management/${id}`,
  blog_posts: (id) => `/admin/blog/edit/${id}`,
  email_campaigns: (id) => `/email-marketing/campaigns/${id}`,
  action_plans: (id) => `/action-plans/${id}`,
  // Files have no page of their own: the file manager opens the file's preview.
  files: (id) => `/files?file=${id}`,
};

/** The tables whose records have a page (SQL's private.record_path names the same ones). */
export const RECORD_PAGE_TABLES: readonly string[] = Object.keys(RECORD_PATHS);

export function recordPath(table: string | null | undefined, id: string | null | undefined): string | null {
  if (!table || !id) return null;
  return RECORD_PATHS[table]?.(encodeURIComponent(id)) ?? null;
}

/**
 * Links written before records had pages opened the list with the record beside it
 * (`/tasks?id=…`, `/consultations?open=…`). Notifications already stored, e-mails already sent
 * and bookmarks still carry them: list path → the query parameter that named the record, and its table.
 */
const LEGACY_LIST_LINKS: Readonly<Record<string, { param: string; table: string }>> = {
  "/tasks": { param: "id", table: "tasks" },
  "/events": { param: "id", table: "events" },
  "/booking-management": { param: "open", table: "bookings" },
  "/consultations": { param: "open", table: "consultations" },
  "/contact-submissions": { param: "open", table: "contact_submissions" },
  "/property-requests": { param: "open", table: "property_requests" },
  "/business-contacts": { param: "open", table: "contacts" },
  "/deals": { param: "open", table: "deals" },
};

/**
 * The record page an old list link (`/tasks?id=…`) stands for; null when the link is not one
 * (an ordinary list address, another path, or an empty id).
 */
export function legacyRecordPath(pathname: string, search: string): string | null {
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  const legacy = LEGACY_LIST_LINKS[path];
  if (!legacy) return null;
  const id = new URLSearchParams(search).get(legacy.param)?.trim();
  return id ? recordPath(legacy.table, id) : null;
}

/** An in-app link as it should open today: an old list link becomes the record's page, any other stays. */
export function currentRecordLink(link: string): string {
  const hash = link.indexOf("#");
  const withoutHash = hash === -1 ? link : link.slice(0, hash);
  const q = withoutHash.indexOf("?");
  if (q === -1) return link;
  return legacyRecordPath(withoutHash.slice(0, q), withoutHash.slice(q)) ?? link;
}

/** Tables whose records history names by a column, with the noun for one that cannot be read. */
export const RECORD_NAME_TABLES = {
  contacts: { column: "display_name", noun: "contact" },
  deals: { column: "title", noun: "deal" },
  properties: { column: "title", noun: "listing" },
  invoices: { column: "number", noun: "document" },
  payments: { column: "number", noun: "payment" },
  partners: { column: "name", noun: "partner" },
  deal_stages: { column: "name", noun: "stage" },
  deal_pipelines: { column: "name", noun: "pipeline" },
  deal_lost_reasons: { column: "label", noun: "reason" },
  events: { column: "title", noun: "event" },
  tasks: { column: "title", noun: "task" },
  file_folders: { column: "name", noun: "folder" },
  booking_event_types: { column: "name", noun: "event type" },
  finance_accounts: { column: "name", noun: "account" },
  partner_buyer_registrations: { column: "buyer_name", noun: "registration" },
} as const satisfies Record<string, { column: string; noun: string }>;
export type RecordNameTable = keyof typeof RECORD_NAME_TABLES;
