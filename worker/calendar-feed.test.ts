/**
 * The calendar feed endpoint in workerd, with an in-memory lookup in place of the database: a
 * known token answers RFC 5545 (parsed back with ical.js) for the CRM host's links; an unknown,
 * revoked or malformed token answers the same 404; a database outage answers 503 with
 * Retry-After; the token never reaches the lookup in the clear (only its SHA-256).
 */
import { env } from "cloudflare:test";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { CalendarFeed } from "#core/events/calendar-feed.ts";
import { createApp } from "./app.ts";
import { sha256Hex } from "./calendar-feed.ts";

const TOKEN = "Zq3x_9kLmN0pQrStUvWxYz-AbCdEfGhIjKlMnOpQrSt";
const feed: CalendarFeed = {
  owner: { id: "00000000-0000-4000-a000-000000000002", name: "Ama Owusu", email: "staff@demo.test" },
  events: [
    {
      id: "e0e0e0e0-0001-4000-8000-000000000001",
      title: "Viewing: 4-bedroom house, East Legon",
      description: "Bring the title documents; meet at the gate",
      location: "American House, East Legon",
      kind: "viewing",
      status: "scheduled",
      starts_at: "2026-11-26T10:00:00+00:00",
      ends_at: "2026-11-26T11:00:00+00:00",
      all_day: false,
      created_at: "2026-11-20T09:00:00+00:00",
      updated_at: "2026-11-20T09:00:00+00:00",
      organizer: { id: "00000000-0000-4000-a000-000000000002", name: "Ama Owusu", email: "staff@demo.test" },
      attendees: [
        {
          id: "00000000-0000-4000-a000-000000000005",
          name: "Yaw Darko",
          email: "staff2@demo.test",
          response: "tentative",
        },
      ],
    },
  ],
};

const asked: string[] = [];
let down = false;
const app = createApp({
  calendarFeed: async (_env, hash) => {
    asked.push(hash);
    if (down) throw new Error("database unreachable");
    return hash === (await sha256Hex(TOKEN)) ? feed : null;
  },
});
const get = (path: string, host = "crm.localhost:8787") =>
  app.request(`http://${host}${path}`, { headers: { host } }, env);

describe("GET /api/calendar/<token>.ics", () => {
  it("serves the feed as iCalendar, linking back to the CRM host", async () => {
    const res = await get(`/api/calendar/${TOKEN}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    const text = await res.text();
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Ama Owusu — Ghana Realty");
    const ev = new ICAL.Event(cal.getFirstSubcomponent("vevent")!);
    expect(ev.summary).toBe("Viewing: 4-bedroom house, East Legon");
    expect(ev.startDate.toJSDate().toISOString()).toBe("2026-11-26T10:00:00.000Z");
    expect(ev.attendees[0]!.getParameter("partstat")).toBe("TENTATIVE");
    expect(ev.component.getFirstPropertyValue("url")).toMatch(
      /^http:\/\/crm\.localhost(:\d+)?\/events\/e0e0e0e0-0001-4000-8000-000000000001$/,
    );
    expect(asked.at(-1)).toBe(await sha256Hex(TOKEN));
    expect(
      asked.some((h) => h.includes(TOKEN)),
      "the token itself never reaches the database",
    ).toBe(false);
  });

  it("answers the same 404 for an unknown, revoked or malformed token", async () => {
    for (const path of [
      `/api/calendar/${"A".repeat(43)}.ics`,
      `/api/calendar/${TOKEN}`,
      "/api/calendar/short.ics",
      `/api/calendar/${TOKEN}.ics.exe`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toMatch(/No such calendar feed/);
    }
  });

  it("answers 503 with Retry-After while the database is down", async () => {
    down = true;
    try {
      const res = await get(`/api/calendar/${TOKEN}.ics`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("300");
    } finally {
      down = false;
    }
  });
});
