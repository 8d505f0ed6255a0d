/**
 * iCalendar (RFC 5545) for the company calendar: one event as a downloadable `.ics`, and a
 * user's events as the subscribable feed that Google and Apple Calendar poll (served by the edge
 * worker). Written by hand because the rules are few and exact: CRLF line ends; lines folded at
 * 75 octets (never inside a UTF-8 character); TEXT values escaped (\\ \; \, \n); times in UTC
 * ("Z"), all-day events as DATE values with an exclusive end; attendees with their PARTSTAT.
 * icalendar.test.ts parses the output with ical.js (Mozilla's RFC 5545 parser) to hold it to the standard.
 */
import { EVENT_KIND_LABELS, type EventKind, type EventResponse, type EventStatus } from "./event-schema.ts";
import { addDays, dayKey } from "../calendar/calendar.ts";

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";
export const ICS_PRODID = "-//Ghana Realty//Back-office calendar//EN";
/** The domain half of every UID ("<event id>@…"), stable across hosts so a re-import updates the same event. */
export const ICS_UID_DOMAIN = "events.ghana-realty";
/** How often subscribers should refetch the feed (RFC 7986 REFRESH-INTERVAL and the older X-PUBLISHED-TTL). */
export const ICS_REFRESH = "PT1H";

const PARTSTAT: Record<EventResponse, string> = {
  pending: "NEEDS-ACTION",
  accepted: "ACCEPTED",
  tentative: "TENTATIVE",
  declined: "DECLINED",
};

export interface IcsPerson {
  name: string;
  email?: string | null;
  /** Used as the address when there is no e-mail (a contact without one). */
  id: string;
}

export interface IcsAttendee extends IcsPerson {
  response: EventResponse;
}

export interface IcsEvent {
  id: string;
  title: string;
  description?: string | null;
  location?: string | null;
  kind: EventKind;
  status: EventStatus;
  starts_at: string;
  ends_at: string;
  all_day: boolean;
  created_at: string;
  updated_at: string;
  /** A link back to the event in the back-office. */
  url?: string | null;
  organizer?: IcsPerson | null;
  attendees?: readonly IcsAttendee[];
}

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A parameter value (e.g. CN): quoted, without the characters a quoted value may not hold. */
function paramValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, "").replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "")}"`;
}

/** UTC date-time "20261126T140000Z". */
export function icsDateTime(iso: string | Date): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const icsDate = (day: string) => day.replace(/-/g, "");

const encoder = new TextEncoder();

/** Folds one content line at 75 octets (continuation lines start with a space), never splitting a character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; continuations 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function address(p: IcsPerson): string {
  return p.email ? `mailto:${p.email}` : `urn:uuid:${p.id}`;
}

function eventLines(e: IcsEvent, stamp: Date): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${e.id}@${ICS_UID_DOMAIN}`, `DTSTAMP:${icsDateTime(stamp)}`];
  if (e.all_day) {
    // Whole days in Africa/Accra; DTEND is the day after the last one (exclusive).
    const first = dayKey(e.starts_at);
    const lastMoment = new Date(Date.parse(e.ends_at) - 1);
    lines.push(
      `DTSTART;VALUE=DATE:${icsDate(first)}`,
      `DTEND;VALUE=DATE:${icsDate(addDays(dayKey(lastMoment), 1))}`,
    );
  } else {
    lines.push(`DTSTART:${icsDateTime(e.starts_at)}`, `DTEND:${icsDateTime(e.ends_at)}`);
  }
  lines.push(`SUMMARY:${escapeText(e.title)}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  lines.push(`CATEGORIES:${escapeText(EVENT_KIND_LABELS[e.kind])}`);
  lines.push(`STATUS:${e.status === "cancelled" ? "CANCELLED" : "CONFIRMED"}`);
  // Every save moves updated_at: its seconds make a SEQUENCE that only grows.
  lines.push(
    `SEQUENCE:${Math.max(0, Math.floor((Date.parse(e.updated_at) - Date.parse(e.created_at)) / 1000))}`,
  );
  lines.push(`CREATED:${icsDateTime(e.created_at)}`, `LAST-MODIFIED:${icsDateTime(e.updated_at)}`);
  if (e.url) lines.push(`URL:${e.url}`);
  if (e.organizer) lines.push(`ORGANIZER;CN=${paramValue(e.organizer.name)}:${address(e.organizer)}`);
  for (const a of e.attendees ?? []) {
    lines.push(
      `ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${PARTSTAT[a.response]}:${address(a)}`,
    );
  }
  lines.push("END:VEVENT");
  return lines;
}

/** A whole VCALENDAR: one event (a download) or a feed. `stamp` is DTSTAMP (now). */
export function icsCalendar(options: {
  name: string;
  events: readonly IcsEvent[];
  stamp?: Date;
  method?: "PUBLISH";
}): string {
  const stamp = options.stamp ?? new Date();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${ICS_PRODID}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${options.method ?? "PUBLISH"}`,
    `NAME:${escapeText(options.name)}`,
    `X-WR-CALNAME:${escapeText(options.name)}`,
    "X-WR-TIMEZONE:Africa/Accra",
    `REFRESH-INTERVAL;VALUE=DURATION:${ICS_REFRESH}`,
    `X-PUBLISHED-TTL:${ICS_REFRESH}`,
    ...options.events.flatMap((e) => eventLines(e, stamp)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** A file name for an event's download: "viewing-4-bedroom-house-east-legon.ics". */
export function icsFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "event"}.ics`;
}
