import { describe, expect, it } from "vitest";
import { dueWindow, taskListQuery } from "./task-list.ts";
import { readListQuery } from "../records/list-query.ts";
import { REMINDER_IN_PAST, REPEAT_NEEDS_DUE, taskFormSchema, taskFormValues } from "./task-schema.ts";

const now = new Date("2026-11-25T12:00:00Z");
const schema = taskFormSchema({ now: () => now });
const valid = {
  ...taskFormValues(null),
  title: "Call Mrs. Boakye about the Ahodwo viewing",
  due_at: "2026-11-26T10:00",
  remind_at: "2026-11-26T09:30",
};
const issues = (s: ReturnType<typeof taskFormSchema>, v: unknown) =>
  Object.fromEntries((s.safeParse(v).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the task form", () => {
  it("saves Accra wall times as UTC and empty choices as null", () => {
    expect(schema.parse(valid)).toMatchObject({
      due_at: "2026-11-26T10:00:00.000Z",
      remind_at: "2026-11-26T09:30:00.000Z",
      assignee_id: null,
      property_id: null,
      description: null,
      status: "todo",
      priority: "normal",
    });
  });
  it("refuses a reminder in the past, at its field", () => {
    expect(issues(schema, { ...valid, remind_at: "2026-11-25T11:59" })).toEqual({
      remind_at: REMINDER_IN_PAST,
    });
  });
  it("lets an unchanged past reminder stay when the task is edited", () => {
    const saved = "2026-11-20T08:00:00.000Z";
    const editing = taskFormSchema({ savedRemindAt: saved, now: () => now });
    expect(editing.safeParse({ ...valid, remind_at: "2026-11-20T08:00" }).success).toBe(true);
    expect(issues(editing, { ...valid, remind_at: "2026-11-21T08:00" })).toEqual({
      remind_at: REMINDER_IN_PAST,
    });
  });
  it("a repeating task needs a due date; every message shows at once", () => {
    expect(issues(schema, { ...valid, title: "", due_at: "", recurrence: "weekly" })).toEqual({
      title: "Give the task a title",
      due_at: REPEAT_NEEDS_DUE,
    });
    expect(issues(schema, { ...valid, assignee_id: "ama" })).toEqual({
      assignee_id: "Choose a team member from the list",
    });
    expect(issues(schema, { ...valid, due_at: "2026-02-30T10:00" })).toEqual({
      due_at: "Enter a date and time",
    });
  });
});

describe("the list in the URL", () => {
  it("reads filters and reports bad ones", () => {
    const { query, issues: bad } = readListQuery(
      taskListQuery,
      new URLSearchParams("status=todo&status=nope&assignee=me&due=overdue&sort=-priority"),
    );
    expect(query.filters).toEqual({ status: ["todo"], assignee: "me", due: "overdue" });
    expect(query.sort).toEqual({ column: "priority", direction: "desc" });
    expect(bad.map((i) => i.param)).toEqual(["status"]);
  });
  it("due windows are Accra days; this week starts on Monday", () => {
    expect(dueWindow("today", now)).toEqual({
      from: "2026-11-25T00:00:00.000Z",
      to: "2026-11-26T00:00:00.000Z",
    });
    expect(dueWindow("week", now)).toEqual({
      from: "2026-11-23T00:00:00.000Z",
      to: "2026-11-30T00:00:00.000Z",
    });
    expect(dueWindow("overdue", now)).toEqual({ to: "2026-11-25T12:00:00.000Z" });
  });
});
