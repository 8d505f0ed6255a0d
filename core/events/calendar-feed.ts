/**
 * The private calendar feed's contract between the SPA, the database and the edge worker: the
 * URL (`/api/calendar/<token>.ics` on the CRM host), the token's shape (43 base64url characters,
 * 256 random bits — made by public.create_calendar_feed), and the JSON that
 * public.calendar_feed_events returns for the worker to turn into iCalendar.
 */
import { z } from "zod";
import { EVENT_KINDS, EVENT_RESPONSES, EVENT_STATUSES } from "./event-schema.ts";
import type { IcsEvent } from "./icalendar.ts";
import { recordPath } from "../records/record-links.ts";

export const CALENDAR_FEED_PREFIX = "/api/calendar/";
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const calendarFeedPath = (token: string) => `${CALENDAR_FEED_PREFIX}${token}.ics`;

/** The token in a feed path's last segment ("<token>.ics"), or null when it is not one. */
export function feedTokenOf(file: string): string | null {
  const m = /^([A-Za-z0-9_-]+)\.ics$/.exec(file);
  return m && FEED_TOKEN_PATTERN.test(m[1]!) ? m[1]! : null;
}

const person = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const calendarFeedSchema = z.object({
  owner: person,
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      location: z.string().nullable(),
      kind: z.enum(EVENT_KINDS),
      status: z.enum(EVENT_STATUSES),
      starts_at: z.string(),
      ends_at: z.string(),
      all_day: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
      organizer: person.nullable(),
      attendees: z.array(person.extend({ response: z.enum(EVENT_RESPONSES) })),
    }),
  ),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The feed's events for the iCalendar writer, each linking back to the back-office. */
export function feedEvents(feed: CalendarFeed, crmOrigin: string): IcsEvent[] {
  return feed.events.map((e) => ({ ...e, url: `${crmOrigin}${recordPath("events", e.id)}` }));
}

/** The calendar's name in subscribers' apps. */
export const feedName = (feed: CalendarFeed) => `${feed.owner.name} — Ghana Realty`;
