/**
 * One event, in the calendar's side sheet or on its own page: when, where, the property and contact, notes, who attends (staff
 * and business contacts) and their answers; the signed-in attendee answers here (Going / Maybe /
 * Not going), editors record an invited contact's answer; editors edit, cancel or
 * delete it; anyone may download it as an .ics file; its history.
 */
import { CalendarPlusIcon, MapPinIcon, PencilIcon, Trash2Icon, XCircleIcon } from "lucide-react";
import { Link } from "react-router";
import {
  EVENT_FIELD_LABELS,
  EVENT_KIND_LABELS,
  EVENT_RESPONSE_LABELS,
  EVENT_RESPONSES,
  type EventWithAttendees,
} from "#core/events/event-schema.ts";
import { originOf } from "#core/hosts.ts";
import { downloadText } from "#app/components/records/csv-export-button.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { StatusBadge, type StatusMap } from "#app/components/records/status-badge.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useFormatters, type Formatters } from "#app/lib/format.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import {
  useContactName,
  useDeleteEvent,
  useFetchEvent,
  useSetEventStatus,
  useSetResponse,
} from "../hooks/event-queries.ts";
import { eventIcs } from "./event-ics.ts";

const RESPONSE_TONES: StatusMap<(typeof EVENT_RESPONSES)[number]> = {
  pending: { label: EVENT_RESPONSE_LABELS.pending, tone: "muted" },
  accepted: { label: EVENT_RESPONSE_LABELS.accepted, tone: "success" },
  tentative: { label: EVENT_RESPONSE_LABELS.tentative, tone: "warning" },
  declined: { label: EVENT_RESPONSE_LABELS.declined, tone: "danger" },
};

/** When an event takes place, in the user's formats (Africa/Accra). */
export function eventWhen(event: EventWithAttendees, fmt: Formatters): string {
  return event.all_day
    ? `${fmt.date(event.starts_at)}${Date.parse(event.ends_at) - Date.parse(event.starts_at) > 86_400_000 ? ` – ${fmt.date(Date.parse(event.ends_at) - 1)}` : ""} (all day)`
    : `${fmt.dateTime(event.starts_at)} – ${fmt.time(event.ends_at)}`;
}

