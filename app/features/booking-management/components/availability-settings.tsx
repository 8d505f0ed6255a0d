/**
 * Availability: what the public booking pages' free times are made of. Staff
 * set their own weekly hours and time off (admins anyone's); admins tune the event types
 * (duration, buffers, minimum notice, booking window, daily cap, slot grid, auto-confirm or
 * confirm-by-staff) and who hosts them, and keep the public holidays. RLS decides who may.
 */
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { TIME_SLOT_PATTERN } from "#core/form-fields.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { displayName } from "#core/schemas/profile.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import type { EventType, EventTypePatch } from "#app/domains/inbox/api/scheduling-api.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import {
  useAddHoliday,
  useAddTimeOff,
  useDeleteHoliday,
  useDeleteTimeOff,
  useEventTypes,
  useHolidays,
  useSaveEventType,
  useSaveWorkingHours,
  useSetEventTypeHost,
  useTimeOff,
  useWorkingHours,
} from "../hooks/schedule-queries.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export default function AvailabilitySettings() {
  const { user, role } = useSession();
  const team = useTeamMembers();
  const [member, setMember] = useState<string | null>(null);
  const who = member ?? user?.id ?? null;
  const isAdmin = role === "admin";
  const memberId = useId();
  return (
    <div className="flex flex-col gap-4">
      {isAdmin && (
        <div className="flex items-center gap-2">
          <label htmlFor={memberId} className="text-sm text-muted-foreground">
            Hours and time off of
          </label>
          <NativeSelect
            id={memberId}
            className="h-9 w-auto"
            value={who ?? ""}
            onChange={(e) => setMember(e.target.value || null)}
          >
            {(team.data ?? []).map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.user_id === user?.id ? "Me" : displayName(m, m.email)}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {who && <WorkingHours userId={who} />}
      {who && <TimeOffCard userId={who} />}
      <EventTypes isAdmin={isAdmin} />
      <Holidays isAdmin={isAdmin} />
    </div>
  );
}

type Window = { weekday: number; start: string; end: string };

function WorkingHours({ userId }: { userId: string }) {
  const hours = useWorkingHours();
  const [draft, setDraft] = useState<Window[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(null), [userId]);
  const saved: Window[] = (hours.data ?? [])
    .filter((h) => h.user_id === userId)
    .map((h) => ({ weekday: h.weekday, start: h.start_time.slice(0, 5), end: h.end_time.slice(0, 5) }));
  const windows = draft ?? saved;
  const save = useSaveWorkingHours(userId, () => {
    setDraft(null);
    toast.success("Working hours saved");
  });
  const change = (i: number, patch: Partial<Window>) =>
    setDraft(windows.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  function submit() {
    const bad = windows.find(
      (w) => !TIME_SLOT_PATTERN.test(w.start) || !TIME_SLOT_PATTERN.test(w.end) || w.end <= w.start,
    );
    setProblem(bad ? `${WEEKDAYS[bad.weekday]}: the end must be after the start (HH:MM).` : null);
    if (!bad) save.mutate(windows);
  }
  if (hours.isPending) return <Skeleton className="h-48 w-full" />;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Weekly working hours (Accra time)</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Weekly working hours"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {WEEKDAYS.map((name, weekday) => (
            <fieldset key={name} className="flex flex-wrap items-center gap-2">
              <legend className="w-28 text-sm font-medium">{name}</legend>
              {windows.map((w, i) =>
                w.weekday === weekday ? (
                  <span key={i} className="inline-flex items-center gap-1">
                    <Input
                      aria-label={`${name} from`}
                      type="time"
                      className="h-9 w-28"
                      value={w.start}
                      onChange={(e) => change(i, { start: e.target.value })}
                    />
                    –
                    <Input
                      aria-label={`${name} until`}
                      type="time"
                      className="h-9 w-28"
                      value={w.end}
                      onChange={(e) => change(i, { end: e.target.value })}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${name} ${w.start}–${w.end}`}
                      onClick={() => setDraft(windows.filter((_, j) => j !== i))}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </span>
                ) : null,
              )}
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Add hours on ${name}`}
                onClick={() => setDraft([...windows, { weekday, start: "09:00", end: "17:00" }])}
              >
                <PlusIcon aria-hidden="true" />
                Add
              </Button>
            </fieldset>
          ))}
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <Button type="submit" className="self-start" disabled={save.isPending || draft === null}>
            Save hours
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TimeOffCard({ userId }: { userId: string }) {
  const fmt = useFormatters();
  const memberName = useMemberName();
  const { user, role } = useSession();
  const list = useTimeOff();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [reason, setReason] = useState("");
  const add = useAddTimeOff(() => {
    setFrom("");
    setTo("");
    setReason("");
    toast.success("Time off saved: no slots are offered then");
  });
  const remove = useDeleteTimeOff();
  const valid = from && to && to > from;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Time off</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <form
          aria-label="Add time off"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid)
              add.mutate({
                user_id: userId,
                starts_at: new Date(`${from}Z`).toISOString(),
                ends_at: new Date(`${to}Z`).toISOString(),
                reason: reason.trim() || null,
              });
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            From
            <Input
              type="datetime-local"
              className="h-9"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Until
            <Input type="datetime-local" className="h-9" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Reason (optional)
            <Input
              className="h-9"
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <Button type="submit" size="sm" disabled={!valid || add.isPending}>
            Add time off
          </Button>
        </form>
        <ul className="flex flex-col gap-1 text-sm" aria-label="Upcoming time off">
          {(list.data ?? []).map((t) => (
            <li key={t.id} className="flex items-center gap-2">
              <span className="font-medium">{memberName(t.user_id)}</span>
              <span>
                {fmt.dateTime(t.starts_at)} – {fmt.dateTime(t.ends_at)}
              </span>
              {t.reason && <span className="text-muted-foreground">{t.reason}</span>}
              {(role === "admin" || t.user_id === user?.id) && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="ml-auto size-8"
                  aria-label="Remove this time off"
                  onClick={() => remove.mutate(t.id)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
          {list.data?.length === 0 && <li className="text-muted-foreground">None planned.</li>}
        </ul>
      </CardContent>
    </Card>
  );
}

const NUMBER_FIELDS: Array<{ key: keyof EventTypePatch & keyof EventType; label: string }> = [
  { key: "duration_minutes", label: "Duration (min)" },
  { key: "buffer_before_minutes", label: "Buffer before" },
  { key: "buffer_after_minutes", label: "Buffer after" },
  { key: "min_notice_minutes", label: "Minimum notice (min)" },
  { key: "booking_window_days", label: "Booking window (days)" },
  { key: "daily_cap", label: "Daily cap per host" },
  { key: "slot_interval_minutes", label: "Slot every (min)" },
];

function EventTypes({ isAdmin }: { isAdmin: boolean }) {
  const types = useEventTypes();
  if (types.isPending) return <Skeleton className="h-48 w-full" />;
  if (types.isError)
    return (
      <Alert variant="destructive">
        Could not load the event types: {describeDbError(types.error).message}
      </Alert>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">What visitors can book</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {types.data.map((t) => (
          <EventTypeForm key={`${t.id}-${t.updated_at}`} type={t} isAdmin={isAdmin} />
        ))}
      </CardContent>
    </Card>
  );
}

function EventTypeForm({ type, isAdmin }: { type: EventType; isAdmin: boolean }) {
  const team = useTeamMembers();
  const [patch, setPatch] = useState<EventTypePatch>({});
  const save = useSaveEventType(type.id, () => {
    setPatch({});
    toast.success(`${type.name} saved`);
  });
  const host = useSetEventTypeHost(type.id);
  const hosts = new Set(type.booking_event_type_hosts.map((h) => h.user_id));
  const value = <K extends keyof EventTypePatch>(k: K) => (patch[k] ?? type[k]) as EventType[K];
  return (
    <form
      aria-label={type.name}
      className="flex flex-col gap-2 rounded-md border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(patch);
      }}
    >
      <h3 className="font-semibold">
        {type.name}{" "}
        <span className="text-sm font-normal text-muted-foreground">
          ({type.kind}
          {type.service ? `: ${type.service}` : ", default"})
        </span>
      </h3>
      <fieldset disabled={!isAdmin} className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-8">
        {NUMBER_FIELDS.map((f) => (
          <label key={f.key} className="flex flex-col gap-1 text-xs">
            {f.label}
            <Input
              type="number"
              className="h-9"
              value={String(value(f.key))}
              onChange={(e) => setPatch({ ...patch, [f.key]: Number(e.target.value) })}
            />
          </label>
        ))}
        <label className="flex flex-col gap-1 text-xs">
          Confirmation
          <NativeSelect
            className="h-9"
            value={value("confirmation")}
            onChange={(e) => setPatch({ ...patch, confirmation: e.target.value as "auto" | "staff" })}
          >
            <option value="auto">Automatic</option>
            <option value="staff">By the host</option>
          </NativeSelect>
        </label>
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-3" disabled={!isAdmin}>
        <legend className="text-xs text-muted-foreground">Hosts</legend>
        {(team.data ?? []).map((m) => (
          <label key={m.user_id} className="flex items-center gap-1.5 text-sm">
            <Checkbox
              checked={hosts.has(m.user_id)}
              onCheckedChange={(on) => host.mutate({ userId: m.user_id, on: on === true })}
            />
            {displayName(m, m.email)}
          </label>
        ))}
      </fieldset>
      {isAdmin && (
        <Button
          type="submit"
          size="sm"
          className="self-start"
          disabled={save.isPending || Object.keys(patch).length === 0}
        >
          Save {type.name.toLowerCase()}
        </Button>
      )}
    </form>
  );
}

