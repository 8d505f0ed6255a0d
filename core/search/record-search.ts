/**
 * The command palette's search over every record kind (public.search_records): the kinds, the
 * module each belongs to (the palette asks only for kinds whose module the user may open), the
 * row schema, and each hit as the palette shows it — a title, a line of facts in the user's
 * formats, and where it opens — grouped by kind, the best-matching group first.
 */
import { z } from "zod";
import { formatPhone } from "../business-contacts/phone.ts";
import { EVENT_KIND_LABELS, type EventKind } from "../events/event-schema.ts";
import { enumLabel } from "../history/history-tables.ts";
import { formatExactMoney } from "../history/history-values.ts";
import { recordPath } from "../records/record-links.ts";
import { serviceName } from "../services.ts";

export const SEARCH_KINDS = [
  "contacts",
  "deals",
  "properties",
  "bookings",
  "consultations",
  "contact_submissions",
  "property_requests",
  "invoices",
  "payments",
  "events",
  "tasks",
  "files",
  "blog_posts",
  "partners",
  "property_hunts",
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  contacts: "Contacts",
  deals: "Deals",
  properties: "Listings",
  bookings: "Viewings",
  consultations: "Consultations",
  contact_submissions: "Messages",
  property_requests: "Property requests",
  invoices: "Invoices and quotes",
  payments: "Payments and receipts",
  events: "Events",
  tasks: "Tasks",
  files: "Files",
  blog_posts: "Blog posts",
  partners: "Partners",
  property_hunts: "Property hunts",
};

/** The back-office module (app/features/<id>) whose screen each kind opens in. */
export const SEARCH_KIND_MODULES: Record<SearchKind, string> = {
  contacts: "business-contacts",
  deals: "deals",
  properties: "properties-admin",
  bookings: "booking-management",
  consultations: "consultations",
  contact_submissions: "contact-submissions",
  property_requests: "property-requests",
  invoices: "invoices-receipts",
  payments: "payments",
  events: "events",
  tasks: "tasks",
  files: "files",
  blog_posts: "blog-admin",
  partners: "collaboration-management",
  property_hunts: "property-hunt",
};

export { SEARCH_MIN_LENGTH } from "./search-term.ts";
/** Hits per kind in the palette. */
export const SEARCH_PER_KIND = 5;

export const searchRowSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  details: z.record(z.string(), z.unknown()),
  rank: z.number().int(),
  updated_at: z.string(),
});
export type SearchRow = z.output<typeof searchRowSchema>;

export interface SearchHitView {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string;
  href: string;
}

export interface SearchFormatters {
  date: (value: string) => string;
  dateTime: (value: string) => string;
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

function facts(row: SearchRow, fmt: SearchFormatters): (string | null)[] {
  const d = row.details;
  const label = (table: string, field: string) => {
    const v = str(d[field]);
    return v && enumLabel(table, field, v);
  };
  const money = (amount: unknown) => formatExactMoney(amount, str(d.currency) ?? "GHS");
  const when = (v: unknown) => (str(v) ? fmt.dateTime(str(v)!) : null);
  switch (row.kind) {
    case "contacts":
      return [label("contacts", "stage"), formatPhone(str(d.phone)), str(d.email)];
    case "deals":
      return [label("deals", "status"), money(d.value), str(d.client)];
    case "properties":
      return [label("properties", "status"), [str(d.neighbourhood), str(d.city)].filter(Boolean).join(", ")];
    case "bookings":
      return ["Viewing", str(d.listing), when(d.starts_at), label("bookings", "status")];
    case "consultations":
      return [serviceName(str(d.service)), when(d.starts_at), label("consultations", "status")];
    case "contact_submissions":
      return [str(d.subject), label("contact_submissions", "status")];
    case "property_requests":
      return [
        d.listing_type === "rent" ? "To rent" : d.listing_type === "sale" ? "To buy" : null,
        Array.isArray(d.locations) ? d.locations.filter((x) => typeof x === "string").join(", ") : null,
        label("property_requests", "status"),
      ];
    case "invoices":
      return [label("invoices", "kind"), label("invoices", "status"), money(d.total)];
    case "payments":
      return [
        d.kind === "refund" ? "Refund" : "Payment",
        money(d.amount),
        str(d.paid_on) && fmt.date(`${d.paid_on}T12:00:00Z`),
      ];
    case "events":
      return [
        EVENT_KIND_LABELS[d.kind as EventKind] ?? null,
        d.all_day === true && str(d.starts_at) ? fmt.date(str(d.starts_at)!) : when(d.starts_at),
        d.status === "cancelled" ? "Cancelled" : null,
      ];
    case "tasks":
      return [label("tasks", "status"), str(d.due_at) ? `due ${fmt.dateTime(str(d.due_at)!)}` : null];
    case "files":
      return [str(d.mime_type) === "application/pdf" ? "PDF" : str(d.mime_type)];
    case "blog_posts":
      return [label("blog_posts", "status")];
    case "partners":
      return [label("partners", "kind"), label("partners", "status"), str(d.city)];
    case "property_hunts":
      return [
        label("property_hunts", "stage"),
        [str(d.neighbourhood), str(d.city)].filter(Boolean).join(", "),
      ];
  }
}

export function searchHitView(row: SearchRow, fmt: SearchFormatters): SearchHitView {
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    subtitle: facts(row, fmt)
      .filter((x): x is string => !!x)
      .join(" · "),
    href: recordPath(row.kind, row.id) ?? "/dashboard",
  };
}

/** Hits grouped by kind: the group holding the best match first, then the kinds' order; best first within. */
export function groupSearchRows(rows: readonly SearchRow[]): { kind: SearchKind; rows: SearchRow[] }[] {
  const groups = new Map<SearchKind, SearchRow[]>();
  for (const r of [...rows].sort((a, b) => a.rank - b.rank || b.updated_at.localeCompare(a.updated_at))) {
    if (!groups.has(r.kind)) groups.set(r.kind, []);
    groups.get(r.kind)!.push(r);
  }
  return [...groups]
    .map(([kind, rows]) => ({ kind, rows }))
    .sort(
      (a, b) =>
        a.rows[0]!.rank - b.rows[0]!.rank || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind),
    );
}
