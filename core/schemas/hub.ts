/**
 * The realtime hub's wire protocol (docs/product.md#realtime-socket, docs/architecture.md#how-a-hub-frame-travels).
 *
 * Every frame is a JSON text object `{ "type": ..., ...payload }`. The hub parses every
 * client frame with `clientFrameSchema`; the SPA parses every hub frame with `hubFrameSchema`.
 * One module for both sides, so client and server can never disagree on a field name.
 */
import { z } from "zod";
import {
  DOMAIN_UPDATE_TYPES,
  MAX_RECORD_IDS,
  REALTIME_MODULE_NAMES,
  RECORD_UPDATE_ACTIONS,
} from "./hub-modules.ts";

// The routing of record updates (zod-free, for screens that only react to frames) is part of
// the protocol too.
export * from "./hub-modules.ts";

/** Channel ids are short slugs ('general', 'sales-team'), as team_channels.id's check constraint. */
export const channelIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "channel id: up to 40 lowercase letters, digits and '-'");

/** A channel id from a display name: "Sales Team!" → "sales-team"; null when nothing usable is left. */
export function channelIdFromName(name: string): string | null {
  const id = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return channelIdSchema.safeParse(id).success ? id : null;
}

/** A team_channels row. */
export const teamChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type TeamChannel = z.infer<typeof teamChannelSchema>;

export const PRESENCE_STATUSES = ["online", "away", "busy"] as const;
export const presenceStatusSchema = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

/** Longest chat message body the hub accepts (the whole frame is capped at 16 KB anyway). */
export const TEAM_MESSAGE_MAX_LENGTH = 4000;

export const teamMessageBodySchema = z
  .string()
  .max(TEAM_MESSAGE_MAX_LENGTH)
  .refine((s) => s.trim().length > 0, "message must not be empty");

/** A client-chosen id must be a uuid: it lets a retried insert stay idempotent. */
const idSchema = z.uuid();

// ─── Client → hub ────────────────────────────────────────────────────────────

export const authFrameSchema = z.object({ type: z.literal("auth"), token: z.string().min(1).max(8192) });

export const joinChannelFrameSchema = z.object({
  type: z.literal("join_channel"),
  channelId: channelIdSchema,
});
export const leaveChannelFrameSchema = z.object({
  type: z.literal("leave_channel"),
  channelId: channelIdSchema,
});

export const presenceUpdateFrameSchema = z.object({
  type: z.literal("presence_update"),
  status: presenceStatusSchema,
});

/**
 * Chat writes. insert: `message` required, `id` optional (client-generated uuid so that a
 * resend after a reconnect cannot double the row), `replyToId` optional. update: `id` and
 * `message`. delete: `id`. `ref` is echoed in the hub's error frame so the client can mark
 * exactly that outgoing message as failed.
 */
export const teamMessageActionSchema = z.discriminatedUnion("action", [
  z.object({
    type: z.literal("team_message"),
    action: z.literal("insert"),
    channelId: channelIdSchema,
    id: idSchema.optional(),
    message: teamMessageBodySchema,
    replyToId: idSchema.nullish(),
    ref: z.string().max(64).optional(),
  }),
  z.object({
    type: z.literal("team_message"),
    action: z.literal("update"),
    channelId: channelIdSchema,
    id: idSchema,
    message: teamMessageBodySchema,
    ref: z.string().max(64).optional(),
  }),
  z.object({
    type: z.literal("team_message"),
    action: z.literal("delete"),
    channelId: channelIdSchema,
    id: idSchema,
    ref: z.string().max(64).optional(),
  }),
]);
export type TeamMessageAction = z.infer<typeof teamMessageActionSchema>;

// ─── Record updates of back-office modules ──────────────────────────────────

const recordUpdateFields = {
  action: z.enum(RECORD_UPDATE_ACTIONS),
  ids: z.array(z.uuid()).min(1).max(MAX_RECORD_IDS),
};
const realtimeModuleSchema = z.enum(REALTIME_MODULE_NAMES);

