/**
 * Asks the edge worker to run its background jobs now (POST /api/jobs/kick, worker/jobs/). Call
 * it, without awaiting, after an action that queued mail — a notification with an e-mail copy, a
 * reply, a campaign send — so the mail leaves within a second instead of at the runner's next
 * minute. Fire-and-forget: a failed or refused kick changes nothing (the runner comes by every
 * minute anyway). Calls within KICK_DEBOUNCE_MS make one request (a bulk action notifies many).
 */
import { JOBS_KICK_PATH } from "#core/jobs.ts";
import { edgeFetch, sessionToken } from "#app/lib/edge-api.ts";

export const KICK_DEBOUNCE_MS = 300;
let timer: ReturnType<typeof setTimeout> | undefined;

async function kickNow(): Promise<void> {
  const token = await sessionToken();
  if (!token) return; // signed out: only staff may kick, and the cadence sends the mail anyway
  const res = await edgeFetch(JOBS_KICK_PATH, { token, method: "POST", keepalive: true });
  if (!res.ok && res.status !== 429) console.warn(`kicking the background jobs was refused (${res.status})`);
}

export function kickJobs(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    kickNow().catch((err: unknown) => console.warn("kicking the background jobs failed", err));
  }, KICK_DEBOUNCE_MS);
}
