import { describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS } from "./constants.ts";
import {
  DEFAULT_FORMAT_SETTINGS,
  datePattern,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
} from "./format.ts";

// 21 Nov 2026 14:05:09 UTC — Accra is UTC+0 all year.
const instant = "2026-11-21T14:05:09Z";

describe("formatting defaults follow the spec", () => {
  it("uses GHS, dd/mm/yyyy, 24h and Africa/Accra", () => {
    expect(DEFAULT_FORMAT_SETTINGS).toMatchObject({
      currency: DEFAULT_USER_SETTINGS.currency,
      date_format: "dd/mm/yyyy",
      time_format: "24h",
      timezone: "Africa/Accra",
    });
    expect(formatDate(instant)).toBe("21/11/2026");
    expect(formatTime(instant)).toBe("14:05");
    expect(formatDateTime(instant)).toBe("21/11/2026 14:05");
    expect(formatMoney(1250)).toBe("GHS 1,250.00");
  });
});

describe("settings change the output", () => {
  it("date formats", () => {
    expect(formatDate(instant, { date_format: "mm/dd/yyyy", timezone: "Africa/Accra" })).toBe("11/21/2026");
    expect(formatDate(instant, { date_format: "yyyy-mm-dd", timezone: "Africa/Accra" })).toBe("2026-11-21");
    expect(datePattern("nonsense")).toBe("dd/MM/yyyy");
  });
  it("12h time", () => {
    expect(formatTime(instant, { time_format: "12h", timezone: "Africa/Accra" })).toBe("2:05 PM");
    expect(formatTime("2026-11-21T00:30:00Z", { time_format: "12h", timezone: "Africa/Accra" })).toBe(
      "12:30 AM",
    );
  });
  it("time zones shift the wall clock and even the date", () => {
    expect(
      formatDateTime("2026-11-21T23:30:00Z", { ...DEFAULT_FORMAT_SETTINGS, timezone: "Africa/Lagos" }),
    ).toBe("22/11/2026 00:30");
    // an unknown zone falls back to Accra instead of throwing
    expect(formatTime(instant, { time_format: "24h", timezone: "Nowhere/Land" })).toBe("14:05");
  });
  it("money: the amount's currency wins, else the preferred one", () => {
    expect(formatMoney(99.5, "USD")).toBe("USD 99.50");
    expect(formatMoney(10, null, { currency: "USD" })).toBe("USD 10.00");
    expect(formatMoney(-3, "GHS")).toBe("-GHS 3.00");
  });
  it("invalid inputs give an empty string", () => {
    expect(formatDate("not a date")).toBe("");
    expect(formatMoney(Number.NaN)).toBe("");
  });
});
