/**
 * Waiting for a condition in Node-side test code (a row's state, a mail in the outbox): `probe`
 * is asked again every `intervalMs` until it answers something truthy, which is returned. A
 * deadline only turns a hang into a failure that names what never happened; it is not a
 * measure of how fast anything should be.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}

/**
 * Runs a burst of requests so that all of them fall in one fixed rate-limit window, and returns
 * its result. The edge's limiters are Workers rate-limiting bindings, and wrangler's local one
 * counts in windows aligned to the wall clock, so a burst that straddles a boundary starts a new
 * count halfway through. Rather than waiting for room in the window, a burst that crossed a
 * boundary is run once more: it then starts just after that boundary, with a whole window ahead.
 * (The auth emulator's limits are token buckets, as GoTrue's: no window there.) `now` is the
 * clock, a parameter so that the retry can be tested without waiting for a real boundary.
 */
export async function inOneRateWindow<T>(
  periodSeconds: number,
  burst: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const windowOf = (ms: number) => Math.floor(ms / (periodSeconds * 1000));
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = now();
    const result = await burst();
    if (windowOf(started) === windowOf(now())) return result;
  }
  throw new Error(`two bursts in a row crossed a ${periodSeconds} s rate-limit window`);
}
