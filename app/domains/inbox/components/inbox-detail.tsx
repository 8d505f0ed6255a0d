/**
 * One inbox record on its page's details tab (inbox-record-page.tsx): the submission, who works
 * it and its status, the actions — reply by e-mail from a template, WhatsApp with a prefilled message,
 * convert into a business contact or a deal,
 * mark as spam, the module's own (confirm, reschedule…) — the replies sent with their delivery
 * (a bounced address flagged) and internal notes.
 */
import { BanIcon } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { INBOXES, statusLabel } from "#core/inbox/inbox-model.ts";
import { noteBodySchema, type InboxReply } from "#core/inbox/inbox-schema.ts";
import { inboxMergeValues } from "#core/inbox/merge-values.ts";
import { displayName } from "#core/schemas/profile.ts";
import { AssigneeSelect } from "#app/components/records/assignee-select.tsx";
import { DetailFields, DetailPane, DetailSection } from "#app/components/records/detail-pane.tsx";
import { NotesPanel } from "#app/components/records/notes-panel.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import {
  useAddNote,
  useDeleteNote,
  useInboxRecord,
  useNotes,
  useReplies,
  useTemplates,
  useUpdateInboxRecord,
} from "../hooks/inbox-queries.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import type { InboxScreen } from "./inbox-screen.ts";
import { ConvertMenu } from "./convert-menu.tsx";
import { InboxStatusMenu } from "./inbox-status-menu.tsx";
import { ReplyDialog } from "./reply-dialog.tsx";
import { WhatsappMenu } from "./whatsapp-menu.tsx";

export function InboxDetail({
  screen,
  id,
  onClose,
}: {
  screen: InboxScreen;
  id: string;
  onClose: () => void;
}) {
  const { inbox } = screen;
  const record = useInboxRecord(inbox, id);
  const team = useTeamMembers();
  const memberName = useMemberName();
  const templates = useTemplates();
  const update = useUpdateInboxRecord(inbox);
  const fmt = useFormatters();
  const { user, profile, role } = useSession();

  if (record.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only">Loading the record</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (record.isError) {
    return (
      <Alert variant="destructive">
        <div className="flex flex-col gap-2">
          <p className="font-medium">This {INBOXES[inbox].noun} cannot be opened.</p>
          <p>{describeDbError(record.error).message}</p>
          <Button variant="link" className="h-auto w-fit p-0" onClick={onClose}>
            Back to the list
          </Button>
        </div>
      </Alert>
    );
  }
  const row = record.data;
  const values = inboxMergeValues(inbox, row, profile ? { name: displayName(profile, user?.email) } : null);
  const forInbox = (templates.data ?? []).filter((t) => t.inbox === null || t.inbox === inbox);
  const save = (patch: { status?: string; assignee_id?: string | null }, done: string) =>
    update.mutate({ id: row.id, version: row.updated_at, patch }, { onSuccess: () => toast.success(done) });
  const canSpam = (INBOXES[inbox].moves[row.status] ?? []).includes("spam");
  const replied = row.last_reply_at ? (
    <Badge tone="muted">Replied {fmt.dateTime(row.last_reply_at)}</Badge>
  ) : undefined;

  return (
    <DetailPane
      title={null}
      subtitle={screen.summary(row, fmt)}
      onClose={onClose}
      badges={replied}
      actions={
        <>
          <ReplyDialog
            inbox={inbox}
            recordId={row.id}
            templates={forInbox.filter((t) => t.channel === "email")}
            values={values}
          />
          <WhatsappMenu
            phone={row.phone}
            templates={forInbox.filter((t) => t.channel === "whatsapp")}
            values={values}
          />
          <ConvertMenu inbox={inbox} row={row} />
          {screen.actions?.(row)}
          <InboxStatusMenu
            inbox={inbox}
            status={row.status}
            disabled={update.isPending}
            onChoose={(s) => save({ status: s }, `Status: ${statusLabel(inbox, s)}`)}
          />
          {canSpam && (
            <Button
              variant="ghost"
              size="sm"
              disabled={update.isPending}
              onClick={() => save({ status: "spam" }, "Marked as spam")}
            >
              <BanIcon aria-hidden="true" />
              Mark as spam
            </Button>
          )}
        </>
      }
    >
      <AssigneeSelect
        value={row.assignee_id}
        members={team.data ?? []}
        disabled={update.isPending}
        label={inbox === "consultations" || inbox === "bookings" ? "Host" : "Assignee"}
        onChange={(assignee) =>
          save({ assignee_id: assignee }, assignee ? `Assigned to ${memberName(assignee)}` : "Unassigned")
        }
      />
      <DetailSection title="Submission">
        <DetailFields
          items={[
            ...screen.fields(row, fmt),
            {
              label: "E-mail",
              value: (
                <a className="underline" href={`mailto:${row.email}`}>
                  {row.email}
                </a>
              ),
            },
            {
              label: "Phone",
              value: row.phone ? (
                <a className="underline" href={`tel:${row.phone}`}>
                  {row.phone}
                </a>
              ) : (
                "—"
              ),
            },
            { label: "Received", value: fmt.dateTime(row.created_at) },
            row.source_host ? { label: "From", value: row.source_host } : null,
          ]}
        />
      </DetailSection>
      {screen.sections?.(row)}
      <RepliesSection inbox={inbox} id={row.id} />
      <DetailSection title="Internal notes">
        <Notes inbox={inbox} id={row.id} userId={user?.id ?? null} isAdmin={role === "admin"} />
      </DetailSection>
    </DetailPane>
  );
}

