/** Reading the outgoing-email queue with the secret key, for suites that check what delivery did to a row. */
import { serviceClient } from "./supabase.ts";

export interface QueueRow {
  id: string;
  status: string;
  attempts: number;
  not_before: string;
  lease_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

/** The one row whose `column` equals `value` (a row id, or the notification it copies). */
export async function queueRow(column: "id" | "notification_id", value: string): Promise<QueueRow> {
  const { data, error } = await serviceClient()
    .from("outgoing_emails")
    .select("id, status, attempts, not_before, lease_until, last_error, sent_at")
    .eq(column, value)
    .single();
  if (error) throw new Error(`reading the queue (${column} = ${value}) failed: ${error.message}`);
  return data as QueueRow;
}
