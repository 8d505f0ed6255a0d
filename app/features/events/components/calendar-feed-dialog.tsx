/**
 * The user's private calendar feed: a secret URL that Google Calendar ("From URL") or Apple
 * Calendar ("New Calendar Subscription") polls for the events they organise or attend. The URL
 * is shown once, when made (only its hash is stored); making a new one or revoking ends the old.
 */
import { formatDistanceToNowStrict } from "date-fns";
import { CopyIcon, RssIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { calendarFeedPath } from "#core/events/calendar-feed.ts";
import { originOf } from "#core/hosts.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { siteConfig } from "#app/lib/site-config.ts";
import { useCreateFeed, useFeedStatus, useRevokeFeed } from "../hooks/event-queries.ts";

/** Where the edge worker serves a feed (worker/calendar-feed.ts). */
export const feedUrl = (token: string) => `${originOf("crm", siteConfig.hosts)}${calendarFeedPath(token)}`;

export function CalendarFeedDialog() {
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const status = useFeedStatus();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const url = token ? feedUrl(token) : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Feed URL copied");
    } catch {
      toast.error("Could not copy: select the address and copy it yourself");
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), !o && setToken(null))}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <RssIcon aria-hidden="true" /> Calendar feed
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your calendar feed</DialogTitle>
          <DialogDescription>
            Subscribe from Google Calendar (Other calendars → From URL) or Apple Calendar (File → New Calendar
            Subscription) to see the events you organise or attend.
          </DialogDescription>
        </DialogHeader>
        {url ? (
          <div className="flex flex-col gap-2">
            <Alert variant="warning">
              Copy it now: for your privacy it is shown only once. Anyone with this address sees your events.
            </Alert>
            <label htmlFor="feed-url" className="text-sm font-medium">
              Feed URL
            </label>
            <div className="flex gap-2">
              <Input id="feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <Button
                type="button"
                variant="outline"
                onClick={() => void copy()}
                aria-label="Copy the feed URL"
              >
                <CopyIcon aria-hidden="true" />
              </Button>
            </div>
            <a className="text-sm underline" href={url.replace(/^https?:/, "webcal:")}>
              Open in my calendar app
            </a>
          </div>
        ) : status.data ? (
          <p className="text-sm" data-testid="feed-status">
            You have a feed, made{" "}
            {formatDistanceToNowStrict(new Date(status.data.created_at), { addSuffix: true })}
            {status.data.last_fetched_at
              ? `; last read by a calendar ${formatDistanceToNowStrict(new Date(status.data.last_fetched_at), { addSuffix: true })}`
              : "; no calendar has read it yet"}
            .
          </p>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="feed-status">
            You have no feed.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={create.isPending}
            onClick={() => create.mutate(undefined, { onSuccess: setToken })}
          >
            {status.data ? "Make a new URL" : "Make my feed URL"}
          </Button>
          {status.data && (
            <Button
              variant="outline"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setToken(null);
                    toast.success("Feed revoked: calendars subscribed to it get nothing more");
                  },
                })
              }
            >
              Revoke
            </Button>
          )}
        </div>
        {status.data && !url && (
          <p className="text-xs text-muted-foreground">A new URL ends the old one at once.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
