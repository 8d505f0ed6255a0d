import { describe, expect, it } from "vitest";
import { notificationCategory, safeInAppLink, shouldPush } from "./notifications.ts";

describe("notification categories (mirror of private.notification_category)", () => {
  it.each([
    ["deal_won", "deals"],
    ["invoice_overdue", "deals"],
    ["payment_received", "deals"],
    ["contact_assigned", "clients"],
    ["lead_assigned", "clients"],
    ["booking_requested", "clients"],
    ["match_found", "clients"],
    ["campaign_sent", "marketing"],
    ["team_mention", "team"],
    ["task_assigned", "general"],
  ])("%s → %s", (kind, category) => expect(notificationCategory(kind)).toBe(category));
});

describe("shouldPush (the user_settings defaults)", () => {
  it("follows each category's push setting, with the spec's defaults when unset", () => {
    expect(shouldPush(null, "deal_won")).toBe(true);
    expect(shouldPush({ push_deals: false }, "deal_won")).toBe(false);
    expect(shouldPush(null, "campaign_sent"), "push_marketing defaults to false").toBe(false);
    expect(shouldPush({ push_marketing: true }, "campaign_sent")).toBe(true);
    expect(shouldPush({ push_clients: false }, "contact_assigned")).toBe(false);
    expect(
      shouldPush({ push_deals: false, push_clients: false }, "task_assigned"),
      "operational kinds always show",
    ).toBe(true);
  });
});

describe("safeInAppLink", () => {
  it("keeps in-app paths and drops anything that leaves the app", () => {
    expect(safeInAppLink("/deals?id=1")).toBe("/deals?id=1");
    expect(safeInAppLink("/tasks?id=t1")).toBe("/tasks/t1");
    expect(safeInAppLink("/consultations?open=c1")).toBe("/consultations/c1");
    expect(safeInAppLink("//evil.example")).toBeNull();
    expect(safeInAppLink("/\\evil.example")).toBeNull();
    expect(safeInAppLink("https://evil.example")).toBeNull();
    expect(safeInAppLink(null)).toBeNull();
  });
});
