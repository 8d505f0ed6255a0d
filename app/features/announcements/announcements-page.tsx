/**
 * /announcements: the notice board — pinned first, then newest; unread notices
 * of the reader's audience stand out until marked read (opening one from a notification or the
 * dashboard, `?id=…`, marks it); admins write, edit, pin and delete, and see expired notices;
 * authors see who has read theirs. New notices reach colleagues' open tabs live.
 */
import { PlusIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  audienceIncludes,
  isLive,
  type AnnouncementFormOutput,
  type AnnouncementRow,
} from "#core/announcements/announcement-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { useSession } from "#app/lib/session.tsx";
import { createAnnouncement, updateAnnouncement } from "./api/announcements-api.ts";
import { AnnouncementCard } from "./components/announcement-card.tsx";
import {
  useAnnouncementChanged,
  useAnnouncements,
  useDeleteAnnouncement,
  useMarkRead,
  useMyReads,
  usePinAnnouncement,
  useReceiptCounts,
} from "./hooks/announcement-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

// Loaded when its dialog opens: react-hook-form stays out of the list's first download.
const AnnouncementForm = lazy(() =>
  import("./components/announcement-form.tsx").then((m) => ({ default: m.AnnouncementForm })),
);

export default function AnnouncementsPage() {
  const { user, role } = useSession();
  const isAdmin = role === "admin";
  const list = useAnnouncements();
  const reads = useMyReads();
  const markRead = useMarkRead();
  const remove = useDeleteAnnouncement();
  const changed = useAnnouncementChanged();
  const [params, setParams] = useSearchParams();
  const focusId = params.get("id");
  const [editing, setEditing] = useState<AnnouncementRow | "new" | null>(null);

  const rows = useMemo(() => list.data ?? [], [list.data]);
  const mine = useMemo(() => rows.filter((r) => r.author_id === user?.id).map((r) => r.id), [rows, user?.id]);
  const counts = useReceiptCounts(mine);
  const isUnread = (r: AnnouncementRow) =>
    !!reads.data &&
    r.author_id !== user?.id &&
    isLive(r) &&
    audienceIncludes(r.audience, role) &&
    !reads.data.has(r.id);

  // Opened from a notification or the dashboard: show it, and it counts as read.
  const focused = rows.find((r) => r.id === focusId);
  const focusedUnread = focused ? isUnread(focused) : false;
  useEffect(() => {
    if (!focused) return;
    document.getElementById(`notice-${focused.id}`)?.scrollIntoView({ block: "center" });
    if (focusedUnread && !markRead.isPending) markRead.mutate(focused.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per notice opened
  }, [focused?.id, focusedUnread]);

  const pin = usePinAnnouncement();

  const save = (values: AnnouncementFormOutput, version: string | null) =>
    editing && editing !== "new"
      ? updateAnnouncement(editing.id, version ?? editing.updated_at, values)
      : createAnnouncement(values);
  const onSaved = (r: AnnouncementRow) => {
    const created = editing === "new";
    setEditing(null);
    toast.success(created ? "Announcement published" : "Announcement saved");
    changed(r.id, created ? "created" : "updated");
  };

  const live = rows.filter((r) => isLive(r));
  const expired = rows.filter((r) => !isLive(r));
  const card = (r: AnnouncementRow) => (
    <AnnouncementCard
      key={r.id}
      row={r}
      unread={isUnread(r)}
      highlighted={r.id === focusId}
      isAuthor={r.author_id === user?.id}
      canManage={isAdmin}
      readCount={counts.data?.get(r.id) ?? (counts.data ? 0 : undefined)}
      onMarkRead={() => markRead.mutate(r.id)}
      onEdit={() => setEditing(r)}
      onTogglePin={() => pin.mutate(r)}
      onDelete={() =>
        remove.mutate(r.id, {
          onSuccess: () => {
            toast.success("Announcement deleted");
            if (r.id === focusId) setParams({}, { replace: true });
          },
        })
      }
    />
  );

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Announcements</h1>
        {isAdmin && (
          <PrimaryAction
            className="ml-auto"
            onClick={() => setEditing("new")}
            icon={<PlusIcon aria-hidden="true" />}
          >
            New announcement
          </PrimaryAction>
        )}
      </header>

      {list.isPending && <Skeleton className="h-48 w-full" />}
      {list.isError && (
        <Alert variant="destructive">
          <span>Could not load the announcements: {describeDbError(list.error).message}</span>
          <Button variant="link" className="ml-auto h-auto p-0" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {list.data && live.length === 0 && (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          No announcements right now.
        </p>
      )}
      <section aria-label="Current announcements" className="flex flex-col gap-3">
        {live.map(card)}
      </section>
      {expired.length > 0 && (
        <section aria-label="Expired announcements" className="flex flex-col gap-3">
          <h2 className="mt-4 text-sm font-semibold text-muted-foreground">
            Expired (only admins see these)
          </h2>
          {expired.map(card)}
        </section>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{editing === "new" ? "New announcement" : "Edit announcement"}</DialogTitle>
            <DialogDescription>
              Markdown is rendered safely; the audience is notified of a new notice at once.
            </DialogDescription>
          </DialogHeader>
          {editing !== null && (
            <Suspense fallback={<Spinner className="mx-auto my-8" label="Loading the form" />}>
              <AnnouncementForm
                row={editing === "new" ? null : editing}
                save={save}
                onSaved={onSaved}
                onCancel={() => setEditing(null)}
              />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