function Holidays({ isAdmin }: { isAdmin: boolean }) {
  const fmt = useFormatters();
  const list = useHolidays();
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  const add = useAddHoliday(() => {
    setDate("");
    setName("");
  });
  const remove = useDeleteHoliday();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Public holidays (closed)</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isAdmin && (
          <form
            aria-label="Add a public holiday"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (date && name.trim().length >= 2)
                add.mutate({ holiday_date: date, name: name.trim(), note: null });
            }}
          >
            <label className="flex flex-col gap-1 text-sm">
              Date
              <Input type="date" className="h-9" value={date} onChange={(e) => setDate(e.target.value)} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Name
              <Input className="h-9" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
            </label>
            <Button type="submit" size="sm" disabled={add.isPending}>
              Add holiday
            </Button>
          </form>
        )}
        <ul className="grid gap-1 text-sm sm:grid-cols-2" aria-label="Public holidays">
          {(list.data ?? []).map((h) => (
            <li key={h.holiday_date} className="flex items-center gap-2">
              <span className="w-36 tabular-nums">{fmt.date(`${h.holiday_date}T12:00:00Z`)}</span>
              <span>{h.name}</span>
              {h.note && <span className="text-xs text-muted-foreground">{h.note}</span>}
              {isAdmin && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="ml-auto size-8"
                  aria-label={`Remove ${h.name} ${h.holiday_date}`}
                  onClick={() => remove.mutate(h.holiday_date)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
