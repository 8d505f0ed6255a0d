/**
 * One notice on the board: title, pin, audience, author, when, expiry, the rendered message;
 * unread ones stand out with "Mark as read"; the author gets the read receipts; admins get edit,
 * pin/unpin and delete.
 */
import { formatDistanceToNowStrict } from "date-fns";
import { CheckIcon, PencilIcon, PinIcon, PinOffIcon, Trash2Icon } from "lucide-react";
import { AUDIENCE_LABELS, isLive, type AnnouncementRow } from "#core/announcements/announcement-schema.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { AnnouncementBody } from "./announcement-body.tsx";
import { ReadReceipts } from "./read-receipts.tsx";

export interface AnnouncementCardProps {
  row: AnnouncementRow;
  unread: boolean;
  highlighted: boolean;
  isAuthor: boolean;
  canManage: boolean;
  readCount: number | undefined;
  onMarkRead: () => void;
  onEdit: () => void;
  onTogglePin: () => void;
  onDelete: () => void;
}

export function AnnouncementCard({
  row,
  unread,
  highlighted,
  isAuthor,
  canManage,
  readCount,
  onMarkRead,
  onEdit,
  onTogglePin,
  onDelete,
}: AnnouncementCardProps) {
  const fmt = useFormatters();
  const memberName = useMemberName();
  const live = isLive(row);
  const headingId = `announcement-${row.id}`;
  return (
    <article
      id={`notice-${row.id}`}
      aria-labelledby={headingId}
      data-unread={unread || undefined}
      className={cn(
        "flex flex-col gap-3 rounded-lg border bg-background p-4 shadow-xs",
        unread && "border-primary/50 bg-primary/5",
        highlighted && "ring-[3px] ring-ring/50",
        !live && "opacity-70",
      )}
    >
      <header className="flex flex-wrap items-start gap-2">
        <h2 id={headingId} className="flex-1 text-base font-semibold">
          {row.pinned && <PinIcon className="mr-1.5 inline size-4 text-primary" aria-label="Pinned" />}
          {row.title}
        </h2>
        {unread && <Badge tone="info">Unread</Badge>}
        <Badge tone="neutral">{AUDIENCE_LABELS[row.audience]}</Badge>
        {!live && <Badge tone="muted">Expired</Badge>}
      </header>
      <p className="text-xs text-muted-foreground">
        {memberName(row.author_id)} ·{" "}
        <time dateTime={row.created_at} title={fmt.dateTime(row.created_at)}>
          {formatDistanceToNowStrict(new Date(row.created_at), { addSuffix: true })}
        </time>
        {row.expires_at && live && <> · until {fmt.dateTime(row.expires_at)}</>}
      </p>
      <AnnouncementBody source={row.body} />
      <footer className="flex flex-wrap items-center gap-1">
        {unread && (
          <Button variant="outline" size="sm" onClick={onMarkRead}>
            <CheckIcon aria-hidden="true" /> Mark as read
          </Button>
        )}
        {isAuthor && <ReadReceipts row={row} readCount={readCount} />}
        {canManage && (
          <span className="ml-auto flex gap-1">
            <Button variant="ghost" size="sm" onClick={onTogglePin}>
              {row.pinned ? <PinOffIcon aria-hidden="true" /> : <PinIcon aria-hidden="true" />}
              {row.pinned ? "Unpin" : "Pin"}
            </Button>
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${row.title}`}>
              <PencilIcon aria-hidden="true" /> Edit
            </Button>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="ghost" size="sm" aria-label={`Delete ${row.title}`}>
                  <Trash2Icon aria-hidden="true" /> Delete
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete this announcement?</AlertDialogTitle>
                  <AlertDialogDescription>
                    “{row.title}” disappears for everyone, with its read receipts.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep it</AlertDialogCancel>
                  <AlertDialogAction variant="destructive" onClick={onDelete}>
                    Delete
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </span>
        )}
      </footer>
    </article>
  );
}
