import { describe, expect, it } from "vitest";
import { isMissingRecord, nextStep, tabFromUrl } from "./record-page.ts";

const now = new Date("2026-11-28T10:00:00Z");

describe("nextStep: the earliest open task or upcoming appointment", () => {
  it("an overdue task outranks next week's viewing, and says it is overdue", () => {
    expect(
      nextStep(
        [{ id: "t1", title: "Call back Kofi", due_at: "2026-11-27T09:00:00Z" }],
        [{ id: "e1", title: "Viewing, East Legon", starts_at: "2026-12-03T10:00:00Z", status: "scheduled" }],
        now,
      ),
    ).toEqual({ kind: "task", id: "t1", title: "Call back Kofi", at: "2026-11-27T09:00:00Z", overdue: true });
  });

  it("tomorrow's viewing comes before a task due next week", () => {
    expect(
      nextStep(
        [{ id: "t1", title: "Send the offer", due_at: "2026-12-05T09:00:00Z" }],
        [{ id: "e1", title: "Viewing", starts_at: "2026-11-29T10:00:00Z", status: "scheduled" }],
        now,
      ),
    ).toMatchObject({ kind: "appointment", id: "e1", overdue: false });
  });

  it("cancelled and past appointments are never the next step; an undated task is, when nothing else is", () => {
    expect(
      nextStep(
        [{ id: "t1", title: "Ask for the title deed", due_at: null }],
        [
          { id: "e1", title: "Cancelled viewing", starts_at: "2026-11-29T10:00:00Z", status: "cancelled" },
          { id: "e2", title: "Yesterday's viewing", starts_at: "2026-11-27T10:00:00Z", status: "scheduled" },
        ],
        now,
      ),
    ).toEqual({ kind: "task", id: "t1", title: "Ask for the title deed", at: null, overdue: false });
  });

  it("a dated step outranks an undated task; nothing planned is null", () => {
    expect(
      nextStep(
        [
          { id: "t1", title: "Someday", due_at: null },
          { id: "t2", title: "Dated", due_at: "2026-12-20T09:00:00Z" },
        ],
        [],
        now,
      )?.id,
    ).toBe("t2");
    expect(nextStep([], [], now)).toBeNull();
  });

  it("a task and an appointment at the same minute: the task first", () => {
    const at = "2026-11-30T10:00:00Z";
    expect(
      nextStep(
        [{ id: "t1", title: "Prepare", due_at: at }],
        [{ id: "e1", title: "Meet", starts_at: at, status: "scheduled" }],
        now,
      )?.kind,
    ).toBe("task");
  });
});

describe("tabFromUrl", () => {
  const tabs = ["overview", "details", "history"] as const;
  it("the tab the URL names, else the first (summary-first) tab", () => {
    expect(tabFromUrl(tabs, "history")).toBe("history");
    expect(tabFromUrl(tabs, null)).toBe("overview");
    expect(tabFromUrl(tabs, "<script>")).toBe("overview");
  });
});

describe("isMissingRecord", () => {
  it("no row (PGRST116), a definer's 404 and a malformed id mean 'not there for you'; other failures do not", () => {
    expect(isMissingRecord({ code: "PGRST116", message: "0 rows", details: null, hint: null })).toBe(true);
    expect(isMissingRecord({ code: "PT404", message: "Not found", details: null, hint: null })).toBe(true);
    expect(
      isMissingRecord({
        code: "22P02",
        message: "invalid input syntax for type uuid",
        details: null,
        hint: null,
      }),
    ).toBe(true);
    expect(isMissingRecord({ code: "PGRST301", message: "JWT expired", details: null, hint: null })).toBe(
      false,
    );
    expect(isMissingRecord(new TypeError("Failed to fetch"))).toBe(false);
  });
});
