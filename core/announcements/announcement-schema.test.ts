import { describe, expect, it } from "vitest";
import {
  announcementFormSchema,
  announcementOrder,
  audienceIncludes,
  isLive,
} from "./announcement-schema.ts";

const now = new Date("2026-11-25T10:00:00Z");
const schema = announcementFormSchema({ now: () => now });
const valid = {
  title: "Office closed on Farmers' Day",
  body: "The office is closed on **Friday 4 December**.",
  audience: "everyone",
  pinned: true,
  expires_at: "",
};

describe("audience", () => {
  it("everyone reaches staff and admins; admins only admins; staff only staff; nobody without a role", () => {
    expect(audienceIncludes("everyone", "staff")).toBe(true);
    expect(audienceIncludes("everyone", "admin")).toBe(true);
    expect(audienceIncludes("admins", "staff")).toBe(false);
    expect(audienceIncludes("admins", "admin")).toBe(true);
    expect(audienceIncludes("staff", "staff")).toBe(true);
    expect(audienceIncludes("staff", "admin")).toBe(false);
    expect(audienceIncludes("everyone", null)).toBe(false);
    expect(audienceIncludes("everyone", "visitor")).toBe(false);
  });
});

describe("expiry and order", () => {
  it("a notice is live until its expiry", () => {
    expect(isLive({ expires_at: null }, now)).toBe(true);
    expect(isLive({ expires_at: "2026-11-25T10:00:01Z" }, now)).toBe(true);
    expect(isLive({ expires_at: "2026-11-25T10:00:00Z" }, now)).toBe(false);
  });
  it("pinned first, then newest", () => {
    const rows = [
      { id: "old", pinned: false, created_at: "2026-11-01T00:00:00Z" },
      { id: "pinned-old", pinned: true, created_at: "2026-10-01T00:00:00Z" },
      { id: "new", pinned: false, created_at: "2026-11-20T00:00:00Z" },
    ];
    expect(rows.sort(announcementOrder).map((r) => r.id)).toEqual(["pinned-old", "new", "old"]);
  });
});

describe("the form", () => {
  it("reads an expiry in Africa/Accra as UTC, or none", () => {
    expect(schema.parse(valid).expires_at).toBeNull();
    expect(schema.parse({ ...valid, expires_at: "2026-12-05T18:00" }).expires_at).toBe(
      "2026-12-05T18:00:00.000Z",
    );
  });
  it("refuses a past expiry, a missing title and an unknown audience, each at its field", () => {
    const r = schema.safeParse({
      ...valid,
      title: " ",
      audience: "partners",
      expires_at: "2026-11-25T09:59",
    });
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(byField).toEqual({
      title: "Give the announcement a title",
      audience: "Choose who should see it",
      expires_at: "The expiry must be in the future",
    });
  });
  it("keeps the unchanged expiry of a notice being edited, even once passed", () => {
    const editing = announcementFormSchema({ now: () => now, savedExpiresAt: "2026-11-20T18:00:00.000Z" });
    expect(editing.parse({ ...valid, expires_at: "2026-11-20T18:00" }).expires_at).toBe(
      "2026-11-20T18:00:00.000Z",
    );
    expect(editing.safeParse({ ...valid, expires_at: "2026-11-21T18:00" }).success).toBe(false);
  });
});
