/**
 * Co-broke money: the partner's share of the agency's commission, in exact
 * pesewas/cents — the rule co_broke_deals.partner_commission computes in the database
 * (round(commission × split ÷ 100, 2), halves away from zero).
 */

/** The partner's share of `agencyCommission` at `splitPercent` (0–100, two decimals). */
export function partnerCommission(agencyCommission: number, splitPercent: number): number {
  if (!Number.isFinite(agencyCommission) || agencyCommission < 0)
    throw new RangeError("The commission must be zero or more.");
  if (!Number.isFinite(splitPercent) || splitPercent < 0 || splitPercent > 100)
    throw new RangeError("The split must be between 0 and 100 percent.");
  const minor = BigInt(Math.round(agencyCommission * 100));
  const basisPoints = BigInt(Math.round(splitPercent * 100));
  // minor × bp ÷ 10,000, rounded half up (the values are never negative).
  const scaled = minor * basisPoints;
  const result = (scaled + 5000n) / 10000n;
  return Number(result) / 100;
}

/** What the agency keeps. */
export function agencyShare(agencyCommission: number, splitPercent: number): number {
  return Math.round(agencyCommission * 100 - partnerCommission(agencyCommission, splitPercent) * 100) / 100;
}
