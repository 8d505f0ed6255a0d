/** The deal form's lease dates: optional, and the end comes after the start. */
import { describe, expect, it } from "vitest";
import { dealFormSchema, dealFormValues } from "./deal-schema.ts";

const base = {
  ...dealFormValues(null, {
    pipelineId: "00000000-0000-4000-d100-000000000002",
    stageId: "00000000-0000-4000-d200-000000000201",
    ownerId: null,
  }),
  title: "Rental, Osu — Agbeko",
};

describe("a rental's lease dates", () => {
  it("are optional", () => {
    expect(dealFormSchema.parse(base)).toMatchObject({ lease_start_date: null, lease_end_date: null });
  });
  it("keep an end after the start", () => {
    expect(
      dealFormSchema.parse({ ...base, lease_start_date: "2026-01-13", lease_end_date: "2027-01-12" }),
    ).toMatchObject({ lease_start_date: "2026-01-13", lease_end_date: "2027-01-12" });
  });
  it("refuse an end on or before the start, on the end field", () => {
    for (const end of ["2026-01-13", "2025-12-31"]) {
      const r = dealFormSchema.safeParse({ ...base, lease_start_date: "2026-01-13", lease_end_date: end });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({
        path: ["lease_end_date"],
        message: "The lease ends after it starts",
      });
    }
  });
});
