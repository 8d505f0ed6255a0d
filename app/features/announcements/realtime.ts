/**
 * Announcements live: when an admin posts or changes a notice, the hub relays a frame with its
 * id only (core's REALTIME_MODULES "announcements": staff and admins). This tab then refetches
 * its board and dashboard widget, and its notification bell — the database has already written
 * the audience's notifications (private.notify), so a new notice shows and toasts at once
 * without one poke per colleague (the hub limits pokes to 10 per 10 s per socket; an agency's
 * whole team is one frame). Everything is refetched through RLS: a staff member learns nothing
 * of a notice for admins.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { ANNOUNCEMENTS_REALTIME, announcementKeys } from "./hooks/announcement-queries.ts";

export function AnnouncementsRealtime(): null {
  const qc = useQueryClient();
  useDomainUpdates(ANNOUNCEMENTS_REALTIME, (update) => {
    void qc.invalidateQueries({ queryKey: announcementKeys.all });
    if (update.action === "created") void qc.invalidateQueries({ queryKey: announcementKeys.bell() });
  });
  return null;
}
