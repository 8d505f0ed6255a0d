import { describe, expect, it } from "vitest";
import { PROPERTY_STATUSES, PUBLIC_PROPERTY_STATUSES } from "../content-model.ts";
import {
  allStatusMoves,
  canMoveStatus,
  initialStatusError,
  nextStatuses,
  PROPERTY_STATUS_LABELS,
  PROPERTY_STATUS_MOVES,
  statusMoveError,
} from "./property-workflow.ts";

describe("the listing workflow", () => {
  it("walks the happy paths: a sale from draft to sold and archived; a rental to let and back on the market", () => {
    const sale = ["draft", "coming_soon", "available", "under_offer", "sold", "archived"] as const;
    for (let i = 1; i < sale.length; i++)
      expect(canMoveStatus(sale[i - 1]!, sale[i]!, "sale"), `${sale[i - 1]} → ${sale[i]}`).toBe(true);
    const rental = ["draft", "available", "reserved", "let", "available"] as const;
    for (let i = 1; i < rental.length; i++)
      expect(canMoveStatus(rental[i - 1]!, rental[i]!, "rent"), `${rental[i - 1]} → ${rental[i]}`).toBe(true);
  });

  it("refuses illegal jumps with a sentence that names the way forward", () => {
    expect(statusMoveError("draft", "sold", "sale")).toBe(
      "A listing cannot go from Draft to Sold. From Draft it can go to Coming soon, Available or Archived.",
    );
    expect(statusMoveError("available", "sold", "sale")).toBe(
      "A listing cannot go from Available to Sold. From Available it can go to Reserved, Under offer, Withdrawn or Archived.",
    );
    expect(statusMoveError("sold", "available", "sale")).toBe(
      "A listing cannot go from Sold to Available. From Sold it can go to Archived.",
    );
    expect(statusMoveError("archived", "available", "rent")).toBe(
      "A listing cannot go from Archived to Available. From Archived it can go to Draft.",
    );
  });

  it("sale listings are sold, rentals are let", () => {
    expect(statusMoveError("under_offer", "let", "sale")).toBe("A listing for sale is sold, not let.");
    expect(statusMoveError("reserved", "sold", "rent")).toBe("A listing for rent is let, not sold.");
    expect(nextStatuses("under_offer", "sale")).toEqual(["available", "reserved", "sold", "withdrawn"]);
    expect(nextStatuses("under_offer", "rent")).toEqual(["available", "reserved", "let", "withdrawn"]);
  });

  it("staying in the same status is not a move", () => {
    for (const s of PROPERTY_STATUSES) expect(statusMoveError(s, s, "sale")).toBeNull();
  });

  it("every status can leave, and every status can be reached from draft through allowed moves", () => {
    for (const lt of ["sale", "rent"] as const) {
      const reached = new Set<string>(["draft"]);
      const queue = ["draft" as const] as Array<(typeof PROPERTY_STATUSES)[number]>;
      while (queue.length) {
        for (const to of nextStatuses(queue.shift()!, lt)) {
          if (reached.has(to)) continue;
          reached.add(to);
          queue.push(to);
        }
      }
      const expected = PROPERTY_STATUSES.filter((s) => s !== (lt === "sale" ? "let" : "sold"));
      expect([...reached].sort(), lt).toEqual([...expected].sort());
      for (const s of PROPERTY_STATUSES) expect(PROPERTY_STATUS_MOVES[s].length, s).toBeGreaterThan(0);
    }
  });

  it("a published status can always be withdrawn or closed, never silently returned to draft after a sale", () => {
    for (const s of PUBLIC_PROPERTY_STATUSES)
      expect(nextStatuses(s, "sale").length + nextStatuses(s, "rent").length).toBeGreaterThan(0);
    expect(canMoveStatus("sold", "draft", "sale")).toBe(false);
    expect(canMoveStatus("let", "draft", "rent")).toBe(false);
  });

  it("new listings start as draft, coming soon or available", () => {
    expect(initialStatusError("draft")).toBeNull();
    expect(initialStatusError("available")).toBeNull();
    expect(initialStatusError("sold")).toBe("A new listing starts as Draft, Coming soon or Available.");
  });

  it("lists every move for the database parity test, and labels every status", () => {
    // 8 statuses a listing of each kind can be in × 8 others; 25 allowed for a sale, 26 for a rental.
    expect(allStatusMoves()).toHaveLength(2 * 8 * 8);
    expect(allStatusMoves().filter((m) => m.allowed)).toHaveLength(25 + 26);
    expect(allStatusMoves().some((m) => m.listingType === "sale" && m.from === "let")).toBe(false);
    for (const s of PROPERTY_STATUSES) expect(PROPERTY_STATUS_LABELS[s]).toMatch(/^[A-Z]/);
  });
});
