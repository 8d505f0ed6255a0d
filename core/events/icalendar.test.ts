import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, icsCalendar, icsFileName, type IcsEvent } from "./icalendar.ts";

const stamp = new Date("2026-11-25T12:00:00Z");
const viewing: IcsEvent = {
  id: "5f0c1b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41",
  title: "Viewing: 4-bedroom house, East Legon; with pool, garden",
  description: "Meet Mrs. Boakye at the gate.\nBring the site plan (A3) \\ keys from the office.",
  location: "12 Boundary Road, East Legon, Accra",
  kind: "viewing",
  status: "scheduled",
  starts_at: "2026-11-26T14:00:00.000Z",
  ends_at: "2026-11-26T15:00:00.000Z",
  all_day: false,
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: "2026-11-20T09:05:00.000Z",
  url: "https://crm.example.com/events?id=5f0c1b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41",
  organizer: { id: "00000000-0000-4000-a000-000000000002", name: "Ama Owusu", email: "staff@demo.test" },
  attendees: [
    {
      id: "00000000-0000-4000-a000-000000000005",
      name: "Yaw Darko",
      email: "staff2@demo.test",
      response: "accepted",
    },
    {
      id: "7d4f4a70-0000-4000-8000-000000000001",
      name: 'Comfort "Auntie C" Boakye, Ahodwo',
      email: null,
      response: "pending",
    },
  ],
};
const retreat: IcsEvent = {
  ...viewing,
  id: "6a1d2c3b-0000-4000-8000-000000000002",
  title: "Team retreat — Ada Foah ☀️ — ".repeat(4).trim(),
  description: null,
  location: null,
  kind: "meeting",
  status: "cancelled",
  all_day: true,
  starts_at: "2026-12-10T00:00:00.000Z",
  ends_at: "2026-12-12T00:00:00.000Z", // 10 and 11 December
  organizer: null,
  attendees: [],
};

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("RFC 5545 output", () => {
  const text = icsCalendar({ name: "Ama Owusu — Ghana Realty", events: [viewing, retreat], stamp });

  it("uses CRLF line ends and folds every line at 75 octets", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n").slice(0, -1)) expect(octets(line), line).toBeLessThanOrEqual(75);
  });

  it("parses with ical.js into the same events", () => {
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toMatch(/Ghana Realty/);
    const [v, r] = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(v!.uid).toBe(`${viewing.id}@events.ghana-realty`);
    expect(v!.summary).toBe(viewing.title);
    expect(v!.description).toBe(viewing.description);
    expect(v!.location).toBe(viewing.location);
    expect(v!.startDate.toJSDate().toISOString()).toBe(viewing.starts_at);
    expect(v!.endDate.toJSDate().toISOString()).toBe(viewing.ends_at);
    expect(v!.startDate.zone.tzid).toBe("UTC");
    const attendees = v!.attendees.map((a) => ({
      cn: a.getParameter("cn"),
      partstat: a.getParameter("partstat"),
      value: a.getFirstValue(),
    }));
    expect(attendees).toEqual([
      { cn: "Yaw Darko", partstat: "ACCEPTED", value: "mailto:staff2@demo.test" },
      {
        cn: "Comfort Auntie C Boakye, Ahodwo",
        partstat: "NEEDS-ACTION",
        value: "urn:uuid:7d4f4a70-0000-4000-8000-000000000001",
      },
    ]);
    expect(v!.organizer).toBe("mailto:staff@demo.test");
    expect(v!.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(v!.component.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-11-25T12:00:00Z");

    expect(r!.summary).toBe(retreat.title);
    expect(r!.startDate.isDate).toBe(true);
    expect(r!.startDate.toString()).toBe("2026-12-10");
    expect(r!.endDate.toString()).toBe("2026-12-12");
    expect(r!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("has what a calendar needs to subscribe: a name and a refresh interval", () => {
    expect(text).toContain("\r\nX-WR-CALNAME:Ama Owusu — Ghana Realty\r\n");
    expect(text).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
  });

  it("an empty feed is still a valid calendar", () => {
    const cal = new ICAL.Component(ICAL.parse(icsCalendar({ name: "Nobody", events: [], stamp })));
    expect(cal.getAllSubcomponents("vevent")).toHaveLength(0);
  });
});

describe("the pieces", () => {
  it("escapes TEXT", () => {
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
  });
  it("folds without splitting a multi-byte character", () => {
    const line = `SUMMARY:${"€".repeat(40)}`;
    const folded = foldLine(line);
    expect(folded.split("\r\n ").join("")).toBe(line);
    for (const part of folded.split("\r\n")) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });
  it("names the download after the event", () => {
    expect(icsFileName("Viewing: 4-bedroom house, East Legon")).toBe(
      "viewing-4-bedroom-house-east-legon.ics",
    );
    expect(icsFileName("☀️")).toBe("event.ics");
  });
});