export function EventDetail({
  event,
  propertyTitle,
  onEdit,
  onClosed,
  onPage = false,
}: {
  event: EventWithAttendees;
  propertyTitle: string | null;
  onEdit: () => void;
  onClosed: () => void;
  /** On the event's own page the summary shows the facts and a tab the history. */
  onPage?: boolean;
}) {
  const { user, role } = useSession();
  const fmt = useFormatters();
  const memberName = useMemberName();
  const team = useTeamMembers();
  const answer = useSetResponse(event.id);
  const fetchEvent = useFetchEvent();
  const status = useSetEventStatus();
  const remove = useDeleteEvent();
  const contact = useContactName(event.contact_id);
  const mine = event.event_attendees.find((a) => a.user_id === user?.id);
  const canEdit = role === "admin" || event.owner_id === user?.id || role === "staff";
  const cancelled = event.status === "cancelled";
  const when = eventWhen(event, fmt);

  const download = async () => {
    const current = (await fetchEvent(event.id).catch(() => null)) ?? event;
    const { text, fileName } = eventIcs(current, team.data ?? [], originOf("crm", siteConfig.hosts));
    downloadText(text, fileName, "text/calendar;charset=utf-8");
  };

  return (
    <div className="flex flex-col gap-4 text-sm">
      {!onPage && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="neutral">{EVENT_KIND_LABELS[event.kind]}</Badge>
            {cancelled && <Badge tone="danger">Cancelled</Badge>}
            <Link
              to={`/events/${event.id}`}
              className="ml-auto font-medium underline-offset-4 hover:underline"
            >
              Open the event's page
            </Link>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-muted-foreground">When</dt>
            <dd className={cn(cancelled && "line-through")}>{when}</dd>
            {event.location && (
              <>
                <dt className="text-muted-foreground">{EVENT_FIELD_LABELS.location}</dt>
                <dd className="flex items-center gap-1">
                  <MapPinIcon className="size-3.5" aria-hidden="true" />
                  {event.location}
                </dd>
              </>
            )}
            {event.property_id && (
              <>
                <dt className="text-muted-foreground">{EVENT_FIELD_LABELS.property_id}</dt>
                <dd>
                  <Link to={`/properties-admin/${event.property_id}`} className="underline">
                    {propertyTitle ?? "The listing"}
                  </Link>
                </dd>
              </>
            )}
            {event.contact_id && (
              <>
                <dt className="text-muted-foreground">{EVENT_FIELD_LABELS.contact_id}</dt>
                <dd>
                  <Link to={`/business-contacts/${event.contact_id}`} className="underline">
                    {contact.data ?? "The contact"}
                  </Link>
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">Organiser</dt>
            <dd>{memberName(event.owner_id)}</dd>
          </dl>
        </>
      )}
      {event.description && <p className="whitespace-pre-wrap">{event.description}</p>}

      <section aria-label="Attendees">
        <h3 className="mb-1 font-semibold">Attendees</h3>
        {event.event_attendees.length === 0 && (
          <p className="text-muted-foreground">Nobody is invited yet.</p>
        )}
        <ul className="flex flex-col gap-1">
          {event.event_attendees.map((a) => {
            const name = a.user_id ? memberName(a.user_id) : (a.contact?.display_name ?? "A contact");
            return (
              <li key={a.id} className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-1.5">
                  {a.contact_id && a.contact ? (
                    <Link
                      to={`/business-contacts/${a.contact_id}`}
                      className="underline-offset-4 hover:underline"
                    >
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                  {a.contact_id && <Badge tone="info">Contact</Badge>}
                </span>
                {a.contact_id && canEdit && !cancelled ? (
                  // A contact does not sign in: whoever may edit the event records their answer.
                  <NativeSelect
                    aria-label={`Answer of ${name}`}
                    className="h-8 w-auto"
                    value={a.response}
                    disabled={answer.isPending}
                    onChange={(e) =>
                      answer.mutate({
                        attendeeId: a.id,
                        response: e.target.value as (typeof EVENT_RESPONSES)[number],
                      })
                    }
                  >
                    {EVENT_RESPONSES.map((r) => (
                      <option key={r} value={r}>
                        {EVENT_RESPONSE_LABELS[r]}
                      </option>
                    ))}
                  </NativeSelect>
                ) : (
                  <StatusBadge value={a.response} map={RESPONSE_TONES} />
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {mine && !cancelled && (
        <section aria-label="Your answer" className="flex flex-col gap-1">
          <h3 className="font-semibold">Your answer</h3>
          <div role="group" aria-label="Your answer" className="flex flex-wrap gap-1">
            {(["accepted", "tentative", "declined"] as const).map((r) => (
              <Button
                key={r}
                size="sm"
                variant={mine.response === r ? "default" : "outline"}
                aria-pressed={mine.response === r}
                disabled={answer.isPending}
                onClick={() => answer.mutate({ attendeeId: mine.id, response: r })}
              >
                {EVENT_RESPONSE_LABELS[r]}
              </Button>
            ))}
          </div>
        </section>
      )}

      <div className="flex flex-wrap gap-2 border-t pt-3">
        <Button variant="outline" size="sm" onClick={() => void download()} disabled={answer.isPending}>
          <CalendarPlusIcon aria-hidden="true" /> Download .ics
        </Button>
        {canEdit && (
          <>
            <Button variant="outline" size="sm" onClick={onEdit}>
              <PencilIcon aria-hidden="true" /> Edit
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={status.isPending}
              onClick={() => status.mutate({ id: event.id, status: cancelled ? "scheduled" : "cancelled" })}
            >
              <XCircleIcon aria-hidden="true" /> {cancelled ? "Restore" : "Cancel event"}
            </Button>
          </>
        )}
        {(role === "admin" || event.owner_id === user?.id) && (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(event.id, { onSuccess: onClosed })}
          >
            <Trash2Icon aria-hidden="true" /> Delete
          </Button>
        )}
      </div>
      {!onPage && (
        <details>
          <summary className="cursor-pointer font-semibold">History</summary>
          <RecordHistory table="events" recordId={event.id} />
        </details>
      )}
    </div>
  );
}
