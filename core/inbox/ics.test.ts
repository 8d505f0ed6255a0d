/** iCalendar files of appointment e-mails (core/inbox/ics.ts). */
import { describe, expect, it } from "vitest";
import { foldLine, icsCalendar, icsText } from "./ics.ts";

const event = {
  uid: "consultations-7d1c@ghanarealty",
  sequence: 0,
  start: new Date("2026-12-08T10:00:00Z"),
  end: new Date("2026-12-08T10:30:00Z"),
  stamp: new Date("2026-12-07T08:15:30.123Z"),
  summary: "Consultation: Property valuation, Ghana Realty",
  description: "With Ama Owusu.\nReschedule or cancel: https://consult.example/appointment#abc",
  location: "12 Senchi Street, Airport Residential Area, Accra",
  status: "CONFIRMED" as const,
};

describe("icsCalendar", () => {
  it("one event in UTC with CRLF lines and escaped text", () => {
    const ics = icsCalendar(event);
    expect(ics.endsWith("\r\n")).toBe(true);
    const lines = ics.split("\r\n");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines).toContain("DTSTART:20261208T100000Z");
    expect(lines).toContain("DTEND:20261208T103000Z");
    expect(lines).toContain("DTSTAMP:20261207T081530Z");
    expect(lines).toContain("SUMMARY:Consultation: Property valuation\\, Ghana Realty");
    expect(ics).toContain("LOCATION:12 Senchi Street\\, Airport Residential Area\\, Accra");
    expect(lines.every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    // Unfolded, the description is intact.
    expect(ics.replace(/\r\n /g, "")).toContain(
      "DESCRIPTION:With Ama Owusu.\\nReschedule or cancel: https://consult.example/appointment#abc",
    );
  });

  it("a cancellation keeps the UID, raises the sequence and says CANCEL", () => {
    const ics = icsCalendar({ ...event, sequence: 2, status: "CANCELLED" });
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("SEQUENCE:2");
    expect(ics).toContain("UID:consultations-7d1c@ghanarealty");
    expect(ics).toContain("STATUS:CANCELLED");
  });
});

describe("folding and escaping", () => {
  it("never splits a multi-byte character", () => {
    const folded = foldLine(`SUMMARY:${"Nkwanta – ".repeat(20)}`);
    for (const l of folded.split("\r\n")) expect(new TextEncoder().encode(l).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"Nkwanta – ".repeat(20)}`);
  });

  it("escapes backslash, semicolon, comma and newlines", () => {
    expect(icsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });
});
