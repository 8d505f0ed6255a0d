/** The one calendar's entries of a period, cached per period and person. */
import { useQuery } from "@tanstack/react-query";
import { loadCalendarEntries } from "./calendar-entries-api.ts";

export const calendarEntryKeys = {
  all: ["calendar-entries"] as const,
  period: (from: string, to: string, agent: string | null) => ["calendar-entries", from, to, agent] as const,
};

export function useCalendarEntries(window: { from: string; to: string }, agent: string | null) {
  return useQuery({
    queryKey: calendarEntryKeys.period(window.from, window.to, agent),
    queryFn: () => loadCalendarEntries(window.from, window.to, agent),
    placeholderData: (prev) => prev,
  });
}
