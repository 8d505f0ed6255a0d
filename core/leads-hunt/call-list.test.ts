/** The call list's order, the outcomes' timeline lines, follow-up tasks and the day's goal, with worked examples. */
import { describe, expect, it } from "vitest";
import { callReason, dailyGoal, DEFAULT_DAILY_GOAL, followUpTask, outcomeSummary, prioritise, weekdaysBetween, type CallLead } from "./call-list.ts";

const now = new Date("2026-11-23T10:00:00Z");
const lead = (id: string, over: Partial<CallLead>): CallLead => ({
  id,
  display_name: `Lead ${id}`,
  phone: "+233241234567",
  email: null,
  stage: "lead",
  source: "referral",
  city: "Accra",
  neighbourhood: null,
  last_activity_at: null,
  created_at: "2026-11-01T09:00:00Z",
  ...over,
});

describe("the call list", () => {
  it("puts new form submissions first (newest first), then never contacted, then the longest silent", () => {
    const list = prioritise(
      [
        lead("silent-10d", { last_activity_at: "2026-11-13T10:00:00Z" }),
        lead("recent", { last_activity_at: "2026-11-22T10:00:00Z" }),
        lead("never", {}),
        lead("form-old", { source: "website_form", created_at: "2026-11-22T08:00:00Z" }),
        lead("form-new", { source: "website_form", created_at: "2026-11-23T08:00:00Z" }),
        lead("silent-30d", { last_activity_at: "2026-10-24T10:00:00Z" }),
        lead("no-phone", { phone: null }),
      ],
      now,
    );
    expect(list.map((l) => l.id)).toEqual(["form-new", "form-old", "never", "silent-30d", "silent-10d"]);
  });

  it("a form submission already called is no longer new", () => {
    expect(callReason(lead("x", { source: "website_form", created_at: "2026-11-23T08:00:00Z", last_activity_at: "2026-11-23T09:00:00Z" }), now)).toBeNull();
  });

  it("writes one line per outcome", () => {
    expect(outcomeSummary("no_answer", null, String)).toBe("Call: no answer");
    expect(outcomeSummary("call_back", "2026-11-24T15:00:00Z", () => "tomorrow 15:00")).toBe("Call: asked to be called back tomorrow 15:00");
    expect(outcomeSummary("wrong_number", null, String)).toBe("Call: wrong number");
  });
});

describe("follow-up tasks and the day's goal", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it("creates a task for a call back (at its time) and an interested lead (tomorrow), none for the rest", () => {
    expect(followUpTask("call_back", "Esi Quaye", "2026-12-01T15:30:00.000Z", now)).toEqual({ title: "Call back Esi Quaye", dueAt: "2026-12-01T15:30:00.000Z" });
    expect(followUpTask("interested", "Esi Quaye", null, now)).toEqual({ title: "Follow up Esi Quaye (interested)", dueAt: "2026-11-24T10:00:00.000Z" });
    for (const o of ["no_answer", "not_interested", "wrong_number"] as const) expect(followUpTask(o, "Esi Quaye", null, now)).toBeNull();
  });
  it("spreads the period's leads-contacted target over its weekdays", () => {
    expect(weekdaysBetween("2026-11-01", "2026-11-30")).toBe(21);
    expect(dailyGoal({ target: 210, period_start: "2026-11-01", period_end: "2026-11-30" })).toBe(10);
    expect(dailyGoal({ target: 100, period_start: "2026-11-01", period_end: "2026-11-30" })).toBe(5);
    expect(dailyGoal({ target: 1, period_start: "2026-11-01", period_end: "2026-11-30" })).toBe(1);
    expect(dailyGoal(null)).toBe(DEFAULT_DAILY_GOAL);
  });
});
