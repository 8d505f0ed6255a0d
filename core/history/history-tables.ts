/**
 * What each audited table's history knows beyond a field's name: its labels (the module's form
 * labels), which fields are enums (their labels from the module's schema), money and its
 * currency column. Read by the record history panel; a table missing here still reads as words
 * (core/history/history-fields.ts).
 */
import {
  CONSENT_SOURCE_LABELS,
  CONSENT_STATUS_LABELS,
  CONTACT_FIELD_LABELS,
  CONTACT_KIND_LABELS,
  CONTACT_SOURCE_LABELS,
  CONTACT_STAGE_LABELS,
  CONTACT_TYPE_LABELS,
} from "../business-contacts/contact-schema.ts";
import { GHANA_NETWORK_LABELS } from "../business-contacts/phone.ts";
import { DEAL_CONTACT_ROLE_LABELS, DEAL_FIELD_LABELS, DEAL_STATUS_LABELS } from "../deals/deal-schema.ts";
import { EVENT_FIELD_LABELS, EVENT_KIND_LABELS, EVENT_RESPONSE_LABELS } from "../events/event-schema.ts";
import { MEETING_MODE_LABELS, REQUEST_TIMELINE_LABELS } from "../form-fields.ts";
import { INBOXES, type InboxId } from "../inbox/inbox-model.ts";
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUS_LABELS,
  WITHHOLDING_LABELS,
} from "../invoices-receipts/documents.ts";
import { ENTRY_STATUS_LABELS } from "../finances/finances.ts";
import { MOMO_NETWORK_LABELS, PAYMENT_METHOD_LABELS } from "../payments/payments.ts";
import {
  AGREEMENT_STATUS_LABELS,
  PARTNER_KIND_LABELS,
  PARTNER_STATUS_LABELS,
  REGISTRATION_STATUS_LABELS,
} from "../collaboration-management/partner-schema.ts";
import {
  FURNISHING_LABELS,
  LISTING_TYPE_LABELS,
  PROPERTY_FIELD_LABELS,
  PROPERTY_TYPE_LABELS,
  RENT_PERIOD_LABELS,
  TENURE_LABELS,
} from "../properties/property-fields.ts";
import { PROPERTY_STATUS_LABELS } from "../properties/property-workflow.ts";
import { HUNT_FIELD_LABELS, HUNT_SOURCE_LABELS } from "../property-hunt/hunt-schema.ts";
import { HUNT_STAGE_LABELS } from "../property-hunt/hunt-workflow.ts";
import { POST_FIELD_LABELS } from "../blog/post-schema.ts";
import { POST_STATUS_LABELS } from "../blog/post-workflow.ts";
import { TASK_FIELD_LABELS } from "../tasks/task-schema.ts";
import { TASK_PRIORITY_LABELS, TASK_RECURRENCE_LABELS, TASK_STATUS_LABELS } from "../tasks/task-workflow.ts";
import { humanizeToken, type FieldKind, type HistoryTable } from "./history-fields.ts";

const en = (labels: Readonly<Record<string, string>>): FieldKind => ({ type: "enum", labels });
const money: FieldKind = { type: "money", currencyField: "currency" };

function inbox(
  id: InboxId,
  labels: Readonly<Record<string, string>>,
  fields: Record<string, FieldKind> = {},
) {
  const statuses = Object.fromEntries(Object.entries(INBOXES[id].labels).map(([k, v]) => [k, v.label]));
  return { labels, fields: { status: en(statuses), ...fields } } satisfies HistoryTable;
}
const VISITOR = { full_name: "Name", email: "E-mail", phone: "Phone", message: "Message", status: "Status" };
const APPOINTMENT = {
  ...VISITOR,
  starts_at: "Time",
  duration_minutes: "Duration (minutes)",
  assignee_id: "Host",
  contact_id: "Contact",
  deal_id: "Deal",
  confirmed_at: "Confirmed",
  last_reply_at: "Last reply",
};

