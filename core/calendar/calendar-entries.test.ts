import { describe, expect, it } from "vitest";
import {
  calendarEntrySchema,
  entryHref,
  entryTitle,
  matchesFilter,
  type CalendarEntry,
} from "./calendar-entries.ts";

const entry = (e: Partial<CalendarEntry>): CalendarEntry =>
  calendarEntrySchema.parse({
    source: "events",
    id: "e1",
    kind: "meeting",
    title: "Weekly sales meeting",
    starts_at: "2026-11-28T10:00:00+00:00",
    ends_at: "2026-11-28T11:00:00+00:00",
    all_day: false,
    status: "scheduled",
    agent_id: null,
    listing_id: null,
    listing_title: null,
    person: null,
    location: null,
    ...e,
  });

describe("calendar entries", () => {
  it("a viewing is titled by its listing, never its slug", () => {
    const v = entry({
      source: "bookings",
      kind: "viewing",
      title: "4-bedroom-house-east-legon-american-house",
      listing_title: "4-bedroom house with pool near American House, East Legon",
    });
    expect(entryTitle(v)).toBe("Viewing: 4-bedroom house with pool near American House, East Legon");
    expect(entryTitle({ ...v, listing_title: null })).toBe(
      "Viewing: 4 bedroom house east legon american house",
    );
    expect(entryHref(v)).toBe("/booking-management/e1");
  });
  it("a consultation by its service; an event by its title", () => {
    expect(
      entryTitle(entry({ source: "consultations", kind: "consultation", title: "property-valuation" })),
    ).toBe("Consultation: Property valuation");
    expect(entryTitle(entry({}))).toBe("Weekly sales meeting");
    expect(entryHref(entry({}))).toBe("/events/e1");
  });
  it("filters by kind; 'appointments' keeps viewings and consultations, events' viewings included by 'viewing'", () => {
    const booked = entry({ source: "bookings", kind: "viewing" });
    const eventViewing = entry({ kind: "viewing" });
    const meeting = entry({});
    expect([booked, eventViewing, meeting].filter((e) => matchesFilter(e, "appointments"))).toEqual([booked]);
    expect([booked, eventViewing, meeting].filter((e) => matchesFilter(e, "viewing"))).toEqual([
      booked,
      eventViewing,
    ]);
    expect([booked, eventViewing, meeting].filter((e) => matchesFilter(e, null))).toHaveLength(3);
  });
});
