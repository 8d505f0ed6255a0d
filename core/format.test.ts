import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS } from "./constants.ts";
import {
  DEFAULT_FORMAT_SETTINGS,
  datePattern,
  type FormatSettings,
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

describe("dates are written with the browser's own zone data", () => {
  it("writes what date-fns wrote for the same patterns, across zones, formats and the hour edges", () => {
    const zones = ["Africa/Accra", "Africa/Lagos", "Europe/London", "America/New_York", "Asia/Kolkata"];
    const settings: FormatSettings[] = zones.flatMap((timezone) =>
      ["dd/mm/yyyy", "mm/dd/yyyy", "yyyy-mm-dd"].flatMap((date_format) =>
        ["24h", "12h"].map((time_format) => ({ currency: "GHS", date_format, time_format, timezone })),
      ),
    );
    // Every hour and a few minutes of two days around a DST change, and midnight / noon exactly.
    const start = Date.UTC(2026, 2, 28, 0, 0);
    const instants = Array.from({ length: 48 }, (_, i) => start + i * 3_600_000 + (i % 7) * 60_000);
    for (const s of settings)
      for (const t of instants) {
        const expected = format(
          new TZDate(t, s.timezone),
          `${datePattern(s.date_format)} ${s.time_format === "12h" ? "h:mm a" : "HH:mm"}`,
        );
        expect(formatDateTime(t, s), `${new Date(t).toISOString()} ${JSON.stringify(s)}`).toBe(expected);
      }
  });
  it("midnight is 00:00 on a 24-hour clock and noon 12:00 PM on a 12-hour one", () => {
    expect(formatTime("2026-11-21T00:00:00Z")).toBe("00:00");
    expect(formatTime("2026-11-21T12:00:00Z", { time_format: "12h", timezone: "Africa/Accra" })).toBe(
      "12:00 PM",
    );
  });
});