export const HISTORY_TABLES: Readonly<Record<string, HistoryTable>> = {
  contacts: {
    labels: CONTACT_FIELD_LABELS,
    fields: {
      kind: en(CONTACT_KIND_LABELS),
      type: en(CONTACT_TYPE_LABELS),
      stage: en(CONTACT_STAGE_LABELS),
      source: en(CONTACT_SOURCE_LABELS),
      consent_status: en(CONSENT_STATUS_LABELS),
      consent_source: en(CONSENT_SOURCE_LABELS),
      phone_network: en(GHANA_NETWORK_LABELS),
    },
  },
  contact_activities: { labels: { summary: "Summary", body: "Details", kind: "Kind", occurred_at: "When" } },
  deals: {
    labels: DEAL_FIELD_LABELS,
    fields: {
      status: en(DEAL_STATUS_LABELS),
      value: money,
      commission_amount: money,
      commission_type: en({ percent: "Percentage", fixed: "Fixed amount" }),
    },
  },
  deal_contacts: {
    labels: { contact_id: "Contact", role: "Role" },
    fields: { role: en(DEAL_CONTACT_ROLE_LABELS) },
  },
  properties: {
    labels: PROPERTY_FIELD_LABELS,
    fields: {
      status: en(PROPERTY_STATUS_LABELS),
      property_type: en(PROPERTY_TYPE_LABELS),
      listing_type: en(LISTING_TYPE_LABELS),
      tenure: en(TENURE_LABELS),
      furnishing: en(FURNISHING_LABELS),
      rent_period: en(RENT_PERIOD_LABELS),
      price: money,
    },
  },
  invoices: {
    labels: {
      number: "Number",
      kind: "Kind",
      status: "Status",
      bill_to_name: "Client",
      bill_to_email: "Client e-mail",
      bill_to_phone: "Client phone",
      bill_to_address: "Client address",
      currency: "Currency",
      issue_date: "Issue date",
      due_date: "Due date",
      subtotal: "Subtotal",
      tax_total: "Taxes",
      total: "Total",
      amount_paid: "Paid",
      amount_credited: "Credited",
      withholding: "Withholding",
      withholding_amount: "Withheld",
      notes: "Notes",
      owner_id: "Owner",
      assignee_id: "Assigned to",
    },
    fields: {
      kind: en(DOCUMENT_KIND_LABELS),
      status: en(DOCUMENT_STATUS_LABELS),
      withholding: en(WITHHOLDING_LABELS),
      subtotal: money,
      tax_total: money,
      total: money,
      amount_paid: money,
      amount_credited: money,
      withholding_amount: money,
    },
  },
  invoice_items: { fields: { unit_price: money, line_total: money, tax_amount: money } },
  payments: {
    labels: {
      number: "Number",
      amount: "Amount",
      method: "Method",
      momo_network: "Network",
      reference: "Reference",
      paid_on: "Paid on",
      payer_name: "Payer",
      account_id: "Account",
    },
    fields: {
      amount: money,
      method: en(PAYMENT_METHOD_LABELS),
      momo_network: en(MOMO_NETWORK_LABELS),
      kind: en({ payment: "Payment", refund: "Refund" }),
    },
  },
  payment_allocations: { labels: { invoice_id: "Invoice", amount: "Amount" }, fields: { amount: money } },
  finance_entries: {
    fields: { amount: money, amount_ghs: { type: "money" }, status: en(ENTRY_STATUS_LABELS) },
  },
  tasks: {
    labels: TASK_FIELD_LABELS,
    fields: {
      status: en(TASK_STATUS_LABELS),
      priority: en(TASK_PRIORITY_LABELS),
      recurrence: en(TASK_RECURRENCE_LABELS),
    },
  },
  events: {
    labels: EVENT_FIELD_LABELS,
    fields: { kind: en(EVENT_KIND_LABELS), status: en({ scheduled: "Scheduled", cancelled: "Cancelled" }) },
  },
  event_attendees: { fields: { response: en(EVENT_RESPONSE_LABELS) } },
  property_hunts: {
    labels: HUNT_FIELD_LABELS,
    fields: {
      stage: en(HUNT_STAGE_LABELS),
      source: en(HUNT_SOURCE_LABELS),
      asking_price: money,
      offer_amount: money,
    },
  },
  blog_posts: { labels: POST_FIELD_LABELS, fields: { status: en(POST_STATUS_LABELS) } },
  partners: { fields: { kind: en(PARTNER_KIND_LABELS), status: en(PARTNER_STATUS_LABELS) } },
  partner_agreements: { fields: { status: en(AGREEMENT_STATUS_LABELS) } },
  partner_buyer_registrations: { fields: { status: en(REGISTRATION_STATUS_LABELS) } },
  bookings: inbox("bookings", { ...APPOINTMENT, attendees: "People", property_id: "Listing" }),
  consultations: inbox(
    "consultations",
    { ...APPOINTMENT, service: "Service", meeting_mode: "How" },
    { meeting_mode: en(MEETING_MODE_LABELS) },
  ),
  contact_submissions: inbox("contact_submissions", {
    ...VISITOR,
    subject: "Subject",
    assignee_id: "Assigned to",
  }),
  property_requests: inbox(
    "property_requests",
    {
      ...VISITOR,
      notes: "Notes",
      budget_min: "Budget from",
      budget_max: "Budget up to",
      assignee_id: "Assigned to",
    },
    { timeline: en(REQUEST_TIMELINE_LABELS), budget_min: money, budget_max: money },
  ),
};

/** An enum value of a table's field by its label ("partially_paid" → "Partially paid"). */
export function enumLabel(table: string, field: string, value: string): string {
  const kind = HISTORY_TABLES[table]?.fields?.[field];
  return (kind?.type === "enum" ? kind.labels[value] : undefined) ?? humanizeToken(value);
}
