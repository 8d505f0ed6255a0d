/**
 * Mounts one hub connection for the signed-in back-office user (docs/product.md#realtime-socket), or
 * partner account (collaboration portal: the hub sends it its own thread's updates only).
 * Connects when such a user is signed in (and past two-factor), disconnects
 * on sign-out, re-authenticates the live socket after every token refresh.
 */
import { createContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { framesToReplay, rememberFrame, type RecentFrame } from "#core/realtime-replay.ts";
import { isBackOfficeRole } from "#core/roles.ts";
import type {
  ClientFrame,
  HubFrame,
  PresenceStatus,
  TeamMessageAction,
  TeamMessageEventFrame,
} from "#core/schemas/hub.ts";
import { needsSecondFactor, useSessionState } from "../session.tsx";
import { setActiveHub } from "./active-hub.ts";
// Types only: the client code (partysocket) loads lazily, so the public site never ships it.
import type { HubClient, RealtimeStatus } from "./hub-client.ts";

export interface PresenceEntry {
  status: PresenceStatus;
  lastSeen: string;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface RealtimeApi {
  /** The live client, null while signed out. */
  getClient(): HubClient | null;
  /** Current status (the same value useRealtimeStatus polls). */
  getStatus(): RealtimeStatus;
  /** The signed-in user's id as the hub confirmed it. */
  getUserId(): string | null;
  /** Who is online (userId → status), as the hub reported it. */
  getPresence(): ReadonlyMap<string, PresenceEntry>;
  /**
   * Every hub frame, across reconnects and token refreshes; returns an unsubscribe. With
   * `replay`, the listener first gets what the tab received in the last HUB_REPLAY_WINDOW_MS
   * (for wiring that mounts late; it must be idempotent).
   */
  subscribe(listener: (frame: HubFrame) => void, options?: { replay?: boolean }): () => void;
  join(channelId: string): void;
  leave(channelId: string): void;
  /** Best-effort frames (presence, domain updates, notifications); false when offline. */
  send(frame: Exclude<ClientFrame, { type: "auth" | "team_message" }>): boolean;
  /** Chat writes through the outbox; rejects with HubWriteError when not delivered. */
  writeTeamMessage(
    action: DistributiveOmit<TeamMessageAction, "type" | "ref">,
  ): Promise<TeamMessageEventFrame>;
}

/** Read through the hooks in realtime-hooks.ts (kept apart so the entry chunk stays small). */
export const RealtimeContext = createContext<RealtimeApi | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  // Never loads the auth client itself: public visitors without a session get no socket code.
  const { session, role, aal, loading } = useSessionState();
  const clientRef = useRef<HubClient | null>(null);
  const listeners = useRef(new Set<(frame: HubFrame) => void>());
  const channels = useRef(new Map<string, number>());
  const presence = useRef(new Map<string, PresenceEntry>());
  const recent = useRef<RecentFrame[]>([]);
  const token = session?.access_token ?? null;
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const userId = session?.user.id ?? null;
  const allowed =
    !loading && token !== null && (isBackOfficeRole(role) || role === "partner") && !needsSecondFactor(aal);

  // One client per signed-in user; recreated only when the user changes or signs out.
  const [clientUser, setClientUser] = useState<string | null>(null);
  useEffect(() => {
    if (!allowed || !userId) {
      setClientUser(null);
      return;
    }
    let cancelled = false;
    let cleanup = () => {};
    void import("./hub-client.ts").then(({ HubClient }) => {
      if (cancelled) return;
      const client = new HubClient({ token: tokenRef.current ?? token! });
      clientRef.current = client;
      for (const channelId of channels.current.keys()) client.join(channelId);
      const off = client.on((frame) => {
        // A new socket's auth is followed by a fresh presence snapshot; a token refresh is not.
        if (frame.type === "auth_success" && !frame.reauth) presence.current.clear();
        if (frame.type === "presence_updated") {
          if (frame.status === "offline") presence.current.delete(frame.userId);
          else presence.current.set(frame.userId, { status: frame.status, lastSeen: frame.lastSeen });
        }
        recent.current = rememberFrame(recent.current, frame, Date.now());
        for (const l of listeners.current) l(frame);
      });
      const onOnline = () => {
        if (client.status() === "disconnected") client.reconnect();
      };
      window.addEventListener("online", onOnline);
      setClientUser(userId);
      cleanup = () => {
        window.removeEventListener("online", onOnline);
        off();
        client.close();
        presence.current.clear();
        recent.current = [];
        if (clientRef.current === client) clientRef.current = null;
      };
    });
    return () => {
      cancelled = true;
      cleanup();
    };
    // The token is deliberately not a dependency: a refresh re-authenticates (effect below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed, userId]);

  // TOKEN_REFRESHED: send the new token on the live socket.
  useEffect(() => {
    if (token && clientRef.current) clientRef.current.setToken(token);
  }, [token, clientUser]);

  const api = useMemo<RealtimeApi>(
    () => ({
      getClient: () => clientRef.current,
      getStatus: () => clientRef.current?.status() ?? "disconnected",
      getUserId: () => clientRef.current?.userId ?? null,
      getPresence: () => presence.current,
      subscribe(listener, options) {
        listeners.current.add(listener);
        if (options?.replay) for (const frame of framesToReplay(recent.current, Date.now())) listener(frame);
        return () => listeners.current.delete(listener);
      },
      // Reference-counted so two screens can share a channel without one leaving it for both.
      join(channelId) {
        const n = channels.current.get(channelId) ?? 0;
        channels.current.set(channelId, n + 1);
        if (n === 0) clientRef.current?.join(channelId);
      },
      leave(channelId) {
        const n = channels.current.get(channelId) ?? 0;
        if (n <= 1) {
          channels.current.delete(channelId);
          if (n === 1) clientRef.current?.leave(channelId);
        } else channels.current.set(channelId, n - 1);
      },
      send: (frame) => clientRef.current?.send(frame) ?? false,
      writeTeamMessage(action) {
        const client = clientRef.current;
        if (!client)
          return import("./hub-write-error.ts").then(({ HubWriteError }) =>
            Promise.reject(new HubWriteError("Not connected", "disconnected")),
          );
        return client.writeTeamMessage(action);
      },
    }),
    [],
  );

  // publishDomainUpdate / pokeUser reach this connection from outside components.
  useEffect(() => {
    setActiveHub(api);
    return () => setActiveHub(null);
  }, [api]);

  return <RealtimeContext.Provider value={api}>{children}</RealtimeContext.Provider>;
}
