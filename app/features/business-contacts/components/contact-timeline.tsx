/**
 * The contact's timeline: everything logged on it (notes, calls, WhatsApp…), what other modules
 * wrote for their records (deals, viewings, invoices… each linked to its screen) and the e-mails
 * queued to it — from public.contact_timeline, drawn by the record kit's timeline. The user's own
 * hand-logged entries can be deleted (admins: any).
 */
import { HAND_LOGGED_KINDS, type TimelineRow } from "#core/business-contacts/activity-schema.ts";
import { RecordTimeline } from "#app/components/records/record-timeline.tsx";
import { useSession } from "#app/lib/session.tsx";
import { useDeleteActivity, useTimeline } from "../hooks/contact-queries.ts";

export function ContactTimeline({ contactId }: { contactId: string }) {
  const timeline = useTimeline(contactId);
  const remove = useDeleteActivity(contactId);
  const { user, role } = useSession();
  const canDelete = (r: TimelineRow) =>
    r.source === "activity" &&
    (role === "admin" ||
      (r.actor_id === user?.id && (HAND_LOGGED_KINDS as readonly string[]).includes(r.kind)));
  return (
    <RecordTimeline
      timeline={timeline}
      empty="Nothing on the timeline yet: log a call, a WhatsApp or a note above."
      canDelete={canDelete}
      onDelete={(r) => remove.mutate(r.id)}
      deleting={remove.isPending}
      testId="contact-timeline"
    />
  );
}
