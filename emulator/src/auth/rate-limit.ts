/**
 * Per-IP request limits as `[auth.rate_limit]` in supabase/config.toml configures them, counted
 * the way GoTrue counts: a token bucket per address (tollbooth over golang.org/x/time/rate) that
 * refills continuously at the configured number per five minutes, so a budget spent comes back a
 * request at a time instead of all at once at a boundary of the clock. GoTrue's bucket holds 30
 * requests whatever the limit; here it holds the limit itself, so the generous local limits never
 * refuse a burst of parallel test sign-ins and a tiny limit refuses the request after it. Over
 * the limit GoTrue answers 429 over_request_rate_limit "Request rate limit reached".
 */
import { AuthError } from "./errors.ts";

/** The period the configured limits are per: they refill at `limit` requests per five minutes. */
export const RATE_LIMIT_PERIOD_MS = 5 * 60 * 1000;
/** GoTrue forgets an address's bucket after an hour unused (tollbooth's expiration TTL). */
const IDLE_TTL_MS = 60 * 60 * 1000;

export type LimitBucket = "signInSignUps" | "tokenRefresh" | "tokenVerifications";

export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly limits: Record<LimitBucket, number>) {}

  /** Takes one request from the address's bucket; throws the GoTrue 429 when it is empty. */
  hit(bucket: LimitBucket, ip: string, now = Date.now()): void {
    const limit = this.limits[bucket];
    const key = `${bucket}\u0000${ip}`;
    const entry = this.buckets.get(key);
    const refilled = entry
      ? Math.min(limit, entry.tokens + ((now - entry.at) * limit) / RATE_LIMIT_PERIOD_MS)
      : limit;
    if (!entry && this.buckets.size > 10_000) this.prune(now);
    if (refilled < 1) {
      // A refused request takes nothing (x/time/rate's Allow), so the refill keeps its pace.
      this.buckets.set(key, { tokens: refilled, at: now });
      throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
    }
    this.buckets.set(key, { tokens: refilled - 1, at: now });
  }

  private prune(now: number) {
    for (const [k, v] of this.buckets) if (now - v.at > IDLE_TTL_MS) this.buckets.delete(k);
  }
}
