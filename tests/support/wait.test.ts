import { describe, expect, it } from "vitest";
import { inOneRateWindow } from "./wait.ts";

/** A clock the burst moves: each burst takes `spans[i]` ms from `start`. */
function burstsOn(start: number, spans: number[]) {
  let clock = start;
  const runs: number[] = [];
  return {
    now: () => clock,
    runs,
    burst: async () => {
      runs.push(clock);
      clock += spans[runs.length - 1]!;
      return `burst ${runs.length}`;
    },
  };
}

describe("inOneRateWindow", () => {
  it("returns a burst that stayed inside one window, run once", async () => {
    const b = burstsOn(60_000, [59_999]);
    await expect(inOneRateWindow(60, b.burst, b.now)).resolves.toBe("burst 1");
    expect(b.runs).toEqual([60_000]);
  });

  it("runs a burst that crossed a boundary once more, from just after it, and returns that one", async () => {
    const b = burstsOn(59_000, [2_000, 1_000]);
    await expect(inOneRateWindow(60, b.burst, b.now)).resolves.toBe("burst 2");
    expect(b.runs).toEqual([59_000, 61_000]);
  });

  it("counts a burst ending exactly on the boundary as crossing it", async () => {
    const b = burstsOn(10_000, [50_000, 10]);
    await expect(inOneRateWindow(60, b.burst, b.now)).resolves.toBe("burst 2");
  });

  it("fails rather than returning a count split over two windows when the retry crosses too", async () => {
    const b = burstsOn(59_000, [2_000, 60_000, 1]);
    await expect(inOneRateWindow(60, b.burst, b.now)).rejects.toThrow(
      "two bursts in a row crossed a 60 s rate-limit window",
    );
    expect(b.runs).toHaveLength(2);
  });
});
