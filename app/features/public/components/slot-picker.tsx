/**
 * The free times of a consultation or viewing, read from the edge's
 * availability API: a day, then a time on it — radio groups, so the form posts `preferred_date`
 * and `time_slot` as before. Only free times are offered; after a 409 ("that time was just
 * booked") the page passes the next free times, shown first, and the list is read again.
 * Zod-free and small: it is part of the consultation and bookings hosts' first page.
 */
import { useEffect, useId, useState } from "react";
import { AVAILABILITY_DAYS, AVAILABILITY_PATH } from "#core/form-fields.ts";
import { accraDate, accraTime, slotsByDay } from "#core/inbox/availability.ts";
import type { AppointmentKind, SlotTimes } from "#core/inbox/appointment-api.ts";
import { accraDayLabel } from "../lib/booking.ts";

type Load = { state: "loading" } | { state: "error" } | { state: "ready"; slots: SlotTimes[] };

function isSlotList(v: unknown): v is { slots: SlotTimes[] } {
  const slots = (v as { slots?: unknown } | null)?.slots;
  return (
    Array.isArray(slots) && slots.every((s) => typeof s?.start === "string" && typeof s?.end === "string")
  );
}

/** Free times from the edge (GET /api/availability). */
export function useFreeSlots(
  query: { kind: AppointmentKind; service?: string; property?: string } | null,
  reloadKey = 0,
): Load & { retry: () => void } {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const key = query
    ? new URLSearchParams({
        kind: query.kind,
        ...(query.service ? { service: query.service } : {}),
        ...(query.property ? { property: query.property } : {}),
        days: String(AVAILABILITY_DAYS),
      }).toString()
    : null;
  useEffect(() => {
    if (key === null) return;
    const ctrl = new AbortController();
    setLoad({ state: "loading" });
    fetch(`${AVAILABILITY_PATH}?${key}`, { signal: ctrl.signal, headers: { accept: "application/json" } })
      .then(async (res) => {
        const body: unknown = await res.json().catch(() => null);
        setLoad(res.ok && isSlotList(body) ? { state: "ready", slots: body.slots } : { state: "error" });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setLoad({ state: "error" });
      });
    return () => ctrl.abort();
  }, [key, reloadKey, attempt]);
  return { ...load, retry: () => setAttempt((n) => n + 1) };
}

const chip =
  "flex cursor-pointer items-center justify-center rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:text-emerald-950 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-700/40";

export interface SlotPickerProps {
  load: ReturnType<typeof useFreeSlots>;
  dateError?: string;
  timeError?: string;
  /** After a 409: the next free times, offered first. */
  next?: SlotTimes[];
  emptyHint: string;
}

export function SlotPicker({ load, dateError, timeError, next, emptyHint }: SlotPickerProps) {
  const id = useId();
  const days = load.state === "ready" ? slotsByDay(load.slots) : [];
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const chosenDay = day && days.some((d) => d.date === day) ? day : (days[0]?.date ?? null);
  const times = days.find((d) => d.date === chosenDay)?.slots ?? [];

  // A suggestion from the 409 picks its day and time at once.
  function pick(slot: SlotTimes) {
    setDay(accraDate(Date.parse(slot.start)));
    setTime(accraTime(Date.parse(slot.start)));
  }

  return (
    <div className="space-y-4" data-testid="slot-picker">
      {next && next.length > 0 && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4" aria-live="polite">
          <p className="text-sm font-medium text-amber-900">Next free times:</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {next.map((s) => (
              <button
                key={s.start}
                type="button"
                onClick={() => pick(s)}
                className="rounded-full border border-amber-700 px-3 py-1.5 text-sm font-semibold text-amber-950 hover:bg-amber-100"
              >
                {accraDayLabel(accraDate(Date.parse(s.start)))}, {accraTime(Date.parse(s.start))}
              </button>
            ))}
          </div>
        </div>
      )}
      {load.state === "loading" && (
        <p className="flex items-center gap-2 text-sm text-stone-600" role="status">
          <span
            aria-hidden="true"
            className="inline-block size-4 animate-spin rounded-full border-2 border-emerald-800 border-t-transparent"
          />
          Finding free times…
        </p>
      )}
      {load.state === "error" && (
        <p className="text-sm text-red-800" role="alert">
          We could not load the free times.{" "}
          <button type="button" onClick={load.retry} className="font-semibold underline">
            Try again
          </button>
        </p>
      )}
      {load.state === "ready" && days.length === 0 && (
        <p className="rounded-lg bg-stone-100 p-4 text-sm text-stone-700">{emptyHint}</p>
      )}
      {days.length > 0 && (
        <>
          {/* The day strip scrolls on its own: min-w-0 (a fieldset is as wide as its content by default) and a
              positioned strip (its visually hidden radios are absolute and would otherwise widen the page). */}
          <fieldset className="min-w-0" aria-describedby={dateError ? `${id}-date-error` : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-stone-800">
              Day
              <span className="text-red-700" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <div className="relative flex gap-2 overflow-x-auto pb-1">
              {days.map((d) => (
                <label key={d.date} className={`${chip} shrink-0`}>
                  <input
                    type="radio"
                    name="preferred_date"
                    value={d.date}
                    className="sr-only"
                    checked={d.date === chosenDay}
                    onChange={() => {
                      setDay(d.date);
                      setTime(null);
                    }}
                  />
                  {accraDayLabel(d.date)}
                </label>
              ))}
            </div>
            {dateError && (
              <p
                id={`${id}-date-error`}
                className="mt-1 text-sm font-medium text-red-700"
                data-field-error="preferred_date"
              >
                {dateError}
              </p>
            )}
          </fieldset>
          <fieldset aria-describedby={timeError ? `${id}-time-error` : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-stone-800">
              Time (Accra, GMT)
              <span className="text-red-700" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {times.map((s) => {
                const t = accraTime(Date.parse(s.start));
                return (
                  <label key={s.start} className={chip}>
                    <input
                      type="radio"
                      name="time_slot"
                      value={t}
                      className="sr-only"
                      checked={t === time}
                      onChange={() => setTime(t)}
                    />
                    {t}
                  </label>
                );
              })}
            </div>
          </fieldset>
        </>
      )}
      {dateError && days.length === 0 && (
        <p className="text-sm font-medium text-red-700" data-field-error="preferred_date">
          {dateError}
        </p>
      )}
      {timeError && (
        <p id={`${id}-time-error`} className="text-sm font-medium text-red-700" data-field-error="time_slot">
          {timeError}
        </p>
      )}
    </div>
  );
}
