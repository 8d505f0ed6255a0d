// The record kit (app/components/records/, rebuilt in parallel) still imports the timeline by
// this path; new code imports record-timeline-queries.ts. Delete once the kit does too.
export { useRecordTimeline, type TimelineTable } from "./record-timeline-queries.ts";
