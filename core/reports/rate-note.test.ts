/** Naming the dated rate next to a converted amount (core/reports/rate-note.ts). */
import { describe, expect, it } from "vitest";
import { rateDate, rateDigits, rateNote } from "./rate-note.ts";

describe("the dated rate next to a converted figure", () => {
  it("names the rate and the day it is in effect from", () => {
    expect(rateNote({ rate: 15.2, asOf: "2026-11-27" })).toBe("at GHS 15.20 per USD, 27 Nov 2026");
    expect(rateNote({ rate: 12.1234, asOf: "2026-01-05" })).toBe("at GHS 12.1234 per USD, 5 Jan 2026");
    expect(rateNote({ rate: 15, asOf: "2026-12-31" })).toBe("at GHS 15.00 per USD, 31 Dec 2026");
  });

  it("writes the rate from its digits, as exchange_rates keeps it", () => {
    expect(rateDigits("15.2000")).toBe("15.2000");
    expect(rateDigits("015.5")).toBe("15.50");
    expect(rateDigits(0.07)).toBe("0.07");
  });

  it("names nothing it cannot name: no rate, a zero or negative rate, a rate past four places, a bad date", () => {
    expect(rateNote(null)).toBeNull();
    expect(rateNote({ rate: 0, asOf: "2026-11-27" })).toBeNull();
    expect(rateNote({ rate: -1, asOf: "2026-11-27" })).toBeNull();
    expect(rateNote({ rate: 15.12345, asOf: "2026-11-27" })).toBeNull();
    expect(rateNote({ rate: Number.NaN, asOf: "2026-11-27" })).toBeNull();
    expect(rateNote({ rate: 15.2, asOf: "27/11/2026" })).toBeNull();
    expect(rateDate("2026-13-01")).toBeNull();
    expect(rateDate("2026-11-00")).toBeNull();
  });
});
