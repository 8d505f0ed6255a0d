import { describe, expect, it } from "vitest";
import { agencyShare, partnerCommission } from "./commission.ts";

describe("partner commission", () => {
  it("is the split of the agency's commission, to the pesewa", () => {
    expect(partnerCommission(13_200, 40)).toBe(5_280);
    expect(partnerCommission(93_000, 35)).toBe(32_550);
    expect(partnerCommission(1_000.01, 33.33)).toBe(333.3);
    expect(partnerCommission(0.05, 50)).toBe(0.03);
    expect(partnerCommission(0, 50)).toBe(0);
    expect(partnerCommission(99_999_999_999.99, 100)).toBe(99_999_999_999.99);
  });
  it("leaves the rest to the agency, the two adding up exactly", () => {
    expect(agencyShare(13_200, 40)).toBe(7_920);
    expect(partnerCommission(1_000.01, 33.33) + agencyShare(1_000.01, 33.33)).toBeCloseTo(1_000.01, 10);
  });
  it("refuses impossible inputs", () => {
    expect(() => partnerCommission(-1, 10)).toThrow(/zero or more/);
    expect(() => partnerCommission(100, 101)).toThrow(/between 0 and 100/);
  });
});
