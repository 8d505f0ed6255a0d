/**
 * The tab's one hub connection for code outside components (a module's api/ layer publishing an
 * update after a save). RealtimeProvider registers itself here; nothing else writes it.
 */
import type { RealtimeApi } from "./realtime-provider.tsx";

let active: RealtimeApi | null = null;

export function setActiveHub(api: RealtimeApi | null): void {
  active = api;
}

export function activeHub(): RealtimeApi | null {
  return active;
}
