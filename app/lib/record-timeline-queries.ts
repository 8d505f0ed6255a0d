/** A deal's or a listing's timeline, paged by the last row's time. */
import { useInfiniteQuery } from "@tanstack/react-query";
import { TIMELINE_PAGE_SIZE } from "#core/business-contacts/activity-schema.ts";
import { getRecordTimeline, type TimelineTable } from "./record-timeline-api.ts";

export type { TimelineTable } from "./record-timeline-api.ts";

export const recordTimelineKeys = {
  all: ["record-timeline"] as const,
  record: (table: TimelineTable, id: string) => ["record-timeline", table, id] as const,
};

export function useRecordTimeline(table: TimelineTable, id: string) {
  return useInfiniteQuery({
    queryKey: recordTimelineKeys.record(table, id),
    queryFn: ({ pageParam }) => getRecordTimeline(table, id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.length < TIMELINE_PAGE_SIZE ? undefined : last.at(-1)!.occurred_at),
  });
}
