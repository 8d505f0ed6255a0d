/** The channel's messages with day separators, in the user's date and time format. */
import { Fragment, useEffect, useMemo, useRef } from "react";
import type { ChatListMessage } from "#core/team-chat.ts";
import { useFormatters } from "#app/lib/format.ts";
import { MessageItem, type MessageActions } from "./message-item.tsx";

export function MessageList({
  messages,
  currentUserId,
  actions,
}: {
  messages: ChatListMessage[];
  currentUserId: string | null;
  actions: MessageActions;
}) {
  const fmt = useFormatters();
  const bottom = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [lastId]);

  const today = fmt.date(new Date());
  const yesterday = fmt.date(new Date(Date.now() - 86_400_000));
  const dayLabel = (day: string) =>
    day === today ? `Today, ${day}` : day === yesterday ? `Yesterday, ${day}` : day;

  let previousDay: string | null = null;
  return (
    <div
      className="flex-1 overflow-y-auto py-2"
      data-testid="chat-messages"
      role="log"
      aria-live="polite"
      aria-label="Messages"
    >
      <ol className="flex flex-col">
        {messages.map((m) => {
          const day = fmt.date(m.created_at);
          const separator = day !== previousDay;
          previousDay = day;
          return (
            <Fragment key={m.id}>
              {separator && (
                <li
                  className="my-2 flex items-center gap-3 px-3 text-xs font-medium text-muted-foreground"
                  data-testid="day-separator"
                >
                  <span className="h-px flex-1 bg-border" aria-hidden="true" />
                  {dayLabel(day)}
                  <span className="h-px flex-1 bg-border" aria-hidden="true" />
                </li>
              )}
              <MessageItem
                message={m}
                mine={m.user_id === currentUserId}
                time={fmt.time(m.created_at)}
                fullTime={fmt.dateTime(m.created_at)}
                repliedTo={m.reply_to_id ? byId.get(m.reply_to_id) : undefined}
                actions={actions}
              />
            </Fragment>
          );
        })}
      </ol>
      <div ref={bottom} />
    </div>
  );
}
