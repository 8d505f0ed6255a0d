/**
 * Creating or editing an event: title, kind, all day or from–to (Africa/Accra), location, the
 * property (a viewing needs one), the contact it is about, notes, the team attendees and the
 * business contacts invited. While the form is open it checks
 * the attendees' calendars and warns of clashes (a warning only: people do double-book on
 * purpose). Saved with its attendees in one request; the record kit's form does the rest
 * (messages at the fields, the stale-edit check, the leave-without-saving guard).
 */
import { AlertTriangleIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { dayKey, utcToWallTime } from "#core/calendar/calendar.ts";
import {
  EVENT_CONSTRAINTS,
  EVENT_FIELD_LABELS as L,
  EVENT_KIND_LABELS,
  EVENT_KINDS,
  eventFormSchema,
  eventInstants,
  type EventFormInput,
  type EventFormOutput,
  type EventRow,
  type EventWithAttendees,
} from "#core/events/event-schema.ts";
import { displayName } from "#core/schemas/profile.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { OptionsField, TextAreaField, TextField } from "#app/components/records/form-fields.tsx";
import { LookupField } from "#app/components/records/lookup-field.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field, FieldSet } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { findConflicts, type Conflict } from "../api/events-api.ts";
import { ContactAttendees } from "./contact-attendees.tsx";

export interface EventFormProps {
  row: EventWithAttendees | null;
  /** A new event's day ("2026-11-26"). */
  day: string;
  save: (values: EventFormOutput, version: string | null) => Promise<EventRow>;
  onSaved: (row: EventRow, values: EventFormOutput) => void;
  onCancel: () => void;
}

function valuesOf(row: EventWithAttendees | null, day: string, me: string | undefined): EventFormInput {
  if (!row) {
    return {
      title: "",
      kind: "meeting",
      all_day: false,
      start: `${day}T09:00`,
      end: `${day}T10:00`,
      location: "",
      property_id: "",
      contact_id: "",
      description: "",
      attendee_user_ids: me ? [me] : [],
      attendee_contact_ids: [],
    };
  }
  return {
    title: row.title,
    kind: row.kind,
    all_day: row.all_day,
    start: row.all_day ? dayKey(row.starts_at) : utcToWallTime(row.starts_at),
    end: row.all_day ? dayKey(Date.parse(row.ends_at) - 1) : utcToWallTime(row.ends_at),
    location: row.location ?? "",
    property_id: row.property_id ?? "",
    contact_id: row.contact_id ?? "",
    description: row.description ?? "",
    attendee_user_ids: row.event_attendees.flatMap((a) => (a.user_id ? [a.user_id] : [])),
    attendee_contact_ids: row.event_attendees.flatMap((a) => (a.contact_id ? [a.contact_id] : [])),
  };
}

export function EventForm({ row, day, save, onSaved, onCancel }: EventFormProps) {
  const { user } = useSession();
  const values = useMemo(() => valuesOf(row, day, user?.id), [row, day, user?.id]);
  const rf = useRecordForm({
    schema: eventFormSchema,
    values,
    version: row?.updated_at ?? null,
    save,
    onSaved: (saved) => onSaved(saved, eventFormSchema.parse(rf.form.getValues())),
    constraints: EVENT_CONSTRAINTS,
    fieldLabels: L,
  });
  const { register, control, formState, setValue, getValues } = rf.form;
  const team = useTeamMembers();
  const err = (name: keyof EventFormInput) => errorOf(formState.errors, name);
  const allDay = useWatch({ control, name: "all_day" });
  const kind = useWatch({ control, name: "kind" });

  const switchAllDay = (on: boolean) => {
    const { start, end } = getValues();
    setValue("all_day", on, { shouldDirty: true });
    setValue("start", on ? start.slice(0, 10) : `${start.slice(0, 10)}T09:00`, { shouldDirty: true });
    setValue("end", on ? end.slice(0, 10) : `${end.slice(0, 10)}T10:00`, { shouldDirty: true });
  };

  return (
    <RecordForm
      state={rf}
      label={row ? "Edit event" : "New event"}
      submitLabel={row ? "Save changes" : "Create event"}
      onCancel={onCancel}
    >
      <TextField
        label={L.title}
        error={err("title")}
        required
        registration={register("title")}
        placeholder="e.g. Viewing: 3-bedroom flat, Cantonments"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionsField
          label={L.kind}
          error={err("kind")}
          required
          registration={register("kind")}
          values={EVENT_KINDS}
          labels={EVENT_KIND_LABELS}
        />
        <Field label={L.all_day} orientation="horizontal">
          {(c) => <Checkbox {...c} checked={allDay} onCheckedChange={(v) => switchAllDay(v === true)} />}
        </Field>
        <Field
          label={L.start}
          error={err("start")}
          required
          description={allDay ? undefined : "Africa/Accra time"}
        >
          <Input type={allDay ? "date" : "datetime-local"} {...register("start")} />
        </Field>
        <Field
          label={L.end}
          error={err("end")}
          required
          description={allDay ? "The last day, included" : undefined}
        >
          <Input type={allDay ? "date" : "datetime-local"} {...register("end")} />
        </Field>
        <Field label={L.location} error={err("location")}>
          <Input {...register("location")} autoComplete="off" />
        </Field>
        <LookupField
          lookup="property"
          control={control}
          name="property_id"
          label={L.property_id}
          error={err("property_id")}
          required={kind === "viewing"}
          description={kind === "viewing" ? "The listing being viewed" : undefined}
        />
        <LookupField
          lookup="contact"
          control={control}
          name="contact_id"
          label={L.contact_id}
          error={err("contact_id")}
          description={kind === "viewing" ? "The client viewing it" : "Who it is about"}
        />
      </div>
      <TextAreaField
        label={L.description}
        error={err("description")}
        registration={register("description")}
      />
      <FieldSet
        legend={L.attendee_user_ids}
        error={err("attendee_user_ids")}
        description="Invited colleagues are notified and answer for themselves."
      >
        <Controller
          control={control}
          name="attendee_user_ids"
          render={({ field }) => (
            <ul className="grid max-h-44 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
              {(team.data ?? []).map((m) => {
                const checked = field.value.includes(m.user_id);
                const id = `attendee-${m.user_id}`;
                return (
                  <li key={m.user_id} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={checked}
                      onCheckedChange={(v) =>
                        field.onChange(
                          v === true
                            ? [...field.value, m.user_id]
                            : field.value.filter((x) => x !== m.user_id),
                        )
                      }
                    />
                    <label htmlFor={id} className="text-sm">
                      {displayName(m, m.email)}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        />
      </FieldSet>
      <Field
        label={L.attendee_contact_ids}
        error={err("attendee_contact_ids")}
        description="Business contacts invited: they are in the .ics; you record their answers."
      >
        {(c) => (
          <Controller
            control={control}
            name="attendee_contact_ids"
            render={({ field }) => <ContactAttendees {...c} value={field.value} onChange={field.onChange} />}
          />
        )}
      </Field>
      <ConflictWarning control={control} eventId={row?.id ?? null} />
    </RecordForm>
  );
}

/** Clashes of the chosen attendees with their other events, checked as the times and people change. */
function ConflictWarning({
  control,
  eventId,
}: {
  control: ReturnType<typeof useRecordForm<EventFormInput, EventFormOutput, EventRow>>["form"]["control"];
  eventId: string | null;
}) {
  const [allDay, start, end, people] = useWatch({
    control,
    name: ["all_day", "start", "end", "attendee_user_ids"],
  });
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const memberName = useMemberName();
  const fmt = useFormatters();
  const { starts_at, ends_at } = eventInstants(allDay, start, end);
  const key = `${starts_at}|${ends_at}|${people.join(",")}`;
  useEffect(() => {
    if (!starts_at || !ends_at || Date.parse(ends_at) <= Date.parse(starts_at) || people.length === 0) {
      setConflicts([]);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      findConflicts(starts_at, ends_at, people, eventId, ctrl.signal).then(setConflicts, (e: unknown) => {
        if (!ctrl.signal.aborted) console.error("events: the conflict check failed", e);
      });
    }, 300);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the inputs
  }, [key, eventId]);
  if (conflicts.length === 0) return null;
  return (
    <Alert variant="warning" data-testid="event-conflicts">
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-1.5 font-medium">
          <AlertTriangleIcon className="size-4" aria-hidden="true" /> Clashes with other events
        </p>
        <ul className="list-disc pl-5 text-sm">
          {conflicts.map((c) => (
            <li key={`${c.user_id}-${c.event_id}`}>
              {memberName(c.user_id)} is at “{c.title}”, {fmt.dateTime(c.starts_at)}–{fmt.time(c.ends_at)}
            </li>
          ))}
        </ul>
        <p className="text-sm">You can still save.</p>
      </div>
    </Alert>
  );
}
