/**
 * /events/:id: one event at its own address (deep links, reloads, the "Open" of the calendar's
 * side sheet), on the record kit's engine: its summary (kind, when in Accra, status, organiser,
 * the listing and contact it concerns), then tabs — attendees with their answers and the event's
 * actions, its form (for those who may edit it) and its history.
 */
import { Link, useNavigate, useParams } from "react-router";
import {
  EVENT_KIND_LABELS,
  type EventFormOutput,
  type EventRow,
  type EventWithAttendees,
} from "#core/events/event-schema.ts";
import { defineRecordPage, RecordPage } from "#app/components/records/record-page.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { OwnerFact, SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { toast } from "#app/lib/toast.ts";
import { saveEvent } from "./api/events-api.ts";
import { EventDetail, eventWhen } from "./components/event-detail.tsx";
import { EventForm } from "./components/event-form.tsx";
import { useContactName, useEvent, useEventChanged, usePropertyTitles } from "./hooks/event-queries.ts";

const BACK = { to: "/events", label: "The calendar" };

const EVENT_PAGE = defineRecordPage<EventWithAttendees>({
  noun: "event",
  back: BACK,
  useRecord: useEvent,
  title: (row) => row.title,
  Summary: EventSummary,
  tabs: [
    { id: "attendees", label: "Attendees", content: AttendeesTab },
    { id: "edit", label: "Edit", content: EditTab },
    {
      id: "history",
      label: "History",
      content: ({ row }) => <RecordHistory table="events" recordId={row.id} />,
    },
  ],
});

export default function EventPage() {
  const { id = "" } = useParams();
  return <RecordPage definition={EVENT_PAGE} id={id} />;
}

function EventSummary({ row }: { row: EventWithAttendees }) {
  const fmt = useFormatters();
  const listing = usePropertyTitles(row.property_id);
  const contact = useContactName(row.contact_id);
  return (
    <SummaryFacts>
      <SummaryFact label="Kind">{EVENT_KIND_LABELS[row.kind]}</SummaryFact>
      <SummaryFact label="When">{eventWhen(row, fmt)}</SummaryFact>
      <SummaryFact label="Status">
        {row.status === "cancelled" ? (
          <Badge tone="danger">Cancelled</Badge>
        ) : (
          <Badge tone="info">Scheduled</Badge>
        )}
      </SummaryFact>
      <OwnerFact label="Organiser" ownerId={row.owner_id} />
      {row.location && <SummaryFact label="Location">{row.location}</SummaryFact>}
      {row.property_id && (
        <SummaryFact label="Listing">
          <Link to={`/properties-admin/${row.property_id}`} className="underline-offset-4 hover:underline">
            {listing.data?.get(row.property_id) ?? "The listing"}
          </Link>
        </SummaryFact>
      )}
      {row.contact_id && (
        <SummaryFact label="Contact">
          <Link to={`/business-contacts/${row.contact_id}`} className="underline-offset-4 hover:underline">
            {contact.data ?? "The contact"}
          </Link>
        </SummaryFact>
      )}
    </SummaryFacts>
  );
}

function AttendeesTab({ row }: { row: EventWithAttendees }) {
  const navigate = useNavigate();
  const listing = usePropertyTitles(row.property_id);
  return (
    <EventDetail
      event={row}
      onPage
      propertyTitle={row.property_id ? (listing.data?.get(row.property_id) ?? null) : null}
      onEdit={() => navigate({ search: "?tab=edit" })}
      onClosed={() => navigate(BACK.to)}
    />
  );
}

function EditTab({ row }: { row: EventWithAttendees }) {
  const { user, role } = useSession();
  const changed = useEventChanged();
  const navigate = useNavigate();
  if (!(role === "admin" || role === "staff" || row.owner_id === user?.id))
    return <p className="text-sm text-muted-foreground">Only the team changes events.</p>;
  const onSaved = (saved: EventRow, values: EventFormOutput) => {
    const before = new Set(row.event_attendees.map((a) => a.user_id));
    const invited = values.attendee_user_ids.filter((id) => !before.has(id) && id !== user?.id);
    toast.success("Event saved");
    changed(saved.id, "updated", invited);
    navigate({ search: "" }, { replace: true });
  };
  return (
    <div className="max-w-2xl">
      <EventForm
        row={row}
        day={row.starts_at.slice(0, 10)}
        save={(values, version) => saveEvent(row.id, values, version)}
        onSaved={onSaved}
        onCancel={() => navigate({ search: "" })}
      />
    </div>
  );
}
