import { tz } from "@date-fns/tz";
import { formatDistance } from "date-fns";
import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago.ts";

// Calendar months counted in UTC, whatever the machine's zone.
const utc = { addSuffix: true, in: tz("UTC") };

describe("timeAgo: how long ago, in the lists' words", () => {
  it("says what date-fns' formatDistanceToNow said, from seconds to years, past and future", () => {
    const now = new Date(Date.UTC(2026, 10, 28, 18, 30, 15));
    // Offsets from 0 s to about 6 years, denser where the wording changes.
    const offsets: number[] = [];
    for (let s = 0; s < 7200; s += 59) offsets.push(s);
    for (let m = 120; m < 3 * 1440; m += 67) offsets.push(m * 60);
    for (let h = 72; h < 24 * 800; h += 71) offsets.push(h * 3600);
    for (let d = 800; d < 6 * 366; d += 13) offsets.push(d * 86400);
    for (const sign of [-1, 1])
      for (const seconds of offsets) {
        const at = new Date(now.getTime() + sign * seconds * 1000);
        expect(timeAgo(at, now), at.toISOString()).toBe(formatDistance(at, now, utc));
      }
  });
  it("counts calendar months at a month's end as date-fns does", () => {
    const now = new Date(Date.UTC(2027, 2, 31, 12));
    for (const iso of [
      "2026-02-28T12:00:00Z",
      "2026-03-31T12:00:00Z",
      "2026-04-30T12:00:00Z",
      "2025-12-31T12:00:00Z",
    ])
      expect(timeAgo(iso, now), iso).toBe(formatDistance(new Date(iso), now, utc));
  });
  it("writes the familiar phrases and nothing for an invalid date", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(timeAgo("2026-11-28T11:59:50Z", now)).toBe("less than a minute ago");
    expect(timeAgo("2026-11-25T12:00:00Z", now)).toBe("3 days ago");
    expect(timeAgo("2026-11-28T14:00:00Z", now)).toBe("in about 2 hours");
    expect(timeAgo("not a date", now)).toBe("");
  });
});
