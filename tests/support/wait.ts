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
 * Waits, if need be, until the current fixed rate-limit window has `needSeconds` left. The edge's
 * limiters are Workers rate-limiting bindings, and wrangler's local one counts in windows aligned
 * to the wall clock, so a sequence of requests that straddles a boundary starts a new count
 * halfway through. (The auth emulator's limits are token buckets, as GoTrue's: no wait there.)
 */
export async function roomInRateWindow(periodSeconds: number, needSeconds: number): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < needSeconds * 1000) await new Promise((r) => setTimeout(r, left + 50));
}
