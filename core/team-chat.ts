/**
 * Pure team-chat rules shared by the SPA (and its tests): how realtime events change a message
 * list (docs/product.md#team-chat: duplicates ignored, ordered by created_at ascending), and when
 * a chat notification shows and what it says.
 */
import { CHAT_PREVIEW_ELLIPSIS, CHAT_PREVIEW_LENGTH } from "./constants.ts";
import { isBackOfficeHost, type HostKind } from "./hosts.ts";
import type { TeamMessageWithProfile } from "./schemas/hub.ts";

/** A message as the list holds it: stored rows, plus the sender's own not-yet-confirmed ones. */
export type ChatListMessage = TeamMessageWithProfile & { pending?: "sending" | "failed" };

function byCreatedAt(a: ChatListMessage, b: ChatListMessage): number {
  const ta = Date.parse(a.created_at);
  const tb = Date.parse(b.created_at);
  if (ta !== tb) return ta - tb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Inserts or replaces by id (a newer updated_at wins; a stored row replaces a pending one); keeps order. */
export function upsertMessage(list: readonly ChatListMessage[], msg: ChatListMessage): ChatListMessage[] {
  const i = list.findIndex((m) => m.id === msg.id);
  if (i === -1) return [...list, msg].sort(byCreatedAt);
  const cur = list[i]!;
  const curStored = !cur.pending;
  const nextStored = !msg.pending;
  if (curStored && !nextStored) return list as ChatListMessage[];
  if (curStored && nextStored && Date.parse(msg.updated_at) < Date.parse(cur.updated_at))
    return list as ChatListMessage[];
  const next = [...list];
  next[i] = msg;
  return next.sort(byCreatedAt);
}

export function removeMessage(list: readonly ChatListMessage[], id: string): ChatListMessage[] {
  return list.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : (list as ChatListMessage[]);
}

/** Merges a freshly loaded history into the live list (events that arrived meanwhile survive). */
export function mergeHistory(
  live: readonly ChatListMessage[],
  history: readonly ChatListMessage[],
  deletedIds: ReadonlySet<string>,
): ChatListMessage[] {
  let out = live.filter((m) => !deletedIds.has(m.id));
  for (const m of history) if (!deletedIds.has(m.id)) out = upsertMessage(out, m);
  return out;
}

/** The first 50 characters plus '...' when longer. */
export function chatPreview(message: string): string {
  const chars = Array.from(message);
  return chars.length > CHAT_PREVIEW_LENGTH
    ? chars.slice(0, CHAT_PREVIEW_LENGTH).join("") + CHAT_PREVIEW_ELLIPSIS
    : message;
}

/** Show a chat notification? (docs/product.md#team-chat) */
export function shouldNotifyChat(input: {
  pushTeamMessages: boolean | null | undefined;
  hostKind: HostKind;
  senderId: string;
  currentUserId: string | null;
  channelId: string;
  openChannelId: string | null;
}): boolean {
  if (input.pushTeamMessages === false) return false;
  if (!isBackOfficeHost(input.hostKind)) return false;
  if (input.currentUserId !== null && input.senderId === input.currentUserId) return false;
  if (input.openChannelId !== null && input.channelId === input.openChannelId) return false;
  return true;
}
