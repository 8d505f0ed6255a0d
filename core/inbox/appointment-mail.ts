/**
 * The e-mails a visitor gets about an appointment: request received, confirmed
 * (with an .ics), moved to a new time (the .ics updates the same calendar entry), declined,
 * cancelled (the .ics removes it), and the reminder a day before. Pure: the edge worker's
 * appointment-mail job gives it the appointment as the database returns it and the signed link.
 */
import { COMPANY } from "../constants.ts";
import { icsCalendar, ICS_CONTENT_TYPE } from "./ics.ts";
import { MEETING_MODE_LABELS, type MeetingMode } from "../form-fields.ts";

export const NOTICE_KINDS = [
  "received",
  "confirmed",
  "rescheduled",
  "declined",
  "cancelled",
  "reminder",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The appointment as claim_appointment_notices() returns it (only what the mail uses). */
export interface NoticeAppointment {
  id: string;
  status: string;
  starts_at: string;
  ends_at: string;
  full_name: string;
  email: string;
  phone: string | null;
  service?: string | null;
  meeting_mode?: string | null;
  property_slug?: string | null;
  property_title?: string | null;
  property_address?: string | null;
  event_type_name?: string | null;
  host_name?: string | null;
  host_email?: string | null;
  host_phone?: string | null;
  ics_sequence: number;
}

export interface RenderedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: Array<{ filename: string; content_type: string; content: string }>;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "Tuesday 8 December 2026 at 10:00" in Accra (UTC+0, no daylight saving). */
export function accraDateTimeText(iso: string): string {
  const d = new Date(iso);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} at ${d.toISOString().slice(11, 16)}`;
}

function escape(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

const firstName = (full: string) => full.trim().split(/\s+/)[0] ?? full;
const serviceName = (slug: string | null | undefined) =>
  slug ? slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()) : null;

/** "your property valuation consultation" / "your viewing of 3-bedroom house, Spintex". */
export function appointmentNoun(inbox: "consultations" | "bookings", a: NoticeAppointment): string {
  if (inbox === "bookings") return a.property_title ? `viewing of ${a.property_title}` : "property viewing";
  const type = a.event_type_name && a.event_type_name !== "Consultation" ? a.event_type_name : null;
  return (type ?? `${serviceName(a.service) ?? "consultation"} consultation`)
    .replace(/ consultation consultation$/i, " consultation")
    .toLowerCase();
}

/** Where (or how) the appointment happens. */
export function whereText(inbox: "consultations" | "bookings", a: NoticeAppointment): string {
  if (inbox === "bookings")
    return a.property_address
      ? `At the property: ${a.property_address}`
      : "At the property (your agent sends the GhanaPost GPS address)";
  switch (a.meeting_mode as MeetingMode | null | undefined) {
    case "phone":
      return `By phone: ${a.host_name ?? "your adviser"} calls you on ${a.phone ?? "your number"}`;
    case "video":
      return "By video call: your adviser sends the link before the meeting";
    case "whatsapp":
      return `WhatsApp call to ${a.phone ?? "your number"}`;
    default:
      return `${MEETING_MODE_LABELS.in_person}: ${COMPANY.address}`;
  }
}

export interface RenderInput {
  kind: NoticeKind;
  inbox: "consultations" | "bookings";
  appointment: NoticeAppointment;
  /** The signed manage link (reschedule or cancel), for kinds that offer it. */
  manageLink: string | null;
  /** Where to book again (the consultation or bookings host). */
  bookAgainUrl: string;
  now: Date;
}

/** The mail for one notice, or null when there is nothing to say (no address). */
export function renderAppointmentMail(input: RenderInput): RenderedMail | null {
  const { kind, inbox, appointment: a } = input;
  if (!a.email) return null;
  const noun = appointmentNoun(inbox, a);
  const when = accraDateTimeText(a.starts_at);
  const where = whereText(inbox, a);
  const host = a.host_name ? ` with ${a.host_name}` : "";
  const lines: string[] = [];
  let subject: string;
  let ics: "CONFIRMED" | "TENTATIVE" | "CANCELLED" | null = null;
  let offerLink = true;
  switch (kind) {
    case "received":
      subject = `We have your request: ${noun}, ${when}`;
      lines.push(
        `Thank you for booking your ${noun} on ${when} (Accra time, GMT)${host}.`,
        "We will confirm it shortly by e-mail.",
      );
      break;
    case "confirmed":
      subject = `Confirmed: ${noun}, ${when}`;
      lines.push(
        `Your ${noun} on ${when} (Accra time, GMT)${host} is confirmed.`,
        "The attached calendar file adds it to your calendar.",
      );
      ics = "CONFIRMED";
      break;
    case "rescheduled":
      subject = `New time: ${noun}, ${when}`;
      lines.push(
        `Your ${noun} has moved to ${when} (Accra time, GMT)${host}.`,
        "The attached calendar file updates the entry in your calendar.",
      );
      ics = a.status === "confirmed" ? "CONFIRMED" : "TENTATIVE";
      break;
    case "declined":
      subject = `We cannot make ${when}: ${noun}`;
      lines.push(
        `We are sorry: we cannot meet you on ${when} for your ${noun}.`,
        `Please choose another time: ${input.bookAgainUrl}`,
      );
      offerLink = false;
      break;
    case "cancelled":
      subject = `Cancelled: ${noun}, ${when}`;
      lines.push(
        `Your ${noun} on ${when} is cancelled.`,
        `You are welcome to book again at any time: ${input.bookAgainUrl}`,
      );
      ics = "CANCELLED";
      offerLink = false;
      break;
    case "reminder":
      subject = `Reminder: ${noun} tomorrow, ${when}`;
      lines.push(`A reminder of your ${noun} on ${when} (Accra time, GMT)${host}.`);
      break;
  }
  const link = offerLink ? input.manageLink : null;
  const details = [
    where,
    ...(a.host_phone && inbox === "bookings"
      ? [`Your agent: ${a.host_name ?? ""} ${a.host_phone}`.trim()]
      : []),
  ];
  const greeting = `Dear ${firstName(a.full_name)},`;
  const sign = [`${COMPANY.name}`, `${COMPANY.phone} · WhatsApp +${COMPANY.whatsappE164}`];
  const text = [
    greeting,
    "",
    ...lines,
    "",
    ...details,
    ...(link
      ? [
          "",
          `To reschedule or cancel (no account needed): ${link}`,
          "The link works once and until the appointment starts.",
        ]
      : []),
    "",
    ...sign,
  ].join("\n");
  const html = [
    `<p>${escape(greeting)}</p>`,
    ...lines.map((l) => `<p>${escape(l)}</p>`),
    `<p><strong>${escape(when)}</strong> (Accra time, GMT)<br>${details.map(escape).join("<br>")}</p>`,
    ...(link
      ? [
          `<p><a href="${escape(link)}">Reschedule or cancel</a> — no account needed. The link works once and until the appointment starts.</p>`,
        ]
      : []),
    `<p>${sign.map(escape).join("<br>")}</p>`,
  ].join("\n");

  const attachments: RenderedMail["attachments"] = [];
  if (ics) {
    const body = icsCalendar({
      uid: `${inbox}-${a.id}@ghanarealty`,
      sequence: a.ics_sequence,
      start: new Date(a.starts_at),
      end: new Date(a.ends_at),
      stamp: input.now,
      summary:
        inbox === "bookings"
          ? `Viewing: ${a.property_title ?? "property"} (${COMPANY.name})`
          : `${noun.replace(/^./, (c) => c.toUpperCase())} (${COMPANY.name})`,
      description: [...lines, where, ...(link ? [`Reschedule or cancel: ${link}`] : [])].join("\n"),
      location:
        inbox === "bookings"
          ? (a.property_address ?? undefined)
          : a.meeting_mode === "in_person" || !a.meeting_mode
            ? COMPANY.address
            : undefined,
      ...(link ? { url: link } : {}),
      status: ics,
    });
    attachments.push({
      filename: `${inbox === "bookings" ? "viewing" : "consultation"}.ics`,
      content_type: ICS_CONTENT_TYPE,
      content: base64Utf8(body),
    });
  }
  return { to: a.email, subject, html, text, attachments };
}

/** Base64 of a string's UTF-8 bytes (btoa alone takes Latin-1 only). */
export function base64Utf8(s: string): string {
  let bin = "";
  for (const b of new TextEncoder().encode(s)) bin += String.fromCharCode(b);
  return btoa(bin);
}
