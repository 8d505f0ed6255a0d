import { describe, expect, it } from "vitest";
import { bulkResultSchema, bulkSummary, describeRefusals } from "./bulk-action.ts";

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe("bulk action results", () => {
  it("groups refusals by reason", () => {
    expect(
      describeRefusals([
        { id: id(1), name: "Ama", reason: "owned by another agent" },
        { id: id(2), name: "Kofi", reason: "owned by another agent" },
        { id: id(3), name: null, reason: "not found, or not yours to see" },
        { id: id(4), name: "Esi", reason: "owned by another agent" },
      ]),
    ).toBe("3 not changed: owned by another agent; 1 not changed: not found, or not yours to see");
    expect(describeRefusals([], "restored")).toBe("");
  });

  it("summarises what changed and what already was so", () => {
    const result = bulkResultSchema.parse({
      matched: 5,
      changed: 4,
      unchanged: 1,
      refused: [],
      previous: [],
    });
    expect(bulkSummary(result, { one: "contact", many: "contacts" })).toBe(
      "4 contacts changed, 1 already so",
    );
    expect(
      bulkSummary({ ...result, changed: 1, unchanged: 0 }, { one: "task", many: "tasks" }, "deleted"),
    ).toBe("1 task deleted");
  });

  it("refuses a result that is not a bulk result", () => {
    expect(bulkResultSchema.safeParse({ matched: 1, changed: 1 }).success).toBe(false);
    expect(
      bulkResultSchema.safeParse({
        matched: 1,
        changed: 1,
        unchanged: 0,
        refused: [{ id: "x" }],
        previous: [],
      }).success,
    ).toBe(false);
  });
});