// Strict: a frame with any other field (a title, a row) is refused, so nothing but kinds and ids
// can ever be relayed.
export const dealUpdateFrameSchema = z.strictObject({
  type: z.literal("deal_update"),
  ...recordUpdateFields,
});
export const financialUpdateFrameSchema = z.strictObject({
  type: z.literal("financial_update"),
  ...recordUpdateFields,
});
export const propertyHuntUpdateFrameSchema = z.strictObject({
  type: z.literal("property_hunt_update"),
  ...recordUpdateFields,
});
export const recordUpdateFrameSchema = z.strictObject({
  type: z.literal("record_update"),
  module: realtimeModuleSchema,
  ...recordUpdateFields,
});
const clientDomainFrameSchema = z.union([
  dealUpdateFrameSchema,
  financialUpdateFrameSchema,
  propertyHuntUpdateFrameSchema,
  recordUpdateFrameSchema,
]);
export type ClientDomainFrame = z.infer<typeof clientDomainFrameSchema>;

// ─── Partner threads (live messages between the agency and a partner) ───

/**
 * A new message in the thread between the agency and one partner: ids only, receivers refetch
 * through RLS. Admins may announce any partner's thread; a partner account only its own (the hub
 * knows the socket's partner from the database, never from the frame). It reaches the admins and
 * that partner's sockets — the only relayed frame a partner socket ever receives.
 */
export const partnerThreadUpdateFrameSchema = z.strictObject({
  type: z.literal("partner_thread_update"),
  partnerId: z.uuid(),
  ids: z.array(z.uuid()).min(1).max(MAX_RECORD_IDS),
});
export type PartnerThreadUpdateFrame = z.infer<typeof partnerThreadUpdateFrameSchema>;

/** `kind` of a notification, e.g. "task_assigned": the rule of notifications.kind's check constraint. */
export const notificationKindSchema = z
  .string()
  .regex(/^[a-z][a-z_]{1,39}$/, "kind: 2 to 40 lowercase letters and _");

/**
 * A poke after the sender created a `notifications` row for `targetUserId`: ids only. The hub adds
 * who sent it; the receiver reads its notifications through RLS. Title, body and link are never
 * taken from a client, so a frame carrying them is refused.
 */
export const notificationFrameSchema = z.strictObject({
  type: z.literal("notification"),
  targetUserId: z.uuid(),
  kind: notificationKindSchema.optional(),
  notificationId: z.uuid().optional(),
});

