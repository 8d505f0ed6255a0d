/**
 * Sliding-window frame limiter per connection (e.g. 20 frames per 10 s). Kept in
 * memory: if the Durable Object hibernates, the windows simply start over, which only ever
 * errs on the side of letting a quiet client speak.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records a frame for `key`; false when it exceeds the limit (the frame must be refused). */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.limit) {
      this.hits.set(key, list);
      return false;
    }
    list.push(now);
    this.hits.set(key, list);
    return true;
  }

  forget(key: string): void {
    this.hits.delete(key);
  }

  /** Forgets every key that starts with `prefix` (a connection's per-kind windows). */
  forgetPrefix(prefix: string): void {
    for (const key of this.hits.keys()) if (key.startsWith(prefix)) this.hits.delete(key);
  }
}
