import { describe, expect, it } from "vitest";
import { moveItem, TODO_TITLE_MAX, todoTitleSchema } from "./todo-schema.ts";

describe("a todo's text", () => {
  it("is one trimmed line", () => {
    expect(todoTitleSchema.parse("  Call Auntie Esi about the Osu flat \n")).toBe(
      "Call Auntie Esi about the Osu flat",
    );
    expect(todoTitleSchema.parse("Chase\tthe   surveyor")).toBe("Chase the surveyor");
  });
  it("refuses nothing and too much, with a message for the box", () => {
    expect(todoTitleSchema.safeParse("   ").error?.issues[0]?.message).toBe("Type something to add");
    expect(todoTitleSchema.safeParse("x".repeat(TODO_TITLE_MAX + 1)).error?.issues[0]?.message).toBe(
      `Keep a todo under ${TODO_TITLE_MAX} characters`,
    );
    expect(todoTitleSchema.safeParse("x".repeat(TODO_TITLE_MAX)).success).toBe(true);
  });
});

describe("reordering", () => {
  it("moves one item and keeps the rest in order", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(["a", "b"], 1, 1)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 0, 5)).toEqual(["a", "b"]);
  });
});
