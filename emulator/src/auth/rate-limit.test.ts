import { describe, expect, it } from "vitest";
import { RATE_LIMIT_PERIOD_MS, RateLimiter } from "./rate-limit.ts";

const limited = (fn: () => void) => {
  try {
    fn();
    return false;
  } catch (e) {
    expect(e).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    return true;
  }
};

describe("auth rate limiter (GoTrue's per-address token bucket)", () => {
  const limiter = () => new RateLimiter({ signInSignUps: 3, tokenRefresh: 2, tokenVerifications: 2 });
  // Just before a five-minute boundary of the clock: a fixed window would start a new count here.
  const t0 = 7 * RATE_LIMIT_PERIOD_MS - 1_000;

  it("a full bucket lets the limit through at once, then refuses", () => {
    const l = limiter();
    const answers = [0, 1, 2, 3].map((i) => limited(() => l.hit("signInSignUps", "10.0.0.1", t0 + i)));
    expect(answers).toEqual([false, false, false, true]);
  });

  it("a spent budget does not come back whole at a boundary of the clock", () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) l.hit("signInSignUps", "10.0.0.1", t0);
    // Two seconds later the clock has passed a five-minute boundary; only 2 s of refill is back.
    expect(limited(() => l.hit("signInSignUps", "10.0.0.1", t0 + 2_000))).toBe(true);
  });

  it("refills one request per limit-th of five minutes, and a refusal does not cost one", () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) l.hit("signInSignUps", "10.0.0.1", t0);
    const oneBack = RATE_LIMIT_PERIOD_MS / 3;
    expect(limited(() => l.hit("signInSignUps", "10.0.0.1", t0 + oneBack - 1_000))).toBe(true);
    expect(limited(() => l.hit("signInSignUps", "10.0.0.1", t0 + oneBack))).toBe(false);
    expect(limited(() => l.hit("signInSignUps", "10.0.0.1", t0 + oneBack + 1))).toBe(true);
    // Idle for longer than the period: never more than the limit at once.
    const later = t0 + 10 * RATE_LIMIT_PERIOD_MS;
    const answers = [0, 1, 2, 3].map(() => limited(() => l.hit("signInSignUps", "10.0.0.1", later)));
    expect(answers).toEqual([false, false, false, true]);
  });

  it("each address and each kind of request has its own bucket", () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) l.hit("signInSignUps", "10.0.0.1", t0);
    expect(limited(() => l.hit("signInSignUps", "10.0.0.2", t0))).toBe(false);
    expect(limited(() => l.hit("tokenRefresh", "10.0.0.1", t0))).toBe(false);
    expect(limited(() => l.hit("signInSignUps", "10.0.0.1", t0))).toBe(true);
  });
});
