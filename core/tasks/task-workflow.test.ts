import { describe, expect, it } from "vitest";
import { isOverdue, nextDueAt, nextRemindAt, TASK_STATUSES, taskMoveError } from "./task-workflow.ts";

describe("status moves", () => {
  it("allows the workflow's moves and reopening", () => {
    expect(taskMoveError("todo", "in_progress")).toBeNull();
    expect(taskMoveError("in_progress", "done")).toBeNull();
    expect(taskMoveError("todo", "done")).toBeNull();
    expect(taskMoveError("done", "todo")).toBeNull();
    expect(taskMoveError("cancelled", "todo")).toBeNull();
    for (const s of TASK_STATUSES) expect(taskMoveError(s, s)).toBeNull();
  });
  it("refuses a cancelled task going straight to done, with the way it can go", () => {
    expect(taskMoveError("cancelled", "done")).toBe(
      "A task cannot go from Cancelled to Done. From Cancelled it can go to To do.",
    );
    expect(taskMoveError("done", "cancelled")).toBe(
      "A task cannot go from Done to Cancelled. From Done it can go to To do or In progress.",
    );
  });
});

describe("overdue", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it("is open with a due time in the past", () => {
    expect(isOverdue({ status: "todo", due_at: "2026-11-25T11:59:00Z" }, now)).toBe(true);
    expect(isOverdue({ status: "in_progress", due_at: "2026-11-24T00:00:00Z" }, now)).toBe(true);
    expect(isOverdue({ status: "todo", due_at: "2026-11-25T12:01:00Z" }, now)).toBe(false);
    expect(isOverdue({ status: "done", due_at: "2026-11-01T00:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ status: "todo", due_at: null }, now)).toBe(false);
  });
});

describe("the next occurrence", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it("steps a day, a week or a month from the due time", () => {
    expect(nextDueAt("2026-11-25T17:00:00.000Z", "daily", now)).toBe("2026-11-26T17:00:00.000Z");
    expect(nextDueAt("2026-11-25T17:00:00.000Z", "weekly", now)).toBe("2026-12-02T17:00:00.000Z");
    expect(nextDueAt("2026-11-30T09:00:00.000Z", "monthly", now)).toBe("2026-12-30T09:00:00.000Z");
    expect(nextDueAt("2026-11-25T17:00:00.000Z", "none", now)).toBeNull();
  });
  it("a month after 31 January is the end of February", () => {
    expect(nextDueAt("2027-01-31T09:00:00.000Z", "monthly", new Date("2027-01-01T00:00:00Z"))).toBe(
      "2027-02-28T09:00:00.000Z",
    );
  });
  it("a task done late comes back in the future, not already overdue", () => {
    expect(nextDueAt("2026-11-02T09:00:00.000Z", "weekly", now)).toBe("2026-11-30T09:00:00.000Z");
    expect(nextDueAt("2026-11-20T09:00:00.000Z", "daily", now)).toBe("2026-11-26T09:00:00.000Z");
  });
  it("keeps the reminder's lead time, or drops a reminder that would be past", () => {
    expect(
      nextRemindAt("2026-11-25T17:00:00Z", "2026-11-25T16:00:00Z", "2026-12-02T17:00:00.000Z", now),
    ).toBe("2026-12-02T16:00:00.000Z");
    expect(
      nextRemindAt("2026-11-25T17:00:00Z", "2026-11-20T16:00:00Z", "2026-11-26T13:00:00.000Z", now),
    ).toBeNull();
    expect(nextRemindAt("2026-11-25T17:00:00Z", null, "2026-12-02T17:00:00.000Z", now)).toBeNull();
  });
});
