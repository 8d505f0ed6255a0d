import { describe, expect, it } from "vitest";
import { forecast, ghsMinor, weightedMinor } from "./forecast.ts";

describe("deal money in GHS", () => {
  it("converts USD at the dated rate, to the pesewa", () => {
    expect(ghsMinor(100_000, "USD", 12.1)).toBe(121_000_000);
    expect(ghsMinor(1234.56, "USD", 15.4321)).toBe(1_905_185); // 19,051.849... → 19,051.85
    expect(ghsMinor(950_000, "GHS", null)).toBe(95_000_000);
    expect(ghsMinor(10, "USD", null)).toBeNull();
  });

  it("weights by the stage's probability, half up", () => {
    expect(weightedMinor(121_000_000, 40)).toBe(48_400_000);
    expect(weightedMinor(5, 10)).toBe(1);
    expect(weightedMinor(4, 10)).toBe(0);
  });

  it("sums per stage and per month of the expected close", () => {
    const { byStage, byMonth } = forecast(
      [
        { value: 900_000, currency: "GHS", probability: 10, stageId: "new", expectedClose: null },
        { value: 100_000, currency: "USD", probability: 40, stageId: "offer", expectedClose: "2026-12-15" },
        { value: 500_000, currency: "GHS", probability: 40, stageId: "offer", expectedClose: "2026-12-01" },
      ],
      12.1,
    );
    expect(byStage.get("offer")).toEqual({
      key: "offer",
      deals: 2,
      valueMinor: 171_000_000,
      weightedMinor: 68_400_000,
    });
    expect(byStage.get("new")).toEqual({
      key: "new",
      deals: 1,
      valueMinor: 90_000_000,
      weightedMinor: 9_000_000,
    });
    expect([...byMonth.keys()]).toEqual(["none", "2026-12"]);
    expect(byMonth.get("2026-12")?.weightedMinor).toBe(68_400_000);
  });
});
