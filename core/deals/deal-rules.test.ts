import { describe, expect, it } from "vitest";
import { allDealMoves, dealMoveError, moveNeedsReason, type DealMove } from "./deal-rules.ts";

const move = (m: Partial<DealMove>): DealMove => ({
  from: "open",
  to: "open",
  samePipeline: true,
  value: 100,
  hasLostReason: false,
  isAdmin: false,
  ...m,
});

describe("deal stage moves", () => {
  it("open deals move freely between open stages, forwards and back", () => {
    expect(dealMoveError(move({}))).toBeNull();
  });

  it("a stage of another pipeline is refused", () => {
    expect(dealMoveError(move({ samePipeline: false }))).toBe("That stage belongs to another pipeline.");
  });

  it("won needs a value; lost needs a reason", () => {
    expect(dealMoveError(move({ to: "won", value: 0 }))).toBe(
      "Enter the deal's value before marking it won.",
    );
    expect(dealMoveError(move({ to: "won", value: 1 }))).toBeNull();
    expect(dealMoveError(move({ to: "lost" }))).toBe("Choose why the deal was lost.");
    expect(dealMoveError(move({ to: "lost", hasLostReason: true }))).toBeNull();
    expect(moveNeedsReason("open", "lost")).toBe(true);
    expect(moveNeedsReason("open", "won")).toBe(false);
  });

  it("a closed deal is reopened only by an admin, and changes outcome only through an open stage", () => {
    expect(dealMoveError(move({ from: "won" }))).toBe("A won deal is closed: only an admin can reopen it.");
    expect(dealMoveError(move({ from: "lost" }))).toBe("A lost deal is closed: only an admin can reopen it.");
    expect(dealMoveError(move({ from: "lost", isAdmin: true }))).toBeNull();
    expect(dealMoveError(move({ from: "won", to: "lost", hasLostReason: true, isAdmin: true }))).toBe(
      "Reopen the deal (move it to an open stage) before marking it lost.",
    );
    expect(dealMoveError(move({ from: "lost", to: "won", isAdmin: true }))).toBe(
      "Reopen the deal (move it to an open stage) before marking it won.",
    );
  });

  it("the agreement test covers every outcome pair", () => {
    const pairs = new Set(allDealMoves().map((m) => `${m.from}>${m.to}`));
    expect(pairs.size).toBe(9);
  });
});
