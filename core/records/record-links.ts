/**
 * Where a back-office record opens and what it is called: the in-app path of a record of each
 * table (timelines, history, search results link to it) and the column that names it (history
 * shows "Kofi Mensah", not a uuid). One table, so every screen links a record the same way.
 */

/** In-app path of a record, for the tables whose screens exist. */
const RECORD_PATHS: Readonly<Record<string, (id: string) => string>> = {
  contacts: (id) => `/business-contacts/${id}`,
  deals: (id) => `/deals/${id}`,
  properties: (id) => `/properties-admin/${id}`,
  tasks: (id) => `/tasks?id=${id}`,
  events: (id) => `/events?id=${id}`,
  invoices: (id) => `/invoices-receipts/${id}`,
  payments: (id) => `/payments/${id}`,
  bookings: (id) => `/booking-management?open=${id}`,
  consultations: (id) => `/consultations?open=${id}`,
  contact_submissions: (id) => `/contact-submissions?open=${id}`,
  property_requests: (id) => `/property-requests?open=${id}`,
  property_hunts: (id) => `/property-hunt/${id}`,
  partners: (id) => `/collaboration-management/${id}`,
  blog_posts: (id) => `/admin/blog/edit/${id}`,
  files: (id) => `/files?file=${id}`,
};

export function recordPath(table: string | null | undefined, id: string | null | undefined): string | null {
  if (!table || !id) return null;
  return RECORD_PATHS[table]?.(id) ?? null;
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
