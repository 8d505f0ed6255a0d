import { describe, expect, it } from "vitest";
import { ownRecordsFilter, ownScope } from "./own-records.ts";

const me = "00000000-0000-4000-a000-000000000002";
const modes = [
  { module: "contacts", mode: "own" as const },
  { module: "deals", mode: "all" as const },
  { module: "events", mode: "branch" as const },
];

describe("own scope", () => {
  it("admins list everything, whatever the modes", () => {
    expect(ownScope("admin", me, undefined, "contacts")).toBeNull();
  });
  it("staff list their own in an 'own' module, everything in an 'all' one, own where no row exists", () => {
    expect(ownScope("staff", me, modes, "contacts")).toBe(me);
    expect(ownScope("staff", me, modes, "deals")).toBeNull();
    expect(ownScope("staff", me, modes, "tasks")).toBe(me);
  });
  it("staff in a 'branch' module send no owner filter (the policy's member list decides)", () => {
    expect(ownScope("staff", me, modes, "events")).toBeNull();
  });
  it("waits for the modes and the role", () => {
    expect(ownScope("staff", me, undefined, "contacts")).toBeUndefined();
    expect(ownScope(null, me, modes, "contacts")).toBeUndefined();
  });
});

describe("the own-records filter", () => {
  it("repeats the policy's own arm over owner and assignee", () => {
    expect(ownRecordsFilter(me)).toBe(`owner_id.eq.${me},assignee_id.eq.${me}`);
    expect(ownRecordsFilter(me, ["assignee_id"])).toBe(`assignee_id.eq.${me}`);
  });
  it("refuses anything but a user id (it is pasted into a filter)", () => {
    expect(() => ownRecordsFilter("x),or(true")).toThrow();
  });
});
