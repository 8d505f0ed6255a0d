/** The call list's order, the outcomes' timeline lines, follow-up tasks and the day's goal, with worked examples. */
import { describe, expect, it } from "vitest";
import {
  callReason,
  callReasonLabel,
  dailyGoal,
  DEFAULT_DAILY_GOAL,
  followUpTask,
  leaseDue,
  outcomeSummary,
  prioritise,
  weekdaysBetween,
  type CallLead,
  type ExpiringLease,
} from "./call-list.ts";

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
    expect(
      callReason(
        lead("x", {
          source: "website_form",
          created_at: "2026-11-23T08:00:00Z",
          last_activity_at: "2026-11-23T09:00:00Z",
        }),
        now,
      ),
    ).toBeNull();
  });

  it("writes one line per outcome", () => {
    expect(outcomeSummary("no_answer", null, String)).toBe("Call: no answer");
    expect(outcomeSummary("call_back", "2026-11-24T15:00:00Z", () => "tomorrow 15:00")).toBe(
      "Call: asked to be called back tomorrow 15:00",
    );
    expect(outcomeSummary("wrong_number", null, String)).toBe("Call: wrong number");
  });
});

describe("expiring rentals", () => {
  const lease = (
    dealId: string,
    leaseEndDate: string,
    tenant: Partial<CallLead> = {},
    lastCalledAt: string | null = "2026-10-01T10:00:00Z",
  ): ExpiringLease => ({
    dealId,
    leaseEndDate,
    // The let was logged on the timeline yesterday: not a call, so it does not count.
    tenant: lead(`tenant-${dealId}`, {
      stage: "client",
      last_activity_at: "2026-11-22T10:00:00Z",
      ...tenant,
    }),
    lastCalledAt,
  });

  it("brings up the tenant of a lease ending within 60 days, after new submissions and before the rest, soonest first", () => {
    const list = prioritise(
      [
        lead("never", {}),
        lead("form-new", { source: "website_form", created_at: "2026-11-23T08:00:00Z" }),
        lead("silent-30d", { last_activity_at: "2026-10-24T10:00:00Z" }),
      ],
      now,
      [
        lease("in-50d", "2027-01-12"),
        lease("in-5d", "2026-11-28"),
        lease("in-61d", "2027-01-23"),
        lease("ended", "2026-11-22"),
      ],
    );
    expect(list.map((l) => l.id)).toEqual([
      "form-new",
      "tenant-in-5d",
      "tenant-in-50d",
      "never",
      "silent-30d",
    ]);
    expect(list[2]).toMatchObject({ reason: "lease_ending", leaseEndDate: "2027-01-12" });
    expect(callReasonLabel(list[2]!)).toBe("Lease ends 12 Jan");
    expect(callReasonLabel(list[3]!)).toBe("Never contacted");
  });

  it("the window's edges: today and day 60 count, day 61 and yesterday do not", () => {
    expect(leaseDue(lease("a", "2026-11-23"), now)).toBe(true);
    expect(leaseDue(lease("a", "2027-01-22"), now)).toBe(true);
    expect(leaseDue(lease("a", "2027-01-23"), now)).toBe(false);
    expect(leaseDue(lease("a", "2026-11-22"), now)).toBe(false);
  });

  it("a tenant called this week, or without a phone, is not due; one never called is", () => {
    expect(leaseDue(lease("a", "2026-12-20", {}, "2026-11-20T10:00:00Z"), now)).toBe(false);
    expect(leaseDue(lease("a", "2026-12-20", {}, "2026-11-16T09:00:00Z"), now)).toBe(true);
    expect(leaseDue(lease("a", "2026-12-20", {}, null), now)).toBe(true);
    expect(prioritise([], now, [lease("a", "2026-12-20", { phone: null })])).toEqual([]);
  });

  it("lists a person once: the lease is the reason unless they just sent a form", () => {
    const tenantAlsoLead = lease("x", "2026-12-20", { id: "same", last_activity_at: null }, null);
    expect(prioritise([lead("same", {})], now, [tenantAlsoLead]).map((l) => [l.id, l.reason])).toEqual([
      ["same", "lease_ending"],
    ]);
    const formToo = lead("same", { source: "website_form", created_at: "2026-11-23T08:00:00Z" });
    expect(prioritise([formToo], now, [tenantAlsoLead]).map((l) => [l.id, l.reason])).toEqual([
      ["same", "new_submission"],
    ]);
  });
});

describe("follow-up tasks and the day's goal", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it("creates a task for a call back (at its time) and an interested lead (tomorrow), none for the rest", () => {
    expect(followUpTask("call_back", "Esi Quaye", "2026-12-01T15:30:00.000Z", now)).toEqual({
      title: "Call back Esi Quaye",
      dueAt: "2026-12-01T15:30:00.000Z",
    });
    expect(followUpTask("interested", "Esi Quaye", null, now)).toEqual({
      title: "Follow up Esi Quaye (interested)",
      dueAt: "2026-11-24T10:00:00.000Z",
    });
    for (const o of ["no_answer", "not_interested", "wrong_number"] as const)
      expect(followUpTask(o, "Esi Quaye", null, now)).toBeNull();
  });
  it("spreads the period's leads-contacted target over its weekdays", () => {
    expect(weekdaysBetween("2026-11-01", "2026-11-30")).toBe(21);
    expect(dailyGoal({ target: 210, period_start: "2026-11-01", period_end: "2026-11-30" })).toBe(10);
    expect(dailyGoal({ target: 100, period_start: "2026-11-01", period_end: "2026-11-30" })).toBe(5);
    expect(dailyGoal({ target: 1, period_start: "2026-11-01", period_end: "2026-11-30" })).toBe(1);
    expect(dailyGoal(null)).toBe(DEFAULT_DAILY_GOAL);
  });
});
