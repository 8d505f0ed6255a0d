/** Merge fields fill as the database fills them; unknown fields are found for the editor's warning. */
import { describe, expect, it } from "vitest";
import { renderMerge, segmentFilterSchema, unknownMergeFields } from "./merge.ts";

describe("renderMerge", () => {
  it("fills each field, empty when missing, and leaves other braces alone", () => {
    const r = { first_name: "Akosua", last_name: "Frimpong", city: "Kumasi", email: "akosua@example.com" };
    expect(renderMerge("Hello {{first_name}} ({{full_name}}) in {{city}} <{{email}}> {{nope}}", r)).toBe(
      "Hello Akosua (Akosua Frimpong) in Kumasi <akosua@example.com> {{nope}}",
    );
    expect(
      renderMerge("Hi {{first_name}}, {{full_name}}!", {
        first_name: null,
        last_name: "Boateng",
        city: null,
        email: null,
      }),
    ).toBe("Hi , Boateng!");
  });

  it("names merge fields that do not exist, spaces included (the database fills only exact names)", () => {
    expect(unknownMergeFields("{{firstname}} {{ city }} {{first_name}} {{firstname}}")).toEqual([
      "firstname",
      " city ",
    ]);
  });

  it("reads a segment filter, refusing unknown stages", () => {
    expect(segmentFilterSchema.parse({ stages: ["client"] })).toEqual({
      stages: ["client"],
      types: [],
      tags: [],
      sources: [],
      cities: [],
    });
    expect(segmentFilterSchema.safeParse({ stages: ["vip"] }).success).toBe(false);
  });
});
