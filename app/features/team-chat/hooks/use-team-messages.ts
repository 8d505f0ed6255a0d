/**
 * One channel's messages: history through supabase-js, live events from the hub, writes through
 * the hub's outbox. Duplicates are ignored and the list stays ordered by
 * created_at; after a reconnect the history is re-read and merged, so nothing is lost or doubled.
 * A message sent while offline shows as "sending" and ends either stored (once: it carries its
 * own uuid) or clearly marked failed, with retry.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { TEXT } from "#core/constants.ts";
import type { HubFrame } from "#core/schemas/hub.ts";
import { mergeHistory, removeMessage, upsertMessage, type ChatListMessage } from "#core/team-chat.ts";
import { useHubFrames, useRealtime } from "#app/lib/realtime/index.ts";
import { useSession } from "#app/lib/session.tsx";
import { loadMessages } from "../api/team-chat-api.ts";

export function useTeamMessages(channelId: string) {
  const rt = useRealtime();
  const { user, profile } = useSession();
  const [messages, setMessages] = useState<ChatListMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const deleted = useRef(new Set<string>());
  const generation = useRef(0);

  useEffect(() => {
    rt.join(channelId);
    return () => rt.leave(channelId);
  }, [rt, channelId]);

  const reload = useCallback(
    async (showSpinner: boolean) => {
      const gen = ++generation.current;
      if (showSpinner) setLoading(true);
      try {
        const history = await loadMessages(channelId);
        if (gen !== generation.current) return;
        setMessages((live) => mergeHistory(live, history, deleted.current));
        setLoadFailed(false);
      } catch (err) {
        if (gen !== generation.current) return;
        console.error(`team chat: loading #${channelId} failed`, err);
        setLoadFailed(true);
        toast.error(TEXT.failedLoadMessages);
      } finally {
        if (gen === generation.current) setLoading(false);
      }
    },
    [channelId],
  );

  useEffect(() => {
    setMessages([]);
    deleted.current = new Set();
    void reload(true);
  }, [reload]);

  useHubFrames((frame: HubFrame) => {
    if (frame.type === "auth_success" && !frame.reauth) {
      // A (re)connected socket: catch up on whatever was said while we were away.
      void reload(false);
      return;
    }
    if (frame.type !== "team_message" || frame.message.channel_id !== channelId) return;
    if (frame.event === "DELETE") {
      deleted.current.add(frame.message.id);
      setMessages((list) => removeMessage(list, frame.message.id));
    } else {
      setMessages((list) => upsertMessage(list, frame.message));
    }
  });

  const deliver = useCallback(
    async (draft: ChatListMessage) => {
      setMessages((list) => upsertMessage(removeMessage(list, draft.id), { ...draft, pending: "sending" }));
      try {
        const echo = await rt.writeTeamMessage({
          action: "insert",
          channelId,
          id: draft.id,
          message: draft.message,
          replyToId: draft.reply_to_id,
        });
        setMessages((list) => upsertMessage(removeMessage(list, draft.id), echo.message));
        toast.success(TEXT.messageSent);
        return true;
      } catch (err) {
        console.error("team chat: send failed", err);
        setMessages((list) =>
          list.map((m) => (m.id === draft.id && m.pending ? { ...m, pending: "failed" } : m)),
        );
        toast.error(TEXT.failedSendMessage);
        return false;
      }
    },
    [rt, channelId],
  );

  const send = useCallback(
    (text: string, replyToId: string | null) => {
      if (!user) return Promise.resolve(false);
      const now = new Date().toISOString();
      return deliver({
        id: crypto.randomUUID(),
        user_id: user.id,
        message: text,
        channel_id: channelId,
        reply_to_id: replyToId,
        is_edited: false,
        created_at: now,
        updated_at: now,
        user_profile: profile
          ? { first_name: profile.first_name, last_name: profile.last_name, avatar_url: profile.avatar_url }
          : null,
      });
    },
    [deliver, user, profile, channelId],
  );

  const retry = useCallback(
    (id: string) => {
      const draft = messages.find((m) => m.id === id && m.pending === "failed");
      if (draft) void deliver(draft);
    },
    [messages, deliver],
  );

  const discard = useCallback(
    (id: string) => setMessages((list) => list.filter((m) => !(m.id === id && m.pending))),
    [],
  );

  const edit = useCallback(
    async (id: string, text: string) => {
      try {
        const echo = await rt.writeTeamMessage({ action: "update", channelId, id, message: text });
        setMessages((list) => upsertMessage(list, echo.message));
        toast.success(TEXT.messageUpdated);
        return true;
      } catch (err) {
        console.error("team chat: edit failed", err);
        toast.error(TEXT.failedEditMessage);
        return false;
      }
    },
    [rt, channelId],
  );

  const remove = useCallback(
    async (id: string) => {
      try {
        await rt.writeTeamMessage({ action: "delete", channelId, id });
        deleted.current.add(id);
        setMessages((list) => removeMessage(list, id));
        toast.success(TEXT.messageDeleted);
        return true;
      } catch (err) {
        console.error("team chat: delete failed", err);
        toast.error(TEXT.failedDeleteMessage);
        return false;
      }
    },
    [rt, channelId],
  );

  return { messages, loading, loadFailed, reload: () => reload(true), send, retry, discard, edit, remove };
}
