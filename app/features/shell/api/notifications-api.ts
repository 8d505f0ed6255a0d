/** The only place that queries `notifications` (the bell): the caller's own rows, through RLS. */
import { NOTIFICATION_COLUMNS, notificationRowSchema, type NotificationRow } from "#core/notifications.ts";
import { supabase } from "#app/lib/supabase.ts";
import { z } from "zod";

export const NOTIFICATION_PAGE = 20;

export async function listNotifications(): Promise<NotificationRow[]> {
  const { data, error } = await supabase
    .from("notifications")
    .select(NOTIFICATION_COLUMNS)
    .order("created_at", { ascending: false })
    .limit(NOTIFICATION_PAGE);
  if (error) throw error;
  return z.array(notificationRowSchema).parse(data);
}

export async function unreadCount(): Promise<number> {
  const { data, error } = await supabase.rpc("unread_notification_count");
  if (error) throw error;
  return z.number().int().parse(data);
}

export async function markRead(id: string): Promise<void> {
  const { error } = await supabase
    .from("notifications")
    .update({ read_at: new Date().toISOString() })
    .eq("id", id)
    .is("read_at", null);
  if (error) throw error;
}

export async function markAllRead(): Promise<number> {
  const { data, error } = await supabase.rpc("mark_all_notifications_read");
  if (error) throw error;
  return z.number().int().parse(data);
}
