/**
 * Channels and unread counts. Counts come from the database
 * (team_unread_counts, moved by mark_team_messages_as_read) and follow live INSERT events.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHubFrames } from "#app/lib/realtime/index.ts";
import { useSession } from "#app/lib/session.tsx";
import { loadChannels, loadUnreadCounts, markRead } from "../api/team-chat-api.ts";

export const channelsKey = ["team_channels"] as const;

export function useChannels() {
  return useQuery({ queryKey: channelsKey, queryFn: loadChannels, staleTime: 60_000 });
}

export function useInvalidateChannels() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: channelsKey }), [qc]);
}

export function useUnreadCounts(activeChannel: string) {
  const { user } = useSession();
  const [counts, setCounts] = useState<Record<string, number>>({});
  const markTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const active = useRef(activeChannel);
  active.current = activeChannel;

  const refresh = useCallback(async () => {
    try {
      const fresh = await loadUnreadCounts();
      setCounts({ ...fresh, [active.current]: 0 });
    } catch (err) {
      console.error("team chat: unread counts failed", err);
    }
  }, []);

  const markActiveRead = useCallback((channelId: string) => {
    setCounts((c) => ({ ...c, [channelId]: 0 }));
    markRead(channelId).catch((err: unknown) =>
      console.error(`team chat: marking #${channelId} read failed`, err),
    );
  }, []);

  // Opening a channel reads it.
  useEffect(() => {
    markActiveRead(activeChannel);
  }, [activeChannel, markActiveRead]);

  useEffect(() => {
    void refresh();
    return () => {
      if (markTimer.current) clearTimeout(markTimer.current);
    };
  }, [refresh]);

  useHubFrames((frame) => {
    if (frame.type === "auth_success" && !frame.reauth) {
      void refresh();
      return;
    }
    if (frame.type !== "team_message" || frame.event !== "INSERT" || frame.message.user_id === user?.id)
      return;
    const ch = frame.message.channel_id;
    if (ch === active.current) {
      // Seen as it arrives: move the read mark, debounced.
      if (markTimer.current) clearTimeout(markTimer.current);
      markTimer.current = setTimeout(() => markActiveRead(ch), 1000);
    } else {
      setCounts((c) => ({ ...c, [ch]: (c[ch] ?? 0) + 1 }));
    }
  });

  return counts;
}
