/** Merge values per inbox (core/inbox/merge-values.ts) through a real template. */
import { describe, expect, it } from "vitest";
import type { InboxRow } from "./inbox-schema.ts";
import { inboxMergeValues } from "./merge-values.ts";
import { mergeTemplate } from "./reply-template.ts";

const base: InboxRow = {
  id: "r1",
  full_name: "Adwoa Boateng",
  email: "adwoa@example.com",
  phone: "+233277654321",
  status: "requested",
  assignee_id: null,
  source_host: null,
  created_at: "2026-12-01T09:00:00Z",
  updated_at: "2026-12-01T09:00:00Z",
  last_reply_at: null,
};

describe("inboxMergeValues", () => {
  it("a consultation: service, date and time in Accra, the agent", () => {
    const v = inboxMergeValues(
      "consultations",
      { ...base, service: "property-valuation", starts_at: "2026-12-08T14:00:00Z" },
      { name: "Ama Owusu" },
    );
    expect(
      mergeTemplate("Dear {{first_name}}, your {{service}} on {{date}} at {{time}}. {{agent_first_name}}", v)
        .text,
    ).toBe("Dear Adwoa, your Property valuation on Tuesday 8 December 2026 at 14:00. Ama");
  });

  it("a viewing names the listing; a request its places; a message its subject", () => {
    expect(
      inboxMergeValues("bookings", { ...base, property_slug: "3-bedroom-house-spintex" }, null).property,
    ).toBe("3 bedroom house spintex");
    expect(
      inboxMergeValues("property_requests", { ...base, locations: ["East Legon", "Cantonments"] }, null)
        .locations,
    ).toBe("East Legon, Cantonments");
    expect(
      inboxMergeValues("contact_submissions", { ...base, subject: "Land in Oyarifa" }, null).subject,
    ).toBe("Land in Oyarifa");
  });

  it("what a record cannot fill stays missing", () => {
    expect(
      mergeTemplate("{{service}} {{date}}", inboxMergeValues("contact_submissions", base, null)).missing,
    ).toEqual(["service", "date"]);
  });
});