export const clientFrameSchema = z.union([
  authFrameSchema,
  joinChannelFrameSchema,
  leaveChannelFrameSchema,
  presenceUpdateFrameSchema,
  teamMessageActionSchema,
  clientDomainFrameSchema,
  notificationFrameSchema,
  partnerThreadUpdateFrameSchema,
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const CLIENT_FRAME_TYPES = [
  "auth",
  "join_channel",
  "leave_channel",
  "presence_update",
  "team_message",
  ...DOMAIN_UPDATE_TYPES,
  "notification",
  "partner_thread_update",
] as const;

// ─── Rows ────────────────────────────────────────────────────────────────────

export const userProfileSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** A team_messages row as PostgREST returns it. */
export const teamMessageRowSchema = z.object({
  id: z.string().min(1),
  user_id: z.string().min(1),
  message: z.string(),
  channel_id: z.string().min(1),
  reply_to_id: z.string().nullable(),
  is_edited: z.boolean(),
  created_at: z.string().min(1),
  updated_at: z.string().min(1),
});
export type TeamMessageRow = z.infer<typeof teamMessageRowSchema>;

/** The row plus the sender's profile, as the client shows it and the hub broadcasts it. */
export const teamMessageWithProfileSchema = teamMessageRowSchema.extend({
  user_profile: userProfileSchema.nullable(),
});
export type TeamMessageWithProfile = z.infer<typeof teamMessageWithProfileSchema>;

// ─── Hub → client ────────────────────────────────────────────────────────────

export const HUB_ERROR_CODES = [
  "not_authenticated",
  "auth_failed",
  "forbidden",
  "invalid_frame",
  "frame_too_large",
  "rate_limited",
  "not_in_channel",
  "write_failed",
  /** The session was signed out or revoked (the socket is then closed with HUB_CLOSE.accessRevoked). */
  "session_ended",
] as const;
export type HubErrorCode = (typeof HUB_ERROR_CODES)[number];

/** WebSocket close codes the hub uses (4000–4999 is the application range). */
export const HUB_CLOSE = {
  /** No valid `auth` frame within HUB_AUTH_TIMEOUT_MS. */
  authTimeout: 4001,
  /** The token was refused (forged, expired, wrong issuer/audience) or the user has no back-office role. */
  authFailed: 4003,
  /** A signed-in socket whose session ended or whose user lost the back-office role (re-checked). */
  accessRevoked: 4004,
} as const;

/** The PartyServer party (kebab-case of the Durable Object binding `Hub`) and its one room: the hub refuses any other. */
export const HUB_PARTY = "hub";
export const HUB_ROOM = "team";

export const authSuccessFrameSchema = z.object({
  type: z.literal("auth_success"),
  userId: z.string(),
  /** "partner": a collaboration-portal account, which receives its own thread's updates and nothing else. */
  role: z.enum(["admin", "staff", "partner"]),
  /** True when an already signed-in socket sent a refreshed token (no snapshot follows). */
  reauth: z.boolean().optional(),
});
export const userJoinedFrameSchema = z.object({
  type: z.literal("user_joined"),
  userId: z.string(),
  channelId: z.string(),
});
export const userLeftFrameSchema = z.object({
  type: z.literal("user_left"),
  userId: z.string(),
  channelId: z.string(),
});
export const presenceUpdatedFrameSchema = z.object({
  type: z.literal("presence_updated"),
  userId: z.string(),
  status: z.enum([...PRESENCE_STATUSES, "offline"]),
  lastSeen: z.string(),
});
/** Sent to a socket right after it joins: who is already in the channel. */
export const channelMembersFrameSchema = z.object({
  type: z.literal("channel_members"),
  channelId: z.string(),
  members: z.array(z.object({ userId: z.string(), status: presenceStatusSchema, lastSeen: z.string() })),
});
export const teamMessageEventFrameSchema = z.object({
  type: z.literal("team_message"),
  event: z.enum(["INSERT", "UPDATE", "DELETE"]),
  message: teamMessageWithProfileSchema,
  /** Echo of the sender's `ref` (only on the sender's own socket). */
  ref: z.string().optional(),
});
/** A record update as the hub relays it: the sender's frame plus who sent it. */
const relayed = { fromUserId: z.string() };
export const relayedDomainFrameSchema = z.union([
  dealUpdateFrameSchema.extend(relayed),
  financialUpdateFrameSchema.extend(relayed),
  propertyHuntUpdateFrameSchema.extend(relayed),
  recordUpdateFrameSchema.extend(relayed),
]);
export type RelayedDomainFrame = z.infer<typeof relayedDomainFrameSchema>;

/** A notification poke as its target receives it: who sent it, the kind and the row's id. */
export const hubNotificationFrameSchema = z.strictObject({
  type: z.literal("notification"),
  targetUserId: z.string(),
  fromUserId: z.string(),
  from: z.strictObject(userProfileSchema.shape),
  kind: notificationKindSchema.nullable(),
  notificationId: z.string().nullable(),
});
export type HubNotificationFrame = z.infer<typeof hubNotificationFrameSchema>;
export const relayedPartnerThreadFrameSchema = partnerThreadUpdateFrameSchema.extend(relayed);

/**
 * The one rule for a partner socket (partnerId set): of everything the hub fans out — chat,
 * presence, record updates, pokes — it receives only its own partner's thread updates.
 * Back-office sockets (partnerId null) are routed by the other rules.
 */
export function partnerMayReceive(partnerId: string | null, frame: HubFrame): boolean {
  return partnerId === null || (frame.type === "partner_thread_update" && frame.partnerId === partnerId);
}
export const errorFrameSchema = z.object({
  type: z.literal("error"),
  code: z.enum(HUB_ERROR_CODES),
  message: z.string(),
  ref: z.string().optional(),
});

export const hubFrameSchema = z.union([
  authSuccessFrameSchema,
  userJoinedFrameSchema,
  userLeftFrameSchema,
  presenceUpdatedFrameSchema,
  channelMembersFrameSchema,
  teamMessageEventFrameSchema,
  relayedDomainFrameSchema,
  hubNotificationFrameSchema,
  relayedPartnerThreadFrameSchema,
  errorFrameSchema,
]);
export type HubFrame = z.infer<typeof hubFrameSchema>;
export type HubErrorFrame = z.infer<typeof errorFrameSchema>;
export type TeamMessageEventFrame = z.infer<typeof teamMessageEventFrameSchema>;

/** Parses a raw text frame; returns null for non-JSON or a frame that fits no schema. */
export function parseHubFrame(raw: string): HubFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = hubFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** UTF-8 byte length of a text frame (the 16 KB limit is in bytes, not UTF-16 units). */
export function frameByteLength(raw: string): number {
  return new TextEncoder().encode(raw).byteLength;
}
