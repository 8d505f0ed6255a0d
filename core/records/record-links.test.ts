import { describe, expect, it } from "vitest";
import { currentRecordLink, legacyRecordPath, recordPath } from "./record-links.ts";

/**
 * Each record's page, and the old list links (path, query) that opened the record beside its
 * list before records had pages: those lead to the same page now.
 */
const RECORD_PAGES: { table: string; id: string; page: string; oldLinks: [string, string][] }[] = [
  { table: "tasks", id: "t1", page: "/tasks/t1", oldLinks: [["/tasks", "?id=t1"]] },
  { table: "events", id: "e1", page: "/events/e1", oldLinks: [["/events/", "?id=e1&view=week"]] },
  {
    table: "bookings",
    id: "b1",
    page: "/booking-management/b1",
    oldLinks: [["/booking-management", "?status=new&open=b1"]],
  },
  { table: "consultations", id: "c1", page: "/consultations/c1", oldLinks: [["/consultations", "?open=c1"]] },
  {
    table: "contact_submissions",
    id: "s1",
    page: "/contact-submissions/s1",
    oldLinks: [["/contact-submissions", "?open=s1"]],
  },
  {
    table: "property_requests",
    id: "r1",
    page: "/property-requests/r1",
    oldLinks: [["/property-requests", "?open=r1"]],
  },
  {
    table: "contacts",
    id: "k1",
    page: "/business-contacts/k1",
    oldLinks: [["/business-contacts", "?open=k1"]],
  },
  { table: "deals", id: "d1", page: "/deals/d1", oldLinks: [["/deals", "?open=d1"]] },
  { table: "invoices", id: "i1", page: "/invoices-receipts/i1", oldLinks: [] },
  { table: "payments", id: "p1", page: "/payments/p1", oldLinks: [] },
  { table: "email_campaigns", id: "m1", page: "/email-marketing/campaigns/m1", oldLinks: [] },
  { table: "action_plans", id: "a1", page: "/action-plans/a1", oldLinks: [] },
];

describe("recordPath", () => {
  it("opens every record that has a page on its page, never on a list pane", () => {
    for (const { table, id, page } of RECORD_PAGES) expect(recordPath(table, id), table).toBe(page);
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
    for (const { page, oldLinks } of RECORD_PAGES)
      for (const [path, search] of oldLinks) expect(legacyRecordPath(path, search), path + search).toBe(page);
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
