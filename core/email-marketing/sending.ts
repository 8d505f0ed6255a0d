/**
 * Email marketing's sending rules shared by the screen, the edge and the tests: the click
 * redirect and provider-webhook endpoints, the webhook's payload and signature (the Svix scheme
 * Resend signs with: `svix-id`, `svix-timestamp`, `svix-signature: v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, key = the base64 after `whsec_`), and the schedule time, entered
 * as a wall-clock time in Africa/Accra.
 */
import { z } from "zod";

/** GET ?l=<link id>&t=<signed recipient token>: records the click, redirects to the campaign's own link. */
export const EMAIL_CLICK_PATH = "/api/email/click";
/** POST from the e-mail provider: bounces and complaints (signed). */
export const EMAIL_EVENTS_PATH = "/api/email/events";

export const clickQuerySchema = z.object({
  l: z.string().uuid(),
  t: z
    .string()
    .min(40)
    .max(200)
    .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/),
});

/** Where a click may lead: an absolute http(s) URL (the database returns only the campaign's own). */
export const clickTargetSchema = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), "not a web address");

/** The provider's event (Resend's shape); only bounces and complaints change anything. */
export const emailEventSchema = z.object({
  type: z.string().min(1).max(80),
  created_at: z.string().max(60).optional(),
  data: z
    .object({
      email_id: z.string().max(200).optional(),
      to: z.union([z.string().email().max(254), z.array(z.string().email().max(254)).min(1).max(50)]),
    })
    .passthrough(),
});
export type EmailEvent = z.output<typeof emailEventSchema>;

/** The suppression reason an event type means, or null for events that change nothing (delivered, opened…). */
export function suppressionOf(type: string): "bounced" | "complained" | null {
  if (type === "email.bounced") return "bounced";
  if (type === "email.complained") return "complained";
  return null;
}

/** How old (or how far ahead) a signed webhook's timestamp may be. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The local stacks' webhook secret (the emulator has no real provider to sign with); production
 * takes its own from `wrangler secret put EMAIL_WEBHOOK_SECRET` (the provider's signing secret).
 */
export const LOCAL_EMAIL_WEBHOOK_SECRET = "whsec_bG9jYWwtZ2hhbmEtcmVhbHR5LXdlYmhvb2stc2VjcmV0";

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

function keyBytes(secret: string): Uint8Array<ArrayBuffer> | null {
  const m = /^whsec_([A-Za-z0-9+/=]+)$/.exec(secret.trim());
  if (!m) return null;
  try {
    const raw = atob(m[1]!);
    const out = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** `v1,<base64 signature>` of a payload (what the provider sends; tests sign with it too). */
export async function signWebhook(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
): Promise<string> {
  const key = keyBytes(secret);
  if (!key) throw new Error("not a whsec_ secret");
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return `v1,${base64(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(`${id}.${timestamp}.${body}`)))}`;
}

/** Whether the headers sign this body with the secret, at a time within the tolerance. Constant-time compare. */
export async function verifyWebhook(
  secret: string,
  headers: { id: string | null; timestamp: string | null; signature: string | null },
  body: string,
  now: Date,
): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (
    !id ||
    !timestamp ||
    !signature ||
    !/^\d{1,12}$/.test(timestamp) ||
    id.length > 200 ||
    signature.length > 2000
  )
    return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const key = keyBytes(secret);
  if (!key) return false;
  const expected = (await signWebhook(secret, id, timestamp, body)).slice(3);
  const same = (a: string, b: string) => {
    if (a.length !== b.length) return false;
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
    return diff === 0;
  };
  return signature.split(" ").some((part) => part.startsWith("v1,") && same(part.slice(3), expected));
}

/** Africa/Accra is UTC+0 all year (no daylight saving): a wall-clock time there is the same UTC time. */
export const SCHEDULE_TIME_ZONE = "Africa/Accra";

/** "YYYY-MM-DDTHH:mm" entered in Accra → the instant (ISO), or null when not a time. */
export function accraLocalToInstant(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!));
  // Reject rolled-over dates (31 February).
  if (d.getUTCMonth() !== +m[2]! - 1 || d.getUTCDate() !== +m[3]!) return null;
  return d.toISOString();
}

/** An instant shown as Accra's wall-clock time, e.g. "Tue 24 Nov 2026, 09:30 (Accra)". */
export function formatAccra(iso: string): string {
  const s = new Intl.DateTimeFormat("en-GB", {
    timeZone: SCHEDULE_TIME_ZONE,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(new Date(iso));
  return `${s} (Accra)`;
}

export const scheduleSchema = z.object({
  local: z
    .string()
    .min(1, "Choose the date and time it goes out")
    .refine((v) => accraLocalToInstant(v) !== null, "Not a date and time"),
});
