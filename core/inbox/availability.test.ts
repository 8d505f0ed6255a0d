/** Worked examples of the free-slot rules (core/inbox/availability.ts). */
import { describe, expect, it } from "vitest";
import {
  accraDate,
  accraInstant,
  bookableDays,
  blockedRange,
  freeSlots,
  minutesOf,
  nextSlots,
  slotsByDay,
  type FreeSlotsInput,
  type SlotRules,
} from "./availability.ts";

const rules: SlotRules = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeMinutes: 120,
  bookingWindowDays: 14,
  dailyCap: 6,
  slotIntervalMinutes: 30,
};
// Monday 7 December 2026, 08:00 in Accra (= UTC).
const now = new Date("2026-12-07T08:00:00Z");
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));

function input(over: Partial<FreeSlotsInput> = {}): FreeSlotsInput {
  return {
    rules,
    hosts: [{ hostId: "ama", hours: weekdays, busy: [] }],
    holidays: [],
    now,
    fromDate: "2026-12-07",
    days: 1,
    ...over,
  };
}
const times = (slots: { start: string }[]) => slots.map((s) => s.start.slice(11, 16));

describe("time helpers (Africa/Accra = UTC+0)", () => {
  it("reads and writes local times", () => {
    expect(minutesOf("09:30")).toBe(570);
    expect(minutesOf("9:30")).toBeNaN();
    expect(accraInstant("2026-12-07", "10:00").toISOString()).toBe("2026-12-07T10:00:00.000Z");
    expect(accraDate(new Date("2026-12-07T23:59:00Z"))).toBe("2026-12-07");
  });

  it("blocks the meeting plus its buffers", () => {
    const start = Date.parse("2026-12-07T10:00:00Z");
    const b = blockedRange(start, { durationMinutes: 45, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 });
    expect(new Date(b.from).toISOString()).toBe("2026-12-07T09:45:00.000Z");
    expect(new Date(b.until).toISOString()).toBe("2026-12-07T11:00:00.000Z");
  });
});

describe("freeSlots", () => {
  it("offers the grid inside working hours, minimum notice honoured (08:00 + 2 h → from 10:00)", () => {
    expect(times(freeSlots(input()))).toEqual(["10:00", "10:30", "11:00", "11:30"]);
  });

  it("the meeting must end inside the window; the buffer after may reach past it", () => {
    const slots = freeSlots(input({ now: new Date("2026-12-06T08:00:00Z") }));
    expect(times(slots).at(-1)).toBe("11:30"); // 11:30–12:00, buffer to 12:15
    expect(slots[0]!.end).toBe("2026-12-07T09:30:00.000Z");
  });

  it("a booked appointment blocks its own buffers and the new slot's buffers", () => {
    // Someone booked 10:00–10:30 with 15 min after: blocked 10:00–10:45.
    const busy = [{ start: "2026-12-07T10:00:00Z", end: "2026-12-07T10:45:00Z" }];
    const slots = freeSlots(
      input({ now: new Date("2026-12-06T08:00:00Z"), hosts: [{ hostId: "ama", hours: weekdays, busy }] }),
    );
    // 09:30 would block until 10:15 (overlap) → gone; 10:30 overlaps 10:30–10:45 → gone.
    expect(times(slots)).toEqual(["09:00", "11:00", "11:30"]);
  });

  it("time off and calendar events are busy time too", () => {
    const busy = [{ start: "2026-12-07T09:00:00Z", end: "2026-12-07T11:00:00Z" }];
    expect(
      times(
        freeSlots(
          input({ now: new Date("2026-12-06T08:00:00Z"), hosts: [{ hostId: "ama", hours: weekdays, busy }] }),
        ),
      ),
    ).toEqual(["11:00", "11:30"]);
  });

  it("skips public holidays, weekends without hours, and days past the booking window", () => {
    const base = {
      now: new Date("2026-12-06T08:00:00Z"),
      fromDate: "2026-12-04",
      days: 30,
      rules: { ...rules, bookingWindowDays: 5 },
    };
    const days = slotsByDay(freeSlots(input({ ...base, holidays: ["2026-12-08"] }))).map((d) => d.date);
    // From today (Sun 6th; no hours) to the 11th; Tue 8th is a holiday.
    expect(days).toEqual(["2026-12-07", "2026-12-09", "2026-12-10", "2026-12-11"]);
    expect(bookableDays({ ...base, holidays: ["2026-12-08"] })).toEqual([
      "2026-12-06",
      "2026-12-07",
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
    ]);
  });

  it("a host at the daily cap offers nothing that day; another host still does", () => {
    const hosts = [
      { hostId: "yaw", hours: weekdays, busy: [], bookedPerDay: { "2026-12-07": 2 } },
      { hostId: "ama", hours: weekdays, busy: [], bookedPerDay: { "2026-12-07": 6 } },
    ];
    const slots = freeSlots(input({ hosts, rules: { ...rules, dailyCap: 6 } }));
    expect(slots.every((s) => s.hostIds.join() === "yaw")).toBe(true);
    expect(freeSlots(input({ hosts: [hosts[1]!] }))).toEqual([]);
  });

  it("merges hosts per start time", () => {
    const hosts = [
      {
        hostId: "yaw",
        hours: weekdays,
        busy: [{ start: "2026-12-07T10:00:00Z", end: "2026-12-07T10:45:00Z" }],
      },
      { hostId: "ama", hours: weekdays, busy: [] },
    ];
    const slots = freeSlots(input({ hosts }));
    expect(slots.map((s) => `${s.start.slice(11, 16)} ${s.hostIds.join("+")}`)).toEqual([
      "10:00 ama",
      "10:30 ama",
      "11:00 ama+yaw",
      "11:30 ama+yaw",
    ]);
  });

  it("split working windows (a lunch break) and a coarser grid", () => {
    const hours = [
      { weekday: 1, start: "09:00", end: "11:00" },
      { weekday: 1, start: "14:00", end: "16:00" },
    ];
    const slots = freeSlots(
      input({
        now: new Date("2026-12-06T08:00:00Z"),
        rules: { ...rules, durationMinutes: 60, slotIntervalMinutes: 60 },
        hosts: [{ hostId: "ama", hours, busy: [] }],
      }),
    );
    expect(times(slots)).toEqual(["09:00", "10:00", "14:00", "15:00"]);
  });

  it("the next free times after a taken one", () => {
    const slots = freeSlots(input());
    expect(times(nextSlots(slots, Date.parse("2026-12-07T10:15:00Z"), 2))).toEqual(["10:30", "11:00"]);
    expect(nextSlots(slots, Date.parse("2026-12-08T00:00:00Z"))).toEqual([]);
  });
});
