import { describe, expect, it } from "vitest";
import { listScope, ownRecordsFilter } from "./own-records.ts";

const me = "00000000-0000-4000-a000-000000000002";
const modes = [
  { module: "contacts", mode: "own" as const },
  { module: "deals", mode: "all" as const },
];

describe("list scope", () => {
  it("admins list everything, whatever the modes", () => {
    expect(listScope("admin", me, undefined, "contacts")).toEqual({ kind: "all" });
  });
  it("staff list their own in an 'own' module, everything in an 'all' one, own where no row exists", () => {
    expect(listScope("staff", me, modes, "contacts")).toEqual({ kind: "own", userId: me });
    expect(listScope("staff", me, modes, "deals")).toEqual({ kind: "all" });
    expect(listScope("staff", me, modes, "tasks")).toEqual({ kind: "own", userId: me });
  });
  it("waits for the modes and the role", () => {
    expect(listScope("staff", me, undefined, "contacts")).toEqual({ kind: "pending" });
    expect(listScope(null, me, modes, "contacts")).toEqual({ kind: "pending" });
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
