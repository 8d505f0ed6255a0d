import { describe, expect, it } from "vitest";
import { CHAT_PREVIEW_LENGTH } from "./constants.ts";
import {
  chatPreview,
  mergeHistory,
  removeMessage,
  shouldNotifyChat,
  upsertMessage,
  type ChatListMessage,
} from "./team-chat.ts";

function msg(id: string, at: string, extra: Partial<ChatListMessage> = {}): ChatListMessage {
  return {
    id,
    user_id: "u1",
    message: `m ${id}`,
    channel_id: "general",
    reply_to_id: null,
    is_edited: false,
    created_at: at,
    updated_at: at,
    user_profile: null,
    ...extra,
  };
}

describe("message list", () => {
  it("keeps created_at order and ignores duplicates", () => {
    let list: ChatListMessage[] = [];
    list = upsertMessage(list, msg("b", "2026-11-21T10:00:02Z"));
    list = upsertMessage(list, msg("a", "2026-11-21T10:00:01Z"));
    list = upsertMessage(list, msg("b", "2026-11-21T10:00:02Z"));
    expect(list.map((m) => m.id)).toEqual(["a", "b"]);
  });

  it("applies edits, refuses stale ones, and never lets a pending copy replace a stored row", () => {
    let list = [msg("a", "2026-11-21T10:00:01Z")];
    list = upsertMessage(
      list,
      msg("a", "2026-11-21T10:00:01Z", {
        message: "edited",
        is_edited: true,
        updated_at: "2026-11-21T10:05:00Z",
      }),
    );
    expect(list[0]).toMatchObject({ message: "edited", is_edited: true });
    list = upsertMessage(list, msg("a", "2026-11-21T10:00:01Z", { message: "old" }));
    expect(list[0]!.message).toBe("edited");
    list = upsertMessage(list, msg("a", "2026-11-21T10:00:01Z", { message: "pending", pending: "sending" }));
    expect(list[0]!.message).toBe("edited");
    const pending = upsertMessage([], msg("p", "2026-11-21T10:00:09Z", { pending: "sending" }));
    expect(upsertMessage(pending, msg("p", "2026-11-21T10:00:08Z"))[0]!.pending).toBeUndefined();
  });

  it("removes deleted messages and merges history without losing live events", () => {
    const live = [msg("c", "2026-11-21T10:00:03Z")];
    const history = [msg("a", "2026-11-21T10:00:01Z"), msg("b", "2026-11-21T10:00:02Z")];
    expect(mergeHistory(live, history, new Set(["b"])).map((m) => m.id)).toEqual(["a", "c"]);
    expect(removeMessage(live, "c")).toEqual([]);
  });
});

describe("chat notifications", () => {
  it("cuts the preview to 50 characters plus '...'", () => {
    const long = "x".repeat(80);
    expect(chatPreview(long)).toBe("x".repeat(CHAT_PREVIEW_LENGTH) + "...");
    expect(chatPreview("x".repeat(50))).toBe("x".repeat(50));
    expect(chatPreview("short")).toBe("short");
  });

  const base = {
    pushTeamMessages: true,
    hostKind: "crm" as const,
    senderId: "other",
    currentUserId: "me",
    channelId: "general",
    openChannelId: null,
  };
  it("notifies when push is on, on a back-office host, for another sender's message outside the open channel", () => {
    expect(shouldNotifyChat(base)).toBe(true);
    expect(shouldNotifyChat({ ...base, pushTeamMessages: null })).toBe(true);
    expect(shouldNotifyChat({ ...base, hostKind: "preview" })).toBe(true);
    expect(shouldNotifyChat({ ...base, pushTeamMessages: false })).toBe(false);
    for (const hostKind of ["main", "consult", "bookings", "request", "collab", "other"] as const) {
      expect(shouldNotifyChat({ ...base, hostKind }), hostKind).toBe(false);
    }
    expect(shouldNotifyChat({ ...base, senderId: "me" })).toBe(false);
    expect(shouldNotifyChat({ ...base, openChannelId: "general" })).toBe(false);
    expect(shouldNotifyChat({ ...base, openChannelId: "sales" })).toBe(true);
  });
});
