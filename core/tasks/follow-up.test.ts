/** The follow-up due rule: next working day at 09:00 Accra, skipping weekends and holidays. */
import { describe, expect, it } from "vitest";
import { followUpTitle, nextWorkingDayAt } from "./follow-up.ts";

describe("nextWorkingDayAt", () => {
  it("is the next day at 09:00 Accra on a weekday", () => {
    expect(nextWorkingDayAt(new Date("2026-11-24T15:00:00Z"))).toBe("2026-11-25T09:00:00.000Z"); // Tue → Wed
  });
  it("goes from Friday (even late at night) to Monday", () => {
    expect(nextWorkingDayAt(new Date("2026-11-27T23:59:00Z"))).toBe("2026-11-30T09:00:00.000Z");
  });
  it("goes from Saturday and Sunday to Monday", () => {
    expect(nextWorkingDayAt(new Date("2026-11-28T08:00:00Z"))).toBe("2026-11-30T09:00:00.000Z");
    expect(nextWorkingDayAt(new Date("2026-11-29T08:00:00Z"))).toBe("2026-11-30T09:00:00.000Z");
  });
  it("skips public holidays, also next to a weekend", () => {
    // Thu 24 Dec 2026 → Fri 25 (Christmas) and Mon 28 (Boxing Day observed) are off → Tue 29.
    expect(nextWorkingDayAt(new Date("2026-12-24T10:00:00Z"), ["2026-12-25", "2026-12-28"])).toBe(
      "2026-12-29T09:00:00.000Z",
    );
    expect(nextWorkingDayAt(new Date("2026-12-24T10:00:00Z"), new Set(["2026-12-25"]))).toBe(
      "2026-12-28T09:00:00.000Z",
    );
  });
});

describe("followUpTitle", () => {
  it("names the lead, or says who when the name is blank", () => {
    expect(followUpTitle("Efua Quaye")).toBe("Follow up with Efua Quaye");
    expect(followUpTitle("  ")).toBe("Follow up with the new lead");
  });
});
