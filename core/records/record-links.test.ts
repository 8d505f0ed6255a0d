import { describe, expect, it } from "vitest";
import { currentRecordLink, legacyRecordPath, recordPath } from "./record-links.ts";

describe("recordPath", () => {
  it("opens every record that has a page on its page, never on a list pane", () => {
    expect(recordPath("tasks", "t1")).toBe("/tasks/t1");
    expect(recordPath("events", "e1")).toBe("/events/e1");
    expect(recordPath("bookings", "b1")).toBe("/booking-management/b1");
    expect(recordPath("consultations", "c1")).toBe("/consultations/c1");
    expect(recordPath("contact_submissions", "s1")).toBe("/contact-submissions/s1");
    expect(recordPath("property_requests", "r1")).toBe("/property-requests/r1");
    expect(recordPath("invoices", "i1")).toBe("/invoices-receipts/i1");
    expect(recordPath("payments", "p1")).toBe("/payments/p1");
    expect(recordPath("email_campaigns", "m1")).toBe("/email-marketing/campaigns/m1");
    expect(recordPath("action_plans", "a1")).toBe("/action-plans/a1");
  });

  it("has no path for an unknown table or a missing id, and keeps an odd id inside its segment", () => {
    expect(recordPath("nothing", "x")).toBeNull();
    expect(recordPath("deals", null)).toBeNull();
    expect(recordPath(null, "x")).toBeNull();
    expect(recordPath("deals", "a/b?c")).toBe("/deals/a%2Fb%3Fc");
  });
});

describe("old list links", () => {
  it("name the record's page for each list that opened a record beside it", () => {
    expect(legacyRecordPath("/tasks", "?id=t1")).toBe("/tasks/t1");
    expect(legacyRecordPath("/events/", "?id=e1&view=week")).toBe("/events/e1");
    expect(legacyRecordPath("/booking-management", "?status=new&open=b1")).toBe("/booking-management/b1");
    expect(legacyRecordPath("/contact-submissions", "?open=s1")).toBe("/contact-submissions/s1");
    expect(legacyRecordPath("/business-contacts", "?open=c1")).toBe("/business-contacts/c1");
    expect(legacyRecordPath("/deals", "?open=d1")).toBe("/deals/d1");
  });

  it("leave lists, other parameters and other paths alone", () => {
    expect(legacyRecordPath("/tasks", "")).toBeNull();
    expect(legacyRecordPath("/tasks", "?id=")).toBeNull();
    expect(legacyRecordPath("/tasks", "?open=t1")).toBeNull();
    expect(legacyRecordPath("/consultations", "?id=c1")).toBeNull();
    expect(legacyRecordPath("/announcements", "?id=a1")).toBeNull();
    expect(legacyRecordPath("/tasks/t1", "?id=t2")).toBeNull();
  });

  it("are rewritten wherever a stored link is followed", () => {
    expect(currentRecordLink("/tasks?id=t1")).toBe("/tasks/t1");
    expect(currentRecordLink("/property-requests?open=r1#matches")).toBe("/property-requests/r1");
    expect(currentRecordLink("/announcements?id=a1")).toBe("/announcements?id=a1");
    expect(currentRecordLink("/deals/d1")).toBe("/deals/d1");
    expect(currentRecordLink("/files?file=f1")).toBe("/files?file=f1");
  });
});
