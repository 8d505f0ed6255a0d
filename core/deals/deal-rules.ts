/**
 * Deal stage moves: which drags on the pipeline board are allowed. Checked by
 * the board before it sends anything (a forbidden drop snaps back with this sentence as a toast)
 * and again, word for word, by the database trigger `private.deal_move_error` (migration
 * …_crm_contacts_deals.sql), so an API client cannot skip it; tests/rls/deals.test.ts proves
 * the two agree move for move.
 *
 * The rules: a deal moves between the stages of its own pipeline; it is lost only with a reason
 * (from the configurable list) and won only with a value; a won or lost deal is closed — only an
 * admin reopens it, and it goes back to an open stage before it can change outcome.
 */

export const DEAL_OUTCOMES = ["open", "won", "lost"] as const;
export type DealOutcome = (typeof DEAL_OUTCOMES)[number];

export interface DealMove {
  from: DealOutcome;
  to: DealOutcome;
  /** The target stage is in the deal's own pipeline. */
  samePipeline: boolean;
  /** The deal's value (any currency unit; only > 0 matters). */
  value: number;
  /** A lost reason comes with the move. */
  hasLostReason: boolean;
  isAdmin: boolean;
}

/** Why a move is refused, or null when it is allowed. */
export function dealMoveError(m: DealMove): string | null {
  if (!m.samePipeline) return "That stage belongs to another pipeline.";
  if (m.from !== "open" && m.to !== "open" && m.from !== m.to)
    return `Reopen the deal (move it to an open stage) before marking it ${m.to}.`;
  if (m.from !== "open" && m.to === "open" && !m.isAdmin)
    return `A ${m.from} deal is closed: only an admin can reopen it.`;
  if (m.to === "won" && m.from !== "won" && !(m.value > 0))
    return "Enter the deal's value before marking it won.";
  if (m.to === "lost" && !m.hasLostReason) return "Choose why the deal was lost.";
  return null;
}

/** A drop needs more from the user before it can be sent: a lost reason (dialog). */
export function moveNeedsReason(from: DealOutcome, to: DealOutcome): boolean {
  return to === "lost" && from !== "lost";
}

export interface DealMoveCase {
  from: DealOutcome;
  to: DealOutcome;
  otherPipeline: boolean;
  value: number;
  lostReason: boolean;
  asAdmin: boolean;
}

/** Every combination the rules distinguish (for the database agreement test). */
export function allDealMoves(): DealMoveCase[] {
  const out: DealMoveCase[] = [];
  for (const from of DEAL_OUTCOMES)
    for (const to of DEAL_OUTCOMES)
      for (const otherPipeline of [false, true])
        for (const value of [0, 250000])
          for (const lostReason of [false, true])
            for (const asAdmin of [false, true]) {
              // A won deal always has a value (the table keeps it so).
              if (from === "won" && value === 0) continue;
              out.push({ from, to, otherPipeline, value, lostReason, asAdmin });
            }
  return out;
}
