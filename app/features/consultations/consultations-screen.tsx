/** Consultation requests as the shared inbox screen shows them: list line, fields, filters, actions. */
import { MEETING_MODE_LABELS, type MeetingMode } from "#core/form-fields.ts";
import { SERVICE_SLUGS, serviceName } from "#core/services.ts";
import { AppointmentActions } from "#app/domains/inbox/components/appointment-actions.tsx";
import type { InboxScreen } from "#app/domains/inbox/components/inbox-screen.ts";
import { FilterSelect } from "#app/components/records/list-filters.tsx";

const SERVICES = SERVICE_SLUGS.map((s) => ({ value: s, label: serviceName(s) }));

export const CONSULTATIONS: InboxScreen = {
  inbox: "consultations",
  summary: (r, fmt) => `${serviceName(r.service)} · ${r.starts_at ? fmt.dateTime(r.starts_at) : "no time"}`,
  fields: (r, fmt) => [
    { label: "Service", value: serviceName(r.service) },
    {
      label: "Time",
      value: r.starts_at ? `${fmt.dateTime(r.starts_at)} (${r.duration_minutes ?? 30} min)` : "—",
    },
    {
      label: "Meeting",
      value: MEETING_MODE_LABELS[(r.meeting_mode ?? "in_person") as MeetingMode] ?? r.meeting_mode,
    },
    {
      label: "Message",
      value: r.message ? <span className="whitespace-pre-wrap">{r.message}</span> : "—",
    },
  ],
  facts: (r, fmt) => [
    { label: "Service", value: serviceName(r.service) },
    { label: "Time", value: r.starts_at ? fmt.dateTime(r.starts_at) : "Not booked" },
  ],
  filters: (list) => (
    <FilterSelect
      label="Service"
      options={SERVICES}
      value={list.query.filters.service}
      onChange={(v) => list.setFilter("service", v)}
    />
  ),
  actions: (r) => <AppointmentActions inbox="consultations" row={r} />,
};