function deliveryBadge(r: InboxReply): ReactNode {
  if (r.delivery_status === "failed") return <Badge tone="danger">Bounced</Badge>;
  if (r.delivery_status === "sent") return <Badge tone="success">Sent</Badge>;
  return <Badge tone="muted">Queued</Badge>;
}

function RepliesSection({ inbox, id }: { inbox: InboxScreen["inbox"]; id: string }) {
  const replies = useReplies(inbox, id);
  const memberName = useMemberName();
  const fmt = useFormatters();
  const rows = replies.data ?? [];
  if (replies.isPending || rows.length === 0) return null;
  return (
    <DetailSection title="E-mails sent">
      <ul className="flex flex-col gap-2" aria-label="E-mails sent">
        {rows.map((r) => (
          <li key={r.id} className="rounded-md border p-2.5 text-sm" data-reply-status={r.delivery_status}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{r.subject}</span>
              {deliveryBadge(r)}
              {r.address_had_bounced && <Badge tone="warning">Address had bounced</Badge>}
              {r.kind === "matches" && <Badge tone="accent">Matches</Badge>}
            </div>
            <p className="text-xs text-muted-foreground">
              {fmt.dateTime(r.created_at)} · {r.sent_by ? memberName(r.sent_by) : "—"} → {r.to_address}
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-muted-foreground">Message</summary>
              <p className="mt-1 whitespace-pre-wrap">{r.body}</p>
            </details>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}

function Notes({
  inbox,
  id,
  userId,
  isAdmin,
}: {
  inbox: InboxScreen["inbox"];
  id: string;
  userId: string | null;
  isAdmin: boolean;
}) {
  const notes = useNotes(inbox, id);
  const add = useAddNote(inbox, id);
  const remove = useDeleteNote(inbox, id);
  const memberName = useMemberName();
  return (
    <NotesPanel
      loading={notes.isPending}
      notes={(notes.data ?? []).map((n) => ({
        id: n.id,
        author: n.author_id ? memberName(n.author_id) : "Imported",
        body: n.body,
        createdAt: n.created_at,
        canDelete: isAdmin || (!!userId && n.author_id === userId),
      }))}
      adding={add.isPending}
      validate={(body) => {
        const r = noteBodySchema.safeParse(body);
        return r.success ? null : (r.error.issues[0]?.message ?? "Invalid note");
      }}
      onAdd={(body) => (userId ? add.mutateAsync({ authorId: userId, body }) : Promise.resolve())}
      onDelete={(noteId) => remove.mutate(noteId)}
    />
  );
}
