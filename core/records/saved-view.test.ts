import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineListQuery, filter } from "./list-query.ts";
import {
  captureViewParams,
  hasListState,
  resolveSavedView,
  savedViewNameSchema,
  savedViewStateSchema,
} from "./saved-view.ts";

const contacts = defineListQuery({
  sortable: ["updated_at", "display_name"],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [25, 50],
  defaultPageSize: 25,
  filters: {
    stage: filter.many(z.enum(["lead", "client"], { error: "Not a stage" })),
    city: filter.one(z.string().trim().min(2)),
  },
});
const shape = {
  columns: ["name", "stage", "owner"],
  layouts: { view: ["list", "board"] },
  labels: { stage: "Stage", owner: "Owner", colour: "Colour", region: "Region" },
};

describe("savedViewStateSchema", () => {
  it("takes the list's parameters and a column choice", () => {
    const state = { params: "stage=lead&sort=display_name", columns: { owner: false } };
    expect(savedViewStateSchema.parse(state)).toEqual(state);
  });

  it("refuses a state without parameters, oversized parameters and non-boolean columns", () => {
    expect(savedViewStateSchema.safeParse({}).success).toBe(false);
    expect(savedViewStateSchema.safeParse({ params: "x".repeat(4001) }).success).toBe(false);
    expect(savedViewStateSchema.safeParse({ params: "", columns: { owner: "no" } }).success).toBe(false);
  });

  it("names are trimmed, required and bounded", () => {
    expect(savedViewNameSchema.parse("  Hot leads ")).toBe("Hot leads");
    expect(savedViewNameSchema.safeParse("   ").success).toBe(false);
    expect(savedViewNameSchema.safeParse("x".repeat(61)).success).toBe(false);
  });
});

describe("captureViewParams", () => {
  it("keeps the query and the layout, drops the page and anything else", () => {
    const url = new URLSearchParams("page=3&stage=lead&id=abc&view=board&sort=display_name&new=1");
    expect(captureViewParams(contacts, url, shape)).toBe("view=board&sort=display_name&stage=lead");
  });

  it("tells a list URL with state from a bare one", () => {
    expect(hasListState(contacts, new URLSearchParams(""), shape)).toBe(false);
    expect(hasListState(contacts, new URLSearchParams("id=abc"), shape)).toBe(false);
    expect(hasListState(contacts, new URLSearchParams("view=board"), shape)).toBe(true);
    expect(hasListState(contacts, new URLSearchParams("stage=lead"), shape)).toBe(true);
  });
});

describe("resolveSavedView", () => {
  it("a view of the list as it is opens whole, without notes", () => {
    const r = resolveSavedView(
      contacts,
      { params: "stage=lead&view=board", columns: { owner: false } },
      shape,
    );
    expect(r.params.toString()).toBe("view=board&stage=lead");
    expect(r.columns).toEqual({ owner: false });
    expect(r.notes).toEqual([]);
  });

  it("drops a filter, a sort, a value, a layout and a column that no longer exist, each with a note", () => {
    const r = resolveSavedView(
      contacts,
      {
        params: "stage=lead&stage=gone&colour=red&colour=blue&sort=-budget&view=map&city=Accra&page=4",
        columns: { stage: true, region: false },
      },
      shape,
    );
    expect(r.params.toString()).toBe("stage=lead&city=Accra");
    expect(r.columns).toEqual({ stage: true });
    expect(r.notes).toEqual([
      "This view's filter Colour no longer exists and was left out",
      'This view\'s layout "map" no longer exists and was left out',
      "This view's sort by budget no longer exists and was left out",
      "This view's filter Stage has a value that no longer exists (gone: Not a stage) and it was left out",
      "This view's column Region no longer exists and was left out",
    ]);
  });

  it("a state that is not a view gives the plain list and one note, not an error", () => {
    for (const bad of [null, "stage=lead", { params: 5 }, { columns: {} }]) {
      const r = resolveSavedView(contacts, bad, shape);
      expect(r.params.toString()).toBe("");
      expect(r.columns).toEqual({});
      expect(r.notes).toEqual(["This view could not be read and was left out"]);
    }
  });
});
