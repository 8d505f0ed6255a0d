/** The body of a staff tab's money announcement and the audit proof (core/money/money-live.ts). */
import { describe, expect, it } from "vitest";
import { MAX_RECORD_IDS } from "#core/schemas/hub.ts";
import { moneyLiveRequestSchema, unprovenIds } from "./money-live.ts";

const A = "7b000000-0000-4000-a000-000000000001";
const B = "7b000000-0000-4000-a000-000000000002";

describe("moneyLiveRequestSchema", () => {
  it("takes an action and record ids, nothing else", () => {
    expect(moneyLiveRequestSchema.parse({ action: "created", ids: [A] })).toEqual({
      action: "created",
      ids: [A],
    });
    expect(moneyLiveRequestSchema.safeParse({ action: "created", ids: [A], amount: 100 }).success).toBe(
      false,
    );
    expect(moneyLiveRequestSchema.safeParse({ action: "paid", ids: [A] }).success).toBe(false);
    expect(moneyLiveRequestSchema.safeParse({ action: "created", ids: [] }).success).toBe(false);
    expect(moneyLiveRequestSchema.safeParse({ action: "created", ids: ["INV-2026-0001"] }).success).toBe(
      false,
    );
    expect(
      moneyLiveRequestSchema.safeParse({
        action: "created",
        ids: Array.from({ length: MAX_RECORD_IDS + 1 }, () => A),
      }).success,
    ).toBe(false);
  });
});

describe("unprovenIds", () => {
  it("names the ids without an audit row, once each, whatever their case", () => {
    expect(unprovenIds([A, B], [A])).toEqual([B]);
    expect(unprovenIds([A, A.toUpperCase()], [])).toEqual([A]);
    expect(unprovenIds([A.toUpperCase()], [A, A])).toEqual([]);
  });
});
