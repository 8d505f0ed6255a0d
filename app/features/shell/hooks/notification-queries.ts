/**
 * The bell's server state: the latest notifications and the unread count (TanStack Query), kept
 * fresh by the hub's notification pokes (ids only; the rows come from the database through
 * RLS) and by a slow poll when the socket is down. New rows toast per the user's push settings.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { safeInAppLink, shouldPush, type NotificationRow } from "#core/notifications.ts";
import { useHubFrames } from "#app/lib/realtime/index.ts";
import { useSession } from "#app/lib/session.tsx";
import { useUserSettings } from "#app/lib/user-settings-queries.ts";
import { listNotifications, markAllRead, markRead, unreadCount } from "../api/notifications-api.ts";

export const notificationKeys = {
  all: (userId: string | undefined) => ["notifications", userId ?? "anonymous"] as const,
  list: (userId: string | undefined) => [...notificationKeys.all(userId), "list"] as const,
  unread: (userId: string | undefined) => [...notificationKeys.all(userId), "unread"] as const,
};

const POLL_MS = 60_000;

export function useNotifications() {
  const { user } = useSession();
  return useQuery({
    queryKey: notificationKeys.list(user?.id),
    queryFn: listNotifications,
    enabled: !!user,
    refetchInterval: POLL_MS,
  });
}

export function useUnreadCount() {
  const { user } = useSession();
  return useQuery({
    queryKey: notificationKeys.unread(user?.id),
    queryFn: unreadCount,
    enabled: !!user,
    refetchInterval: POLL_MS,
  });
}

export function useMarkRead() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | "all") => {
      if (id === "all") await markAllRead();
      else await markRead(id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(user?.id) }),
  });
}

/** Refetch on every poke addressed to this user; toast rows not seen before (push settings permitting). */
export function useNotificationPokes() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const settings = useUserSettings();
  const navigate = useNavigate();
  const list = useNotifications();
  const seen = useRef<Set<string> | null>(null);

  // Everything present at first load counts as seen: only what arrives afterwards toasts.
  useEffect(() => {
    if (!list.data) return;
    if (seen.current === null) {
      seen.current = new Set(list.data.map((n) => n.id));
      return;
    }
    const fresh: NotificationRow[] = list.data.filter((n) => !seen.current!.has(n.id) && !n.read_at);
    for (const n of fresh) {
      seen.current.add(n.id);
      if (!shouldPush(settings.data, n.kind)) continue;
      const link = safeInAppLink(n.link);
      toast(n.title, {
        id: `notification-${n.id}`,
        description: n.body ?? undefined,
        action: link ? { label: "Open", onClick: () => navigate(link) } : undefined,
      });
    }
  }, [list.data, settings.data, navigate]);

  useHubFrames((frame) => {
    if (frame.type === "notification" && frame.targetUserId === user?.id) {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all(user?.id) });
    }
  });
}
