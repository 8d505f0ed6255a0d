/**
 * The hub's internal publish route (live inboxes). Browser clients are the only ones
 * that can send frames through the hub's socket, but some events happen on the server: the edge
 * worker stores a visitor's form, a job notifies the owners of matching requests. For those, the
 * edge worker POSTs here (through its HUB service binding) with the Supabase secret key — which
 * the hub also holds — and the hub relays exactly what a signed-in client could have sent:
 * record-update frames (kinds and ids, to the roles REALTIME_MODULES allows) and notification
 * pokes (to the target user's sockets). Receivers refetch through RLS, as always.
 */
import { z } from "zod";
import {
  HUB_PARTY,
  HUB_ROOM,
  MAX_RECORD_IDS,
  notificationKindSchema,
  RECORD_UPDATE_ACTIONS,
  REALTIME_MODULE_NAMES,
} from "./hub.ts";

export const HUB_INTERNAL_PUBLISH_PATH = `/parties/${HUB_PARTY}/${HUB_ROOM}/internal/publish`;
/** The sender receivers see on frames that came from the server, not a colleague. */
export const HUB_SYSTEM_SENDER = "00000000-0000-0000-0000-000000000000";
export const HUB_SYSTEM_PROFILE = { first_name: "Ghana Realty", last_name: null, avatar_url: null } as const;
export const HUB_INTERNAL_MAX_BYTES = 16 * 1024;

export const hubInternalPublishSchema = z.strictObject({
  updates: z
    .array(
      z.strictObject({
        module: z.enum(REALTIME_MODULE_NAMES),
        action: z.enum(RECORD_UPDATE_ACTIONS),
        ids: z.array(z.uuid()).min(1).max(MAX_RECORD_IDS),
      }),
    )
    .max(10)
    .default([]),
  pokes: z
    .array(
      z.strictObject({
        userId: z.uuid(),
        notificationId: z.uuid().optional(),
        kind: notificationKindSchema.optional(),
      }),
    )
    .max(100)
    .default([]),
});
export type HubInternalPublish = z.input<typeof hubInternalPublishSchema>;
