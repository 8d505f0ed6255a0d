/**
 * The thread with one partner (admins): the agency's side of the conversation the partner has in
 * the portal. Opening it marks the partner's messages read; a partner's new message rings every
 * admin's bell (database trigger), the agency's reaches the partner's people by e-mail. Live: a
 * message from either side is announced through the hub (ids only) and the thread refetches.
 */
import { useEffect } from "react";
import { describeDbError } from "#core/records/db-errors.ts";
import { MessageThread } from "#app/components/partners/message-thread.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { announcePartnerThread, useHubFrames } from "#app/lib/realtime/index.ts";
import { markThreadRead, sendMessage } from "../api/partners-api.ts";
import { partnerKeys, usePartnerMessages, useRefreshPartners } from "../hooks/partner-queries.ts";

export function MessagesTab({ partnerId, partnerName }: { partnerId: string; partnerName: string }) {
  const key = partnerKeys.messages(partnerId);
  const rows = usePartnerMessages(partnerId);
  const refresh = useRefreshPartners();
  useHubFrames("partner_thread_update", (f) => {
    if (f.partnerId === partnerId) void refresh(key);
  });
  // A socket that (re)connected may have missed announcements: catch up once.
  useHubFrames("auth_success", (f) => {
    if (!f.reauth) void refresh(key);
  });
  const unread = (rows.data ?? []).some((m) => m.from_partner && m.read_at === null);
  useEffect(() => {
    if (unread)
      void markThreadRead(partnerId).catch((e: unknown) =>
        console.warn("partner thread: read mark failed", e),
      );
  }, [unread, partnerId]);
  if (rows.isPending) return <Skeleton className="h-40 w-full" />;
  if (rows.isError)
    return (
      <Alert variant="destructive">Could not load the messages: {describeDbError(rows.error).message}</Alert>
    );
  return (
    <MessageThread
      label={`Messages with ${partnerName}`}
      empty="No messages yet. Write to the partner; they read it in the portal and get an e-mail."
      messages={rows.data.map((m) => ({
        id: m.id,
        body: m.body,
        created_at: m.created_at,
        mine: !m.from_partner,
        author: m.from_partner ? partnerName : "Agency",
      }))}
      onSend={async (body) => {
        const id = await sendMessage(partnerId, body);
        announcePartnerThread(partnerId, [id]);
        await refresh(key);
      }}
    />
  );
}
