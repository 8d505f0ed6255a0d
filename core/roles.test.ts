import { describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS } from "./constants.ts";
import { isBackOfficeRole, postSignInPath } from "./roles.ts";

describe("roles", () => {
  it("sends admins to the dashboard and everyone else home", () => {
    expect(postSignInPath("admin")).toBe("/dashboard");
    expect(postSignInPath("staff")).toBe("/");
    expect(postSignInPath(null)).toBe("/");
    expect(postSignInPath(undefined)).toBe("/");
  });
  it("recognises only admin and staff as back-office roles", () => {
    expect(isBackOfficeRole("admin")).toBe(true);
    expect(isBackOfficeRole("staff")).toBe(true);
    expect(isBackOfficeRole("partner")).toBe(false);
    expect(isBackOfficeRole(null)).toBe(false);
  });
});

describe("user_settings defaults", () => {
  it("match the spec", () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
      email_deals: true,
      email_clients: true,
      email_marketing: false,
      push_deals: true,
      push_clients: true,
      push_marketing: false,
      push_team_messages: true,
      sms_reminders: true,
      currency: "GHS",
      date_format: "dd/mm/yyyy",
      time_format: "24h",
      language: "en",
      timezone: "Africa/Accra",
    });
  });
});
