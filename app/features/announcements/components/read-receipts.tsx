/**
 * Read receipts of a notice, for its author: who in the audience has read it and when, and who
 * has not yet. The audience is today's team members of the notice's roles (its author aside).
 */
import { formatDistanceToNowStrict } from "date-fns";
import { EyeIcon } from "lucide-react";
import { useState } from "react";
import { audienceIncludes, type AnnouncementRow } from "#core/announcements/announcement-schema.ts";
import { displayName } from "#core/schemas/profile.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { useReceipts } from "../hooks/announcement-queries.ts";

export function ReadReceipts({ row, readCount }: { row: AnnouncementRow; readCount: number | undefined }) {
  const [open, setOpen] = useState(false);
  const team = useTeamMembers();
  const receipts = useReceipts(row.id, open);
  const audience = (team.data ?? []).filter(
    (m) => m.user_id !== row.author_id && audienceIncludes(row.audience, m.role),
  );
  const readAt = new Map((receipts.data ?? []).map((r) => [r.user_id, r.read_at]));
  const label =
    readCount === undefined || !team.data
      ? "Read receipts"
      : `Read by ${Math.min(readCount, audience.length)} of ${audience.length}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <EyeIcon aria-hidden="true" /> {label}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Who has read it</DialogTitle>
          <DialogDescription>{row.title}</DialogDescription>
        </DialogHeader>
        {receipts.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : (
          <ul aria-label="Read receipts" className="flex max-h-80 flex-col divide-y overflow-y-auto text-sm">
            {audience.map((m) => {
              const at = readAt.get(m.user_id);
              return (
                <li key={m.user_id} className="flex items-center justify-between gap-3 py-2">
                  <span>{displayName(m, m.email)}</span>
                  {at ? (
                    <time dateTime={at} className="text-muted-foreground">
                      Read {formatDistanceToNowStrict(new Date(at), { addSuffix: true })}
                    </time>
                  ) : (
                    <span className="font-medium text-amber-700">Not read yet</span>
                  )}
                </li>
              );
            })}
            {audience.length === 0 && (
              <li className="py-2 text-muted-foreground">Nobody else is in this audience.</li>
            )}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
