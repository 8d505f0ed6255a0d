/**
 * The tab's short memory of hub frames, so that a listener mounted a moment after a frame arrived
 * (a module's live wiring loads lazily) still sees it. Only frames that say something happened
 * are kept: messages, notifications and record updates — never presence or connection chatter.
 */
import { HUB_REPLAY_MAX_FRAMES, HUB_REPLAY_WINDOW_MS } from "./constants.ts";
// Types only: the provider that keeps this buffer is in every page's entry chunk, the schemas not.
import type { HubFrame } from "./schemas/hub.ts";

export interface RecentFrame {
  at: number;
  frame: HubFrame;
}

/** Chat messages, notification pokes and every domain update type (a test holds it to DOMAIN_UPDATE_TYPES). */
export const REPLAYED_FRAME_TYPES = [
  "team_message",
  "notification",
  "deal_update",
  "financial_update",
  "property_hunt_update",
  "record_update",
] as const satisfies readonly HubFrame["type"][];
const REPLAYED: ReadonlySet<string> = new Set<string>(REPLAYED_FRAME_TYPES);

/** Whether a frame is worth replaying to a late listener. */
export function isReplayable(frame: HubFrame): boolean {
  return REPLAYED.has(frame.type);
}

/** The buffer after receiving `frame` at `now`: older than the window or over the cap drops out. */
export function rememberFrame(buffer: readonly RecentFrame[], frame: HubFrame, now: number): RecentFrame[] {
  const kept = buffer.filter((r) => now - r.at < HUB_REPLAY_WINDOW_MS);
  if (isReplayable(frame)) kept.push({ at: now, frame });
  return kept.length > HUB_REPLAY_MAX_FRAMES ? kept.slice(kept.length - HUB_REPLAY_MAX_FRAMES) : kept;
}

/** Frames still inside the window at `now`, oldest first. */
export function framesToReplay(buffer: readonly RecentFrame[], now: number): HubFrame[] {
  return buffer.filter((r) => now - r.at < HUB_REPLAY_WINDOW_MS).map((r) => r.frame);
}
