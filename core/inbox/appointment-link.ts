/**
 * The visitor's link to reschedule or cancel an appointment without an account:
 * a token signed with HMAC-SHA-256 (WebCrypto, the same code in the edge worker and in tests)
 * naming the appointment, the nonce it was issued for and when it expires. The database holds the
 * appointment's current nonce and replaces it whenever the link is used or the time changes, so
 * a link works once and only until the appointment starts.
 *
 * Token: base64url(JSON claims) "." base64url(HMAC(key, first part)). The key is derived from
 * the server's secret for this one purpose, so a token is never valid for anything else.
 */
import type { AppointmentInbox } from "./inbox-model.ts";

export interface AppointmentLinkClaims {
  inbox: AppointmentInbox;
  id: string;
  nonce: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export type VerifiedLink =
  | { ok: true; claims: AppointmentLinkClaims }
  | { ok: false; reason: "malformed" | "signature" | "expired" };

/** Where the manage page lives (on the consultation or bookings host). */
export const APPOINTMENT_PAGE_PATH = "/appointment";
const KEY_LABEL = "ghana-realty/appointment-link/v1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function hmac(key: Uint8Array<ArrayBuffer> | string, data: string): Promise<Uint8Array<ArrayBuffer>> {
  const raw = typeof key === "string" ? new TextEncoder().encode(key) : key;
  const k = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(data)));
}

async function linkKey(secret: string): Promise<Uint8Array<ArrayBuffer>> {
  return hmac(secret, KEY_LABEL);
}

export async function signAppointmentToken(claims: AppointmentLinkClaims, secret: string): Promise<string> {
  const body = b64url(
    new TextEncoder().encode(
      JSON.stringify({ i: claims.inbox, id: claims.id, n: claims.nonce, e: claims.exp }),
    ),
  );
  return `${body}.${b64url(await hmac(await linkKey(secret), body))}`;
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export async function verifyAppointmentToken(
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<VerifiedLink> {
  if (token.length > 600) return { ok: false, reason: "malformed" };
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return { ok: false, reason: "malformed" };
  const given = fromB64url(sig);
  // Only the canonical encoding: the last character's spare bits must not give one link two spellings.
  if (!given || b64url(given) !== sig || !timingSafeEqual(given, await hmac(await linkKey(secret), body)))
    return { ok: false, reason: "signature" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(fromB64url(body) ?? new Uint8Array()));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const c = parsed as { i?: unknown; id?: unknown; n?: unknown; e?: unknown };
  if (
    (c.i !== "consultations" && c.i !== "bookings") ||
    typeof c.id !== "string" ||
    !UUID.test(c.id) ||
    typeof c.n !== "string" ||
    !UUID.test(c.n) ||
    typeof c.e !== "number"
  )
    return { ok: false, reason: "malformed" };
  if (c.e * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims: { inbox: c.i, id: c.id, nonce: c.n, exp: c.e } };
}

/** The manage link: the token rides in the fragment, so it never reaches a server log or a Referer. */
export function appointmentLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}${APPOINTMENT_PAGE_PATH}#${token}`;
}
