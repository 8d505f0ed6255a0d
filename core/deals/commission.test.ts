import { describe, expect, it } from "vitest";
import { commissionMinor, splitCommission, splitError, toMinor } from "./commission.ts";

describe("commission, worked examples (amounts in pesewas)", () => {
  it("a GHS 1,500,000 sale at 5 %: GHS 75,000, agent 60 % / house 40 %", () => {
    const total = commissionMinor(toMinor(1_500_000), { type: "percent", ratePercent: 5 });
    expect(total).toBe(7_500_000);
    expect(
      splitCommission(total, [
        { type: "percent", percent: 60 },
        { type: "percent", percent: 40 },
      ]).amountsMinor,
    ).toEqual([4_500_000, 3_000_000]);
  });

  it("a co-broker's flat GHS 5,000 comes off the top; agent and house share the rest", () => {
    const total = 7_500_000;
    const r = splitCommission(total, [
      { type: "fixed", amountMinor: toMinor(5000) },
      { type: "percent", percent: 60 },
      { type: "percent", percent: 40 },
    ]);
    expect(r.amountsMinor).toEqual([500_000, 4_200_000, 2_800_000]);
    expect(r.amountsMinor.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it("rounds half up to the pesewa: 2.5 % of GHS 333,333.33 is GHS 8,333.33", () => {
    expect(commissionMinor(toMinor(333_333.33), { type: "percent", ratePercent: 2.5 })).toBe(833_333);
    // 10 % of GHS 0.05 = 0.5 pesewa → 1 pesewa (half up)
    expect(commissionMinor(5, { type: "percent", ratePercent: 10 })).toBe(1);
  });

  it("three equal thirds never lose a pesewa (largest remainder, first listed first on ties)", () => {
    const r = splitCommission(100, [
      { type: "percent", percent: 33.333 },
      { type: "percent", percent: 33.333 },
      { type: "percent", percent: 33.334 },
    ]);
    expect(r.amountsMinor).toEqual([33, 33, 34]);
    const even = splitCommission(100, [
      { type: "percent", percent: 50 },
      { type: "percent", percent: 50 },
    ]);
    expect(even.amountsMinor).toEqual([50, 50]);
    const odd = splitCommission(101, [
      { type: "percent", percent: 50 },
      { type: "percent", percent: 50 },
    ]);
    expect(odd.amountsMinor).toEqual([51, 50]);
  });

  it("a rental at one month's rent, fixed: USD 2,400 commission all to the agent", () => {
    const total = commissionMinor(toMinor(2400), { type: "fixed", amountMinor: toMinor(2400) });
    expect(splitCommission(total, [{ type: "percent", percent: 100 }]).amountsMinor).toEqual([240_000]);
  });

  it("only fixed shares: what they leave is unallocated", () => {
    expect(splitCommission(1000, [{ type: "fixed", amountMinor: 300 }])).toEqual({
      amountsMinor: [300],
      unallocatedMinor: 700,
    });
  });

  it("refuses shares that do not fit, in the database's words", () => {
    expect(splitError(1000, [{ type: "fixed", amountMinor: 1001 }])).toBe(
      "The fixed shares come to more than the commission.",
    );
    expect(
      splitError(1000, [
        { type: "percent", percent: 60 },
        { type: "percent", percent: 30 },
      ]),
    ).toBe("The percentage shares must add up to 100 % (they add up to 90 %).");
    expect(splitError(1000, [{ type: "percent", percent: 62.5 }])).toBe(
      "The percentage shares must add up to 100 % (they add up to 62.5 %).",
    );
    expect(() => splitCommission(1000, [{ type: "percent", percent: 99 }])).toThrow("add up to 99 %");
  });

  it("converts major units without float drift", () => {
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(1_250_000.1)).toBe(125_000_010);
  });
});
