/**
 * Server state of booking management. Every key sits under the inbox's scheduling key, so a
 * booking confirmed or moved from the inbox refreshes the calendar, the widgets and the settings.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { accraDate, addDays } from "#core/inbox/availability.ts";
import { loadAppointments } from "#app/lib/calendar-entries-api.ts";
import { inboxKeys } from "#app/domains/inbox/hooks/inbox-queries.ts";
import {
  addHoliday,
  addTimeOff,
  deleteHoliday,
  deleteTimeOff,
  listEventTypes,
  listHolidays,
  listTimeOff,
  listWorkingHours,
  setEventTypeHost,
  setWorkingHours,
  updateEventType,
  type EventTypePatch,
} from "#app/domains/inbox/api/scheduling-api.ts";
import { useSession } from "#app/lib/session.tsx";

export const bookingKeys = {
  all: inboxKeys.scheduling(),
  calendar: (week: string, host: string | null) => [...bookingKeys.all, "calendar", week, host] as const,
  mine: (today: string, userId: string | null) => [...bookingKeys.all, "mine", today, userId] as const,
  today: (today: string) => [...bookingKeys.all, "today", today] as const,
  settings: () => [...bookingKeys.all, "settings"] as const,
  hours: () => [...bookingKeys.settings(), "hours"] as const,
  timeOff: () => [...bookingKeys.settings(), "time-off"] as const,
  eventTypes: () => [...bookingKeys.settings(), "event-types"] as const,
  holidays: () => [...bookingKeys.settings(), "holidays"] as const,
};

/** Appointments of the week starting on `week` (an Accra Monday), everyone's or one host's. */
export function useWeekAppointments(week: string, host: string | undefined) {
  return useQuery({
    queryKey: bookingKeys.calendar(week, host ?? null),
    queryFn: () =>
      loadAppointments(new Date(`${week}T00:00:00Z`), new Date(`${addDays(week, 7)}T00:00:00Z`), host),
  });
}

/** The signed-in user's appointments of the next week. */
export function useMyUpcomingAppointments() {
  const { user } = useSession();
  const today = accraDate(new Date());
  return useQuery({
    queryKey: bookingKeys.mine(today, user?.id ?? null),
    queryFn: () => loadAppointments(new Date(), new Date(`${addDays(today, 8)}T00:00:00Z`), user!.id),
    enabled: !!user,
  });
}

/** Everyone's appointments of today (Accra). */
export function useTodaysAppointments() {
  const today = accraDate(new Date());
  return useQuery({
    queryKey: bookingKeys.today(today),
    queryFn: () =>
      loadAppointments(new Date(`${today}T00:00:00Z`), new Date(`${addDays(today, 1)}T00:00:00Z`)),
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: bookingKeys.all });
}

export const useWorkingHours = () => useQuery({ queryKey: bookingKeys.hours(), queryFn: listWorkingHours });
export const useTimeOff = () =>
  useQuery({ queryKey: bookingKeys.timeOff(), queryFn: () => listTimeOff(new Date()) });
export const useEventTypes = () => useQuery({ queryKey: bookingKeys.eventTypes(), queryFn: listEventTypes });
export const useHolidays = () => useQuery({ queryKey: bookingKeys.holidays(), queryFn: listHolidays });

type Window = { weekday: number; start: string; end: string };

export function useSaveWorkingHours(userId: string, onSaved: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (w: Window[]) => setWorkingHours(userId, w),
    meta: { errorTitle: "Working hours not saved" },
    onSuccess: () => {
      onSaved();
      refresh();
    },
  });
}

export function useAddTimeOff(onAdded: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: addTimeOff,
    meta: { errorTitle: "Time off not saved" },
    onSuccess: () => {
      onAdded();
      refresh();
    },
  });
}

export function useDeleteTimeOff() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteTimeOff, meta: { errorTitle: "Not removed" }, onSuccess: refresh });
}

export function useSaveEventType(id: string, onSaved: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (patch: EventTypePatch) => updateEventType(id, patch),
    meta: { errorTitle: "Event type not saved" },
    onSuccess: () => {
      onSaved();
      refresh();
    },
  });
}

export function useSetEventTypeHost(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, on }: { userId: string; on: boolean }) => setEventTypeHost(id, userId, on),
    meta: { errorTitle: "Hosts not changed" },
    onSuccess: refresh,
  });
}

export function useAddHoliday(onAdded: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: addHoliday,
    meta: { errorTitle: "Holiday not added" },
    onSuccess: () => {
      onAdded();
      refresh();
    },
  });
}

export function useDeleteHoliday() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteHoliday, meta: { errorTitle: "Not removed" }, onSuccess: refresh });
}
