/**
 * Hooks for screens that use the hub (team chat, the top bar's status, notifications). Apart from
 * the provider so that public pages, which only mount the provider, never download them.
 */
import { useContext, useEffect, useRef, useState } from "react";
import { SOCKET_STATUS_POLL_MS } from "#core/constants.ts";
import type { HubFrame } from "#core/schemas/hub.ts";
import type { RealtimeStatus } from "./hub-client.ts";
import { RealtimeContext, type PresenceEntry, type RealtimeApi } from "./realtime-provider.tsx";

export function useRealtime(): RealtimeApi {
  const ctx = useContext(RealtimeContext);
  if (!ctx) throw new Error("useRealtime must be used inside <RealtimeProvider>");
  return ctx;
}

/** The socket's status, polled every SOCKET_STATUS_POLL_MS (spec §9: every 1 s). */
export function useRealtimeStatus(): RealtimeStatus {
  const ctx = useContext(RealtimeContext);
  const [status, setStatus] = useState<RealtimeStatus>(() => ctx?.getStatus() ?? "disconnected");
  useEffect(() => {
    if (!ctx) return;
    setStatus(ctx.getStatus());
    const id = setInterval(() => setStatus(ctx.getStatus()), SOCKET_STATUS_POLL_MS);
    return () => clearInterval(id);
  }, [ctx]);
  return status;
}

/** Subscribes to hub frames for the component's lifetime. */
export function useHubFrames(listener: (frame: HubFrame) => void): void {
  const { subscribe } = useRealtime();
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => subscribe((frame) => ref.current(frame)), [subscribe]);
}

/** Online users (userId → status), re-read on every presence frame. */
export function usePresence(): ReadonlyMap<string, PresenceEntry> {
  const api = useRealtime();
  const [snapshot, setSnapshot] = useState<ReadonlyMap<string, PresenceEntry>>(() => new Map(api.getPresence()));
  useEffect(() => {
    setSnapshot(new Map(api.getPresence()));
    return api.subscribe((frame) => {
      // The provider's own listener runs first, so the map is already up to date here.
      if (frame.type === "presence_updated" || frame.type === "auth_success") setSnapshot(new Map(api.getPresence()));
    });
  }, [api]);
  return snapshot;
}
