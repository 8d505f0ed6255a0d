import { describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS } from "../constants.ts";
import {
  avatarPath,
  avatarProblem,
  DEFAULT_SETTINGS_FORM,
  isValidTimeZone,
  settingsFormSchema,
  USER_SETTINGS_COLUMNS,
  userSettingsRowSchema,
} from "./settings.ts";

describe("settings schemas", () => {
  it("the spec's defaults are a valid form value", () => {
    expect(DEFAULT_SETTINGS_FORM).toEqual(DEFAULT_USER_SETTINGS);
    expect(DEFAULT_SETTINGS_FORM.currency).toBe("GHS");
    expect(DEFAULT_SETTINGS_FORM.timezone).toBe("Africa/Accra");
    expect(DEFAULT_SETTINGS_FORM.email_marketing).toBe(false);
  });
  it("rejects unknown currencies, formats and time zones in the form", () => {
    expect(settingsFormSchema.safeParse({ ...DEFAULT_SETTINGS_FORM, currency: "EUR" }).success).toBe(false);
    expect(settingsFormSchema.safeParse({ ...DEFAULT_SETTINGS_FORM, time_format: "25h" }).success).toBe(
      false,
    );
    expect(settingsFormSchema.safeParse({ ...DEFAULT_SETTINGS_FORM, timezone: "Mars/Olympus" }).success).toBe(
      false,
    );
    expect(
      settingsFormSchema.safeParse({ ...DEFAULT_SETTINGS_FORM, currency: "USD", time_format: "12h" }).success,
    ).toBe(true);
  });
  it("reads stored rows leniently, falling back to defaults per field", () => {
    const row = userSettingsRowSchema.parse({
      ...DEFAULT_USER_SETTINGS,
      user_id: "u1",
      currency: "XYZ",
      timezone: "nowhere",
    });
    expect(row.currency).toBe("GHS");
    expect(row.timezone).toBe("Africa/Accra");
  });
  it("selects every column", () => {
    for (const k of Object.keys(DEFAULT_USER_SETTINGS)) expect(USER_SETTINGS_COLUMNS).toContain(k);
  });
  it("knows time zones", () => {
    expect(isValidTimeZone("Africa/Accra")).toBe(true);
    expect(isValidTimeZone("")).toBe(false);
  });
});

describe("avatar checks", () => {
  it("accepts small images only", () => {
    expect(avatarProblem({ size: 1000, type: "image/png" })).toBeNull();
    expect(avatarProblem({ size: 1000, type: "application/pdf" })).toMatch(/PNG/);
    expect(avatarProblem({ size: 3 * 1024 * 1024, type: "image/png" })).toMatch(/2 MB/);
  });
  it("stores under the owner's folder", () => {
    expect(avatarPath("u1", "image/jpeg", 5)).toBe("u1/avatar-5.jpg");
    expect(avatarPath("u1", "image/webp", 5)).toBe("u1/avatar-5.webp");
  });
});
