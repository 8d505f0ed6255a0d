/**
 * GET /api/calendar/<token>.ics — a user's private iCalendar feed, for Google
 * and Apple Calendar to subscribe to. The token is the only credential (256 random bits, made
 * by public.create_calendar_feed): the worker hashes it (SHA-256) and asks the database with the
 * secret key for that feed's events (public.calendar_feed_events: null when revoked or never
 * made → 404, the same answer as for a malformed token, so nothing is learnt by guessing).
 * Output: RFC 5545 from core/events/icalendar.ts.
 */
import { Hono } from "hono";
import {
  calendarFeedSchema,
  feedEvents,
  feedName,
  feedTokenOf,
  type CalendarFeed,
} from "#core/events/calendar-feed.ts";
import { ICS_CONTENT_TYPE, icsCalendar } from "#core/events/icalendar.ts";
import { originOf } from "#core/hosts.ts";
import type { EdgeContext, EdgeEnv } from "./env.ts";
import { serviceDb } from "./lib/service-db.ts";

/** The feed of a token hash, or null; throws when the database cannot answer. */
export type FeedLookup = (env: EdgeEnv, tokenHash: string) => Promise<unknown>;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const databaseFeedLookup: FeedLookup = async (env, tokenHash) => {
  const { data, error } = await serviceDb(env).rpc("calendar_feed_events", { feed_token_hash: tokenHash });
  if (error) throw new Error(`calendar feed lookup failed: ${error.message}`);
  return data;
};

type FeedEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };

const NOT_FOUND = "No such calendar feed. It may have been revoked: make a new URL on the Events page.";

export function calendarFeedRoutes(
  lookup: FeedLookup = databaseFeedLookup,
  now: () => Date = () => new Date(),
): Hono<FeedEnv> {
  const app = new Hono<FeedEnv>();
  app.get("/api/calendar/:file", async (c) => {
    const token = feedTokenOf(c.req.param("file"));
    const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };
    if (!token) return c.text(NOT_FOUND, 404, noStore);
    let feed: CalendarFeed | null;
    try {
      const raw = await lookup(c.env, await sha256Hex(token));
      feed = raw === null || raw === undefined ? null : calendarFeedSchema.parse(raw);
    } catch (err) {
      console.error("[calendar-feed]", err);
      return c.text("The calendar is unavailable for a moment; your calendar app will try again.", 503, {
        ...noStore,
        "retry-after": "300",
      });
    }
    if (!feed) return c.text(NOT_FOUND, 404, noStore);
    const body = icsCalendar({
      name: feedName(feed),
      events: feedEvents(feed, originOf("crm", c.var.edge.hosts)),
      stamp: now(),
    });
    return c.body(body, 200, {
      "content-type": ICS_CONTENT_TYPE,
      "content-disposition": 'inline; filename="ghana-realty.ics"',
      // Private: the URL is a secret; calendar apps poll hourly anyway.
      "cache-control": "private, max-age=300",
      "x-robots-tag": "noindex",
    });
  });
  return app;
}
