import { describe, expect, it } from "vitest";
import { allHuntMoves, huntMoveError, huntMovesFrom, type HuntMoveFacts } from "./hunt-workflow.ts";

const ready: HuntMoveFacts = { rejectionReason: "price_too_high", offerAmount: 1_200_000, inspections: 1 };
const bare: HuntMoveFacts = { rejectionReason: null, offerAmount: null, inspections: 0 };

describe("the hunt pipeline", () => {
  it("moves one step at a time, forwards and back", () => {
    expect(huntMoveError("found", "contacted_owner", bare)).toBeNull();
    expect(huntMoveError("contacted_owner", "found", bare)).toBeNull();
    expect(huntMoveError("due_diligence", "inspected", { ...bare, inspections: 1 })).toBeNull();
    expect(huntMoveError("found", "inspected", ready)).toBe(
      "A hunt cannot go from Found to Inspected. From Found it can go to Contacted owner or Rejected.",
    );
    expect(huntMovesFrom("inspected")).toEqual(["contacted_owner", "due_diligence", "rejected"]);
  });

  it("needs an inspection before Inspected, an offer before Offered and a reason before Rejected", () => {
    expect(huntMoveError("contacted_owner", "inspected", bare)).toBe(
      "Record the inspection (notes or photos) before moving to Inspected.",
    );
    expect(huntMoveError("contacted_owner", "inspected", { ...bare, inspections: 2 })).toBeNull();
    expect(huntMoveError("due_diligence", "offered", bare)).toBe(
      "Record the offer amount before moving to Offered.",
    );
    expect(huntMoveError("due_diligence", "offered", { ...bare, offerAmount: 0 })).toBeNull();
    expect(huntMoveError("found", "rejected", bare)).toBe("Choose why the hunt is rejected.");
    expect(huntMoveError("offered", "rejected", ready)).toBeNull();
  });

  it("acquires only an offered hunt, only through the acquire step, and never moves an acquired one", () => {
    expect(huntMoveError("offered", "acquired", ready)).toBe(
      "A hunt is acquired by turning it into a listing: use “Acquire as listing”.",
    );
    expect(huntMoveError("offered", "acquired", { ...ready, acquiring: true })).toBeNull();
    expect(huntMoveError("due_diligence", "acquired", { ...ready, acquiring: true })).toMatch(
      /^A hunt cannot go from Due diligence to Acquired\./,
    );
    expect(huntMoveError("acquired", "rejected", ready)).toBe(
      "An acquired hunt is final: its listing is in Properties.",
    );
  });

  it("reopens a rejected hunt at Found only", () => {
    expect(huntMoveError("rejected", "found", bare)).toBeNull();
    expect(huntMoveError("rejected", "offered", ready)).toBe(
      "A hunt cannot go from Rejected to Offered. From Rejected it can go to Found.",
    );
  });

  it("has a verdict for every pair of different stages", () => {
    const pairs = allHuntMoves();
    expect(pairs).toHaveLength(7 * 6);
    const allowed = pairs.filter((m) => huntMoveError(m.from, m.to, { ...ready, acquiring: true }) === null);
    expect(allowed).toHaveLength(4 + 4 + 5 + 1 + 1);
  });
});
