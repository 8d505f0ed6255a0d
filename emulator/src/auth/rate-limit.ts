/**
 * Per-IP request limits in fixed five-minute windows, as `[auth.rate_limit]` in
 * supabase/config.toml configures them. Over the limit GoTrue answers
 * 429 over_request_rate_limit "Request rate limit reached".
 */
import { AuthError } from "./errors.ts";

export const RATE_LIMIT_WINDOW_MS = 5 * 60 * 1000;

export type LimitBucket = "signInSignUps" | "tokenRefresh" | "tokenVerifications";

export class RateLimiter {
  private counts = new Map<string, { window: number; count: number }>();

  constructor(private readonly limits: Record<LimitBucket, number>) {}

  /** Counts one request; throws the GoTrue 429 when the window's budget is spent. */
  hit(bucket: LimitBucket, ip: string, now = Date.now()): void {
    const window = Math.floor(now / RATE_LIMIT_WINDOW_MS);
    const key = `${bucket}\u0000${ip}`;
    const entry = this.counts.get(key);
    if (!entry || entry.window !== window) {
      if (this.counts.size > 10_000) this.prune(window);
      this.counts.set(key, { window, count: 1 });
    } else {
      entry.count += 1;
    }
    const count = this.counts.get(key)!.count;
    if (count > this.limits[bucket]) {
      throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
    }
  }

  private prune(window: number) {
    for (const [k, v] of this.counts) if (v.window !== window) this.counts.delete(k);
  }
}
