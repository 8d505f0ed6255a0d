import { describe, expect, it } from "vitest";
import { goalFormSchema, periodElapsed, periodEnd, periodLabel, periodStart } from "./goal-schema.ts";

describe("goal periods (Africa/Accra calendar)", () => {
  it("finds the period of a day", () => {
    expect(periodStart("month", "2026-11-23")).toBe("2026-11-01");
    expect(periodStart("quarter", "2026-11-23")).toBe("2026-10-01");
    expect(periodStart("quarter", "2026-03-31")).toBe("2026-01-01");
    expect(periodStart("year", "2026-11-23")).toBe("2026-01-01");
  });

  it("ends them on the right day, leap years included", () => {
    expect(periodEnd("month", "2028-02-01")).toBe("2028-02-29");
    expect(periodEnd("month", "2026-02-01")).toBe("2026-02-28");
    expect(periodEnd("quarter", "2026-10-01")).toBe("2026-12-31");
    expect(periodEnd("year", "2026-01-01")).toBe("2026-12-31");
  });

  it("labels them and says how much of the period has passed", () => {
    expect(periodLabel("month", "2026-11-01")).toBe("Nov 2026");
    expect(periodLabel("quarter", "2026-10-01")).toBe("Q4 2026");
    expect(periodLabel("year", "2026-01-01")).toBe("2026");
    expect(periodElapsed("month", "2026-11-01", "2026-11-15")).toBe(0.5);
    expect(periodElapsed("month", "2026-11-01", "2026-12-15")).toBe(1);
  });

  it("the form saves the period's first day, the team as no person, and refuses bad targets", () => {
    expect(
      goalFormSchema.parse({
        metric: "deals_won",
        target: "5",
        period_type: "quarter",
        period_day: "2026-11-23",
        who: "team",
        notes: "",
      }),
    ).toEqual({
      metric: "deals_won",
      target: 5,
      period_type: "quarter",
      period_start: "2026-10-01",
      user_id: null,
      notes: null,
    });
    const bad = goalFormSchema.safeParse({
      metric: "deals_won",
      target: "2.5",
      period_type: "month",
      period_day: "2026-11-23",
      who: "team",
      notes: "",
    });
    expect(bad.error?.issues[0]?.message).toBe("Count targets are whole numbers");
    expect(
      goalFormSchema.safeParse({
        metric: "revenue",
        target: "250,000.50",
        period_type: "month",
        period_day: "2026-11-23",
        who: "team",
        notes: "",
      }).data?.target,
    ).toBe(250000.5);
  });
});
