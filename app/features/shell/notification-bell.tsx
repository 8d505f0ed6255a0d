/**
 * The top bar's bell: the unread count, and a panel with the latest
 * notifications — opening one marks it read and follows its in-app link.
 */
import { formatDistanceToNowStrict } from "date-fns";
import { BellIcon, CheckCheckIcon } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import { safeInAppLink } from "#core/notifications.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";
import {
  useMarkRead,
  useNotificationPokes,
  useNotifications,
  useUnreadCount,
} from "./hooks/notification-queries.ts";

export function NotificationBell() {
  useNotificationPokes();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const list = useNotifications();
  const unread = useUnreadCount();
  const mark = useMarkRead();
  const count = unread.data ?? 0;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count ? `Notifications, ${count} unread` : "Notifications"}
          data-testid="notification-bell"
        >
          <BellIcon />
          {count > 0 && (
            <span
              aria-hidden="true"
              className="absolute right-1 top-1 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] font-bold leading-4 text-white"
            >
              {count > 99 ? "99+" : count}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-lg border bg-background shadow-lg outline-none"
        >
          <div className="flex items-center justify-between border-b px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={count === 0 || mark.isPending}
              onClick={() => mark.mutate("all")}
            >
              <CheckCheckIcon aria-hidden="true" /> Mark all read
            </Button>
          </div>
          <div className="max-h-[60vh] overflow-y-auto">
            {list.isPending && (
              <p className="px-4 py-6 text-center text-sm text-muted-foreground">Loading…</p>
            )}
            {list.isError && (
              <p className="px-4 py-6 text-center text-sm text-destructive">
                Could not load notifications.{" "}
                <button type="button" className="underline" onClick={() => void list.refetch()}>
                  Retry
                </button>
              </p>
            )}
            {list.data?.length === 0 && (
              <p className="px-4 py-6 text-center text-sm text-muted-foreground">
                Nothing yet. Assignments, mentions and updates will appear here.
              </p>
            )}
            <ul>
              {list.data?.map((n) => {
                const link = safeInAppLink(n.link);
                return (
                  <li key={n.id} className="border-b last:border-b-0">
                    <button
                      type="button"
                      className={cn(
                        "flex w-full flex-col items-start gap-0.5 px-4 py-3 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent",
                        !n.read_at && "bg-primary/5",
                      )}
                      onClick={() => {
                        if (!n.read_at) mark.mutate(n.id);
                        setOpen(false);
                        if (link) navigate(link);
                      }}
                    >
                      <span className={cn("flex w-full items-center gap-2", !n.read_at && "font-semibold")}>
                        {!n.read_at && (
                          <span className="size-2 shrink-0 rounded-full bg-primary" aria-label="Unread" />
                        )}
                        <span className="flex-1">{n.title}</span>
                      </span>
                      {n.body && <span className="line-clamp-2 text-muted-foreground">{n.body}</span>}
                      <time className="text-xs text-muted-foreground" dateTime={n.created_at}>
                        {formatDistanceToNowStrict(new Date(n.created_at), { addSuffix: true })}
                      </time>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
