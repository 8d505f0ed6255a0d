/**
 * The property hunt's pipeline: found → contacted owner → inspected → due
 * diligence → offered → acquired, or rejected (with a reason) from any open stage. One step at a
 * time, forwards or back; a rejected hunt can be reopened (back to Found); an acquired hunt is
 * final, and becomes acquired only by turning it into a listing (the acquire RPC). The database
 * refuses the same moves with the same sentences (private.property_hunt_move_error in
 * supabase/migrations/20261125600100_property_hunt.sql; tests/rls/property-hunt.test.ts
 * compares them move for move).
 */

export const HUNT_STAGES = [
  "found",
  "contacted_owner",
  "inspected",
  "due_diligence",
  "offered",
  "acquired",
  "rejected",
] as const;
export type HuntStage = (typeof HUNT_STAGES)[number];

/** The stages a hunt moves through in order (acquired and rejected end it). */
export const OPEN_HUNT_STAGES = [
  "found",
  "contacted_owner",
  "inspected",
  "due_diligence",
  "offered",
] as const satisfies readonly HuntStage[];

export const HUNT_STAGE_LABELS: Record<HuntStage, string> = {
  found: "Found",
  contacted_owner: "Contacted owner",
  inspected: "Inspected",
  due_diligence: "Due diligence",
  offered: "Offered",
  acquired: "Acquired",
  rejected: "Rejected",
};

export const REJECTION_REASONS = [
  "price_too_high",
  "title_problem",
  "owner_unresponsive",
  "poor_condition",
  "not_matching_request",
  "sold_elsewhere",
  "other",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  price_too_high: "Price too high",
  title_problem: "Title or land problem",
  owner_unresponsive: "Owner unresponsive",
  poor_condition: "Poor condition",
  not_matching_request: "Does not match the request",
  sold_elsewhere: "Sold or let elsewhere",
  other: "Other reason",
};

/** Every allowed move, as [from, to]; mirrored by private.property_hunt_moves. */
export const HUNT_MOVES: readonly (readonly [HuntStage, HuntStage])[] = [
  ...OPEN_HUNT_STAGES.slice(0, -1).map((s, i) => [s, OPEN_HUNT_STAGES[i + 1]!] as const),
  ...OPEN_HUNT_STAGES.slice(1).map((s, i) => [s, OPEN_HUNT_STAGES[i]!] as const),
  ...OPEN_HUNT_STAGES.map((s) => [s, "rejected"] as const),
  ["offered", "acquired"],
  ["rejected", "found"],
];

/** What a move may need besides the stage: the hunt's own fields and whether it has an inspection. */
export interface HuntMoveFacts {
  rejectionReason: RejectionReason | null;
  offerAmount: number | null;
  inspections: number;
  /** True inside the acquire RPC, which creates the listing in the same transaction. */
  acquiring?: boolean;
}

function orList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** The stages a hunt may go to from `from` (in pipeline order). */
export function huntMovesFrom(from: HuntStage): HuntStage[] {
  return HUNT_STAGES.filter((to) => HUNT_MOVES.some(([a, b]) => a === from && b === to));
}

/** Why a hunt may not go from `from` to `to`, or null when it may. */
export function huntMoveError(from: HuntStage, to: HuntStage, facts: HuntMoveFacts): string | null {
  if (from === to) return null;
  if (from === "acquired") return "An acquired hunt is final: its listing is in Properties.";
  if (!HUNT_MOVES.some(([a, b]) => a === from && b === to)) {
    const allowed = huntMovesFrom(from).map((s) => HUNT_STAGE_LABELS[s]);
    return `A hunt cannot go from ${HUNT_STAGE_LABELS[from]} to ${HUNT_STAGE_LABELS[to]}. From ${HUNT_STAGE_LABELS[from]} it can go to ${orList(allowed)}.`;
  }
  if (to === "acquired" && !facts.acquiring)
    return "A hunt is acquired by turning it into a listing: use “Acquire as listing”.";
  if (to === "rejected" && facts.rejectionReason === null) return "Choose why the hunt is rejected.";
  if (to === "offered" && facts.offerAmount === null)
    return "Record the offer amount before moving to Offered.";
  if (to === "inspected" && facts.inspections === 0)
    return "Record the inspection (notes or photos) before moving to Inspected.";
  return null;
}

/** Every (from, to) pair, for tests that compare core with the database. */
export function allHuntMoves(): { from: HuntStage; to: HuntStage }[] {
  return HUNT_STAGES.flatMap((from) => HUNT_STAGES.filter((to) => to !== from).map((to) => ({ from, to })));
}

export function isOpenStage(stage: HuntStage): boolean {
  return (OPEN_HUNT_STAGES as readonly string[]).includes(stage);
}
