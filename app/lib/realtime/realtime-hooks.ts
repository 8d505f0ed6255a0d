/**
 * Hooks for screens that use the hub (team chat, the top bar's status, notifications, modules'
 * live lists). Apart from the provider so that public pages, which only mount the provider, never
 * download them. A module reacts to its records' changes with one line in its realtime.ts:
 *
 *   useDomainUpdates("deals", () => queryClient.invalidateQueries({ queryKey: dealKeys.all }));
 */
import { useContext, useEffect, useRef, useState } from "react";
import type { HubFrame } from "#core/schemas/hub.ts";
import { domainUpdateOf, type DomainUpdate, type RealtimeModule } from "#core/schemas/hub-modules.ts";
import { RealtimeContext, type PresenceEntry, type RealtimeApi } from "./realtime-provider.tsx";

export function useRealtime(): RealtimeApi {
  const ctx = useContext(RealtimeContext);
  if (!ctx) throw new Error("useRealtime must be used inside <RealtimeProvider>");
  return ctx;
}

export { useRealtimeStatus } from "./use-realtime-status.ts";

/** `replay`: also the frames of the last HUB_REPLAY_WINDOW_MS, for idempotent listeners that may mount late. */
export interface HubFramesOptions {
  replay?: boolean;
}

/** Subscribes to hub frames (all, or one type) for the component's lifetime. */
export function useHubFrames(listener: (frame: HubFrame) => void, options?: HubFramesOptions): void;
export function useHubFrames<K extends HubFrame["type"]>(
  type: K,
  listener: (frame: Extract<HubFrame, { type: K }>) => void,
  options?: HubFramesOptions,
): void;
export function useHubFrames(
  typeOrListener: HubFrame["type"] | ((frame: HubFrame) => void),
  listenerOrOptions?: ((frame: never) => void) | HubFramesOptions,
  maybeOptions?: HubFramesOptions,
): void {
  const { subscribe } = useRealtime();
  const type = typeof typeOrListener === "string" ? typeOrListener : null;
  const listener = (type === null ? typeOrListener : listenerOrOptions) as (frame: HubFrame) => void;
  const replay =
    (type === null ? (listenerOrOptions as HubFramesOptions | undefined) : maybeOptions)?.replay ?? false;
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(
    () =>
      subscribe(
        (frame) => {
          if (type === null || frame.type === type) ref.current(frame);
        },
        { replay },
      ),
    [subscribe, type, replay],
  );
}

/**
 * Another user changed records of `module` (kinds and ids only): refetch what shows them. Only
 * users whose role may open the module receive these (the hub routes by core's REALTIME_MODULES).
 */
export function useDomainUpdates(module: RealtimeModule, handler: (update: DomainUpdate) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  // Replayed: a module's wiring loads lazily, and a colleague's change that arrived meanwhile
  // must still refresh what this tab shows (a refetch is harmless if the data was already new).
  useHubFrames(
    (frame) => {
      const update = domainUpdateOf(frame);
      if (update?.module === module) ref.current(update);
    },
    { replay: true },
  );
}

/** Online users (userId → status), re-read on every presence frame. */
export function usePresence(): ReadonlyMap<string, PresenceEntry> {
  const api = useRealtime();
  const [snapshot, setSnapshot] = useState<ReadonlyMap<string, PresenceEntry>>(
    () => new Map(api.getPresence()),
  );
  useEffect(() => {
    setSnapshot(new Map(api.getPresence()));
    return api.subscribe((frame) => {
      // The provider's own listener runs first, so the map is already up to date here.
      if (frame.type === "presence_updated" || frame.type === "auth_success")
        setSnapshot(new Map(api.getPresence()));
    });
  }, [api]);
  return snapshot;
}
