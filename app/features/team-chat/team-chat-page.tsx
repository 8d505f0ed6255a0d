/**
 * /admin/team — the admins' team chat: channels with
 * unread counts, the message list with day separators, composer, replies, edits and deletes of
 * one's own messages, who is online, and the connection state.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_CHANNEL, TEXT } from "#core/constants.ts";
import { PRESENCE_STATUSES, channelIdSchema, type PresenceStatus } from "#core/schemas/hub.ts";
import type { ChatListMessage } from "#core/team-chat.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { PageSpinner } from "#app/components/ui/spinner.tsx";
import { useHubFrames, usePresence, useRealtime, useRealtimeStatus } from "#app/lib/realtime/index.ts";
import { useSession } from "#app/lib/session.tsx";
import { ChannelList } from "./components/channel-list.tsx";
import { Composer } from "./components/composer.tsx";
import { CreateChannelDialog } from "./components/create-channel-dialog.tsx";
import { MessageList } from "./components/message-list.tsx";
import { OnlineList } from "./components/online-list.tsx";
import { useChannels, useInvalidateChannels, useUnreadCounts } from "./hooks/use-channels.ts";
import { useTeamMessages } from "./hooks/use-team-messages.ts";
import { setOpenChannel } from "./open-channel.ts";

const STATUS_TEXT = {
  connected: "Connected: messages arrive live.",
  connecting: "Connecting to the chat server… messages you send are queued.",
  disconnected: "Offline: messages cannot be sent until the connection is back.",
} as const;

export default function TeamChatPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("channel");
  const channelId = requested && channelIdSchema.safeParse(requested).success ? requested : DEFAULT_CHANNEL;
  const { user } = useSession();
  const channels = useChannels();
  const invalidateChannels = useInvalidateChannels();
  const unread = useUnreadCounts(channelId);
  const chat = useTeamMessages(channelId);
  const status = useRealtimeStatus();
  const [replyTo, setReplyTo] = useState<ChatListMessage | null>(null);
  const [toDelete, setToDelete] = useState<ChatListMessage | null>(null);

  useEffect(() => {
    setOpenChannel(channelId);
    setReplyTo(null);
    return () => setOpenChannel(null);
  }, [channelId]);

  const channelList = useMemo(() => channels.data ?? [], [channels.data]);
  const current = channelList.find((c) => c.id === channelId);
  const channelName = current?.name ?? channelId;
  const existing = useMemo(() => new Set(channelList.map((c) => c.id)), [channelList]);

  // A message in a channel we do not know yet (another admin just created it): reload the list.
  useHubFrames((frame) => {
    if (
      frame.type === "team_message" &&
      frame.event === "INSERT" &&
      channels.isSuccess &&
      !existing.has(frame.message.channel_id)
    ) {
      void invalidateChannels();
    }
  });

  const select = useCallback(
    (id: string) => setParams(id === DEFAULT_CHANNEL ? {} : { channel: id }),
    [setParams],
  );

  const created = (id: string) => {
    void invalidateChannels();
    select(id);
  };

  return (
    <div className="-m-4 flex h-[calc(100dvh-4rem)] sm:-m-6">
      <aside className="hidden w-60 shrink-0 flex-col gap-4 overflow-y-auto border-r bg-background p-3 md:flex">
        <div>
          <h2 className="px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            Channels
          </h2>
          <div className="mt-2">
            {channels.isPending ? (
              <PageSpinner />
            ) : channels.isError ? (
              <p className="px-2 text-sm text-destructive">Channels could not be loaded.</p>
            ) : (
              <ChannelList channels={channelList} active={channelId} unread={unread} onSelect={select} />
            )}
          </div>
          <div className="mt-1">
            <CreateChannelDialog existing={existing} onCreated={created} />
          </div>
        </div>
        <OnlineList currentUserId={user?.id ?? null} />
      </aside>

      <section className="flex min-w-0 flex-1 flex-col bg-background" aria-labelledby="chat-heading">
        <header className="flex flex-wrap items-center gap-3 border-b px-4 py-3">
          <div className="min-w-0 flex-1">
            <h1 id="chat-heading" className="truncate text-lg font-semibold">
              # {channelName}
            </h1>
            {current?.description && (
              <p className="truncate text-sm text-muted-foreground">{current.description}</p>
            )}
          </div>
          <label className="md:hidden">
            <span className="sr-only">Channel</span>
            <NativeSelect value={channelId} onChange={(e) => select(e.target.value)}>
              {channelList.map((c) => (
                <option key={c.id} value={c.id}>
                  #{c.name}
                  {unread[c.id] ? ` (${unread[c.id]})` : ""}
                </option>
              ))}
            </NativeSelect>
          </label>
          {/* The sidebar is hidden on a phone: its "New channel" sits beside the channel picker. */}
          <div className="md:hidden">
            <CreateChannelDialog existing={existing} onCreated={created} className="" />
          </div>
          <MyPresence />
        </header>
        {status !== "connected" && (
          <p
            className="border-b bg-amber-50 px-4 py-1.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            role="status"
            data-testid="chat-connection"
          >
            {STATUS_TEXT[status]}
          </p>
        )}
        {chat.loading ? (
          <PageSpinner />
        ) : chat.loadFailed && chat.messages.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-sm">
            <p>{TEXT.failedLoadMessages}</p>
            <Button variant="outline" onClick={() => void chat.reload()}>
              Try again
            </Button>
          </div>
        ) : chat.messages.length === 0 ? (
          <p className="flex flex-1 items-center justify-center text-sm text-muted-foreground">
            No messages in #{channelName} yet. Say hello!
          </p>
        ) : (
          <MessageList
            messages={chat.messages}
            currentUserId={user?.id ?? null}
            actions={{
              onReply: setReplyTo,
              onEdit: chat.edit,
              onDelete: setToDelete,
              onRetry: chat.retry,
              onDiscard: chat.discard,
            }}
          />
        )}
        <Composer
          channelName={channelName}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSend={(text) => {
            void chat.send(text, replyTo?.id ?? null);
            setReplyTo(null);
          }}
        />
      </section>

      <Dialog open={toDelete !== null} onOpenChange={(o) => !o && setToDelete(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete message?</DialogTitle>
            <DialogDescription>
              It disappears for everyone in #{channelName}. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {toDelete && (
            <p className="line-clamp-4 whitespace-pre-wrap rounded-md bg-muted p-3 text-sm">
              {toDelete.message}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                const m = toDelete;
                setToDelete(null);
                if (m) void chat.remove(m.id);
              }}
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The user's own presence (online / away / busy), sent to the hub. */
function MyPresence() {
  const rt = useRealtime();
  const { user } = useSession();
  const presence = usePresence();
  const mine: PresenceStatus = (user && presence.get(user.id)?.status) || "online";
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">Status</span>
      <NativeSelect
        value={mine}
        onChange={(e) => rt.send({ type: "presence_update", status: e.target.value as PresenceStatus })}
      >
        {PRESENCE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s[0]!.toUpperCase() + s.slice(1)}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
