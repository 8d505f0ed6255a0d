import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayNoon,
  addMonths,
  dayKey,
  daysWindow,
  isDayKey,
  isMonthKey,
  itemsByDay,
  monthGrid,
  overlaps,
  startOfWeek,
  utcToWallTime,
  wallTimeToUtc,
  weekDays,
} from "./calendar.ts";

describe("wall time in Africa/Accra ↔ UTC", () => {
  it("reads a datetime-local value as Accra time (UTC+0, no daylight saving)", () => {
    expect(wallTimeToUtc("2026-11-26T14:30")).toBe("2026-11-26T14:30:00.000Z");
    expect(wallTimeToUtc("2026-06-01T00:00")).toBe("2026-06-01T00:00:00.000Z");
    expect(utcToWallTime("2026-11-26T14:30:00.000Z")).toBe("2026-11-26T14:30");
  });
  it("converts with the zone it is given (London in summer is an hour ahead of Accra)", () => {
    expect(wallTimeToUtc("2026-07-01T09:00", "Europe/London")).toBe("2026-07-01T08:00:00.000Z");
    expect(utcToWallTime("2026-07-01T08:00:00.000Z", "Europe/London")).toBe("2026-07-01T09:00");
  });
  it("refuses what is no real time", () => {
    for (const bad of [
      "",
      "tomorrow",
      "2026-02-31T10:00",
      "2026-13-01T10:00",
      "2026-11-26T24:00",
      "2026-11-26",
    ])
      expect(wallTimeToUtc(bad), bad).toBeNull();
  });
  it("gives the day an instant falls on", () => {
    expect(dayKey("2026-11-26T23:59:59.999Z")).toBe("2026-11-26");
    expect(dayKey("2026-11-27T00:00:00Z")).toBe("2026-11-27");
  });
});

describe("day and month keys", () => {
  it("validates them", () => {
    expect(isDayKey("2026-02-28")).toBe(true);
    expect(isDayKey("2026-02-29")).toBe(false);
    expect(isDayKey("2028-02-29")).toBe(true);
    expect(isMonthKey("2026-12")).toBe(true);
    expect(isMonthKey("2026-13")).toBe(false);
  });
  it("adds days and months across year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-05", -17)).toBe("2024-12");
  });
});

describe("weeks start on Monday", () => {
  it("finds the Monday of a week", () => {
    expect(startOfWeek("2026-11-26")).toBe("2026-11-23"); // a Thursday
    expect(startOfWeek("2026-11-23")).toBe("2026-11-23");
    expect(startOfWeek("2026-11-29")).toBe("2026-11-23"); // Sunday ends the week
  });
  it("lists the seven days", () => {
    expect(weekDays("2026-12-31")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
  });
  it("covers a month with whole weeks", () => {
    const nov = monthGrid("2026-11"); // 1 Nov 2026 is a Sunday, 30 Nov a Monday
    expect(nov).toHaveLength(6);
    expect(nov[0]![0]).toBe("2026-10-26");
    expect(nov.at(-1)!.at(-1)).toBe("2026-12-06");
    const feb = monthGrid("2027-02"); // 1 Feb 2027 is a Monday, 28 days: exactly four weeks
    expect(feb).toHaveLength(4);
    expect(feb.flat()).toHaveLength(28);
  });
  it("gives the query window of the days shown", () => {
    expect(daysWindow("2026-11-23", "2026-11-29")).toEqual({
      from: "2026-11-23T00:00:00.000Z",
      to: "2026-11-30T00:00:00.000Z",
    });
  });
});

describe("overlaps (half-open)", () => {
  it("back-to-back meetings do not clash; overlapping ones do", () => {
    expect(overlaps("2026-11-26T09:00Z", "2026-11-26T10:00Z", "2026-11-26T10:00Z", "2026-11-26T11:00Z")).toBe(
      false,
    );
    expect(overlaps("2026-11-26T09:00Z", "2026-11-26T10:30Z", "2026-11-26T10:00Z", "2026-11-26T11:00Z")).toBe(
      true,
    );
    expect(overlaps("2026-11-26T09:00Z", "2026-11-26T17:00Z", "2026-11-26T12:00Z", "2026-11-26T12:30Z")).toBe(
      true,
    );
  });
});

describe("items by day", () => {
  const days = weekDays("2026-11-26");
  it("puts a point in time on its day and a multi-day item on each day it covers", () => {
    const map = itemsByDay(
      [
        { id: "task", start: "2026-11-26T17:00:00Z" },
        { id: "trip", start: "2026-11-24T22:00:00Z", end: "2026-11-26T10:00:00Z" },
        { id: "ends-at-midnight", start: "2026-11-27T20:00:00Z", end: "2026-11-28T00:00:00Z" },
        { id: "long", start: "2026-10-01T08:00:00Z", end: "2027-01-01T00:00:00Z" },
        { id: "elsewhere", start: "2026-12-10T08:00:00Z" },
      ],
      days,
    );
    const ids = (d: string) => map.get(d)!.map((i) => i.id);
    expect(ids("2026-11-23")).toEqual(["long"]);
    expect(ids("2026-11-24")).toEqual(["long", "trip"]);
    expect(ids("2026-11-25")).toEqual(["long", "trip"]);
    expect(ids("2026-11-26")).toEqual(["long", "trip", "task"]);
    expect(ids("2026-11-27")).toEqual(["long", "ends-at-midnight"]);
    expect(ids("2026-11-28")).toEqual(["long"]);
    expect([...map.values()].flat().some((i) => i.id === "elsewhere")).toBe(false);
  });
});

describe("a day's label does not depend on the browser's zone", () => {
  const zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Los_Angeles", "Asia/Tokyo"];
  it.each(zones)("with the browser in %s, 28 November 2026 is still Saturday the 28th", (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      expect(format(dayNoon("2026-11-28"), "EEE d MMM")).toBe("Sat 28 Nov");
      expect(dayKey(dayNoon("2026-11-28"))).toBe("2026-11-28");
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
