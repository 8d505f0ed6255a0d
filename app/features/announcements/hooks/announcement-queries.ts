/**
 * Server state of announcements (TanStack Query). Every key starts with "announcements" (one
 * invalidation refreshes the board, the receipts and the dashboard). After a change this tab
 * tells colleagues' tabs through the hub (ids only): their board and bell refetch (realtime.ts).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { AnnouncementRow } from "#core/announcements/announcement-schema.ts";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import { publishDomainUpdate } from "#app/lib/realtime/index.ts";
import { useSession } from "#app/lib/session.tsx";
import {
  deleteAnnouncement,
  listAnnouncements,
  updateAnnouncement,
  markRead,
  myReadIds,
  receiptCounts,
  receiptsOf,
  unreadAnnouncements,
} from "../api/announcements-api.ts";

/** The module's name on the hub (core/schemas/hub.ts REALTIME_MODULES). */
export const ANNOUNCEMENTS_REALTIME = "announcements";

export const announcementKeys = {
  all: ["announcements"] as const,
  list: () => [...announcementKeys.all, "list"] as const,
  reads: (userId: string | undefined) =>
    [...announcementKeys.all, "my-reads", userId ?? "anonymous"] as const,
  receipts: (id: string) => [...announcementKeys.all, "receipts", id] as const,
  counts: (ids: readonly string[]) => [...announcementKeys.all, "receipt-counts", ids] as const,
  unread: (userId: string | undefined) => [...announcementKeys.all, "unread", userId ?? "anonymous"] as const,
  /** The shell bell's keys start with this (app/features/shell/hooks/notification-queries.ts). */
  bell: () => ["notifications"] as const,
};

export function useAnnouncements() {
  return useQuery({ queryKey: announcementKeys.list(), queryFn: listAnnouncements });
}

export function useMyReads() {
  const { user } = useSession();
  return useQuery({
    queryKey: announcementKeys.reads(user?.id),
    queryFn: () => myReadIds(user!.id),
    enabled: !!user,
  });
}

export function useReceipts(id: string, enabled: boolean) {
  return useQuery({ queryKey: announcementKeys.receipts(id), queryFn: () => receiptsOf(id), enabled });
}

export function useReceiptCounts(ids: readonly string[]) {
  return useQuery({
    queryKey: announcementKeys.counts(ids),
    queryFn: () => receiptCounts(ids),
    enabled: ids.length > 0,
  });
}

export function useUnreadAnnouncements() {
  const { user } = useSession();
  return useQuery({
    queryKey: announcementKeys.unread(user?.id),
    queryFn: () => unreadAnnouncements(),
    enabled: !!user,
  });
}

/** Refreshes everything this tab shows of announcements. */
export function useRefreshAnnouncements() {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: announcementKeys.all }), [qc]);
}

/** After a change: refresh here, tell colleagues' tabs (ids only). */
export function useAnnouncementChanged() {
  const refresh = useRefreshAnnouncements();
  return useCallback(
    (id: string, action: RecordUpdateAction) => {
      refresh();
      publishDomainUpdate(ANNOUNCEMENTS_REALTIME, action, [id]);
    },
    [refresh],
  );
}

export function useMarkRead() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: markRead,
    meta: { errorTitle: "Not marked as read" },
    onSettled: refresh,
  });
}

/** Pins a notice, or unpins a pinned one. */
export function usePinAnnouncement() {
  const changed = useAnnouncementChanged();
  return useMutation({
    mutationFn: (r: AnnouncementRow) => updateAnnouncement(r.id, r.updated_at, { pinned: !r.pinned }),
    meta: { errorTitle: "Pin not changed" },
    onSuccess: (r) => changed(r.id, "updated"),
  });
}

export function useDeleteAnnouncement() {
  const changed = useAnnouncementChanged();
  return useMutation({
    mutationFn: deleteAnnouncement,
    meta: { errorTitle: "Announcement not deleted" },
    onSuccess: (_d, id) => changed(id, "deleted"),
  });
}
