/**
 * A deal's commission and how it is shared, in integer minor units (pesewas
 * for GHS, cents for USD) so no split ever loses or invents a pesewa:
 *   - the commission is a percentage of the value (rounded half up to the pesewa) or a fixed sum;
 *   - fixed shares (a co-broker's flat fee…) come off the top;
 *   - percentage shares divide what is left and add up to exactly 100 % (largest remainder: the
 *     pesewas that rounding leaves over go to the shares with the largest fractions, first listed
 *     first), so the amounts always add up to the commission.
 * The database saves the same terms (public.save_deal_commission refuses what these refuse, in
 * the same words) and computes the same commission (private.commission_minor).
 */

export const SPLIT_PARTIES = ["agent", "house", "co_broker"] as const;
export type SplitParty = (typeof SPLIT_PARTIES)[number];
export const SPLIT_PARTY_LABELS: Record<SplitParty, string> = {
  agent: "Agent",
  house: "House (the agency)",
  co_broker: "Co-broker partner",
};

export type CommissionTerms =
  | { type: "percent"; ratePercent: number }
  | { type: "fixed"; amountMinor: number };

export type SplitShare = { type: "percent"; percent: number } | { type: "fixed"; amountMinor: number };

/** Major units (a numeric column: 1250.5) → minor units (125050), exactly for 2-decimal amounts. */
export function toMinor(amount: number): number {
  return Math.round(Number((amount * 100).toFixed(4)));
}

export function fromMinor(minor: number): number {
  return minor / 100;
}

/** Thousandths of a percent as an integer: 2.5 % → 2500 (numeric(6,3) in the table). */
function milliPercent(percent: number): bigint {
  return BigInt(Math.round(Number((percent * 1000).toFixed(3))));
}

/** round(a / b) half up, for non-negative integers. */
function divRoundHalfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (b * 2n);
}

/** The commission in minor units. */
export function commissionMinor(valueMinor: number, terms: CommissionTerms): number {
  if (terms.type === "fixed") return terms.amountMinor;
  return Number(divRoundHalfUp(BigInt(valueMinor) * milliPercent(terms.ratePercent), 100_000n));
}

export interface SplitResult {
  /** Per share, in the order given. */
  amountsMinor: number[];
  /** What no share takes (only when there are no percentage shares). */
  unallocatedMinor: number;
}

export function splitError(totalMinor: number, shares: readonly SplitShare[]): string | null {
  const fixed = shares.reduce((s, x) => s + (x.type === "fixed" ? x.amountMinor : 0), 0);
  if (fixed > totalMinor) return "The fixed shares come to more than the commission.";
  const percents = shares.filter((x) => x.type === "percent");
  if (percents.length) {
    const sum = percents.reduce((s, x) => s + milliPercent(x.percent), 0n);
    if (sum !== 100_000n)
      return `The percentage shares must add up to 100 % (they add up to ${formatPercent(Number(sum) / 1000)} %).`;
  }
  return null;
}

function formatPercent(p: number): string {
  return String(Math.round(p * 1000) / 1000);
}

/** The shares' amounts; throws with splitError's sentence when the shares do not fit. */
export function splitCommission(totalMinor: number, shares: readonly SplitShare[]): SplitResult {
  const problem = splitError(totalMinor, shares);
  if (problem) throw new Error(problem);
  const fixed = shares.reduce((s, x) => s + (x.type === "fixed" ? x.amountMinor : 0), 0);
  const rest = BigInt(totalMinor - fixed);
  const amounts = shares.map((x) => (x.type === "fixed" ? x.amountMinor : 0));
  const percentIdx = shares.flatMap((x, i) => (x.type === "percent" ? [i] : []));
  if (percentIdx.length === 0) return { amountsMinor: amounts, unallocatedMinor: Number(rest) };
  // Exact shares in 1/100,000 of a pesewa: floor, then hand out the leftover pesewas.
  const exact = percentIdx.map((i) => rest * milliPercent((shares[i] as { percent: number }).percent));
  const floors = exact.map((e) => e / 100_000n);
  let left = rest - floors.reduce((a, b) => a + b, 0n);
  const order = percentIdx
    .map((_, k) => k)
    .sort((a, b) => Number((exact[b]! % 100_000n) - (exact[a]! % 100_000n)) || a - b);
  for (const k of order) {
    if (left <= 0n) break;
    floors[k] = floors[k]! + 1n;
    left -= 1n;
  }
  percentIdx.forEach((i, k) => (amounts[i] = Number(floors[k])));
  return { amountsMinor: amounts, unallocatedMinor: 0 };
}
