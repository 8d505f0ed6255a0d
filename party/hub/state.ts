/** What the hub keeps per socket, and the small rules every part of the hub applies to it. */
import type { Connection } from "partyserver";
import type { Role } from "#core/roles.ts";
import {
  partnerMayReceive,
  type HubFrame,
  type PresenceStatus,
  type UserProfile,
} from "#core/schemas/hub.ts";

/** How many channels one socket may be in at once. */
export const MAX_CHANNELS_PER_CONNECTION = 32;

/** What the hub knows about a socket; survives hibernation (serialised with the socket). */
export interface ConnState {
  connectedAt: number;
  userId: string | null;
  role: Role | null;
  /** Access token expiry, seconds since the epoch. */
  exp: number;
  profile: UserProfile | null;
  channels: string[];
  status: PresenceStatus;
  lastSeen: string;
  /** When the session and role were last confirmed (ms since the epoch). */
  checkedAt: number;
  /** Set for a partner account's socket (role null): the only partner whose thread it hears. */
  partnerId: string | null;
}

export type HubConnection = Connection<ConnState>;
export type LiveState = ConnState & { userId: string };
/** What routing looks at in a recipient's state. */
export type Recipient = {
  readonly userId: string;
  readonly role: Role | null;
  readonly channels: readonly string[];
  readonly partnerId: string | null;
};

/** Outcome of a rights check: go ahead, or why not (a revoked socket is already closing). */
export type Rights = "ok" | "revoked" | "expired" | "unavailable";

/** Signed in with a token that has not expired: only such sockets receive anything but errors. */
export function isLive<S extends { userId: string | null; exp: number }>(
  s: S | null | undefined,
): s is S & { userId: string } {
  return !!s?.userId && s.exp * 1000 > Date.now();
}

/** Every fan-out asks this first: a partner socket hears its own thread's updates and nothing else. */
export function reaches(s: { partnerId?: string | null }, frame: HubFrame): boolean {
  return partnerMayReceive(s.partnerId ?? null, frame);
}

export function safeSend(conn: HubConnection, raw: string): void {
  try {
    conn.send(raw);
  } catch {
    /* the socket is already closing */
  }
}

/** A positive number of milliseconds from an env var, else the default. */
export function msFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function refOf(value: unknown): string | undefined {
  if (typeof value === "object" && value !== null && "ref" in value) {
    const ref = (value as { ref: unknown }).ref;
    if (typeof ref === "string" && ref.length <= 64) return ref;
  }
  return undefined;
}
