/** The events page's list view: a calendar entry's columns (when, what, kind, who, where, status). */
import { CALENDAR_KIND_LABELS, entryTitle, type CalendarEntry } from "#core/calendar/calendar-entries.ts";
import { calendarStatusLabel } from "#core/calendar/calendar-list.ts";
import type { CsvColumn } from "#core/records/csv.ts";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import type { Formatters } from "#app/lib/format.ts";
import { cn } from "#app/lib/utils.ts";
import { KIND_STYLE } from "./calendar-chip.tsx";

/** "Sat 28 Nov 2026, 10:00–11:00" or "…, all day". */
function when(fmt: Formatters, e: CalendarEntry): string {
  return e.all_day
    ? `${fmt.date(e.starts_at)}, all day`
    : `${fmt.dateTime(e.starts_at)}–${fmt.time(e.ends_at)}`;
}

export function entryColumns(fmt: Formatters): DataTableColumn<CalendarEntry>[] {
  return [
    {
      id: "title",
      header: "Title",
      enableHiding: false,
      cell: ({ row }) => (
        <span className={cn("border-l-4 pl-2 font-medium", KIND_STYLE[row.original.kind])}>
          {entryTitle(row.original)}
        </span>
      ),
      meta: { card: "title" },
    },
    {
      id: "starts_at",
      header: "When",
      cell: ({ row }) => when(fmt, row.original),
      meta: { card: "line" },
    },
    {
      id: "kind",
      header: "Kind",
      cell: ({ row }) => CALENDAR_KIND_LABELS[row.original.kind],
      meta: { card: "meta" },
    },
    {
      id: "person",
      header: "With",
      cell: ({ row }) => row.original.person ?? "—",
      meta: { card: "line" },
    },
    {
      id: "location",
      header: "Where",
      cell: ({ row }) => row.original.location ?? "—",
      meta: { card: "hidden" },
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <span className={cn(row.original.status === "cancelled" && "line-through")}>
          {calendarStatusLabel(row.original.status)}
        </span>
      ),
      meta: { card: "meta" },
    },
  ];
}

export function entryCsvColumns(): CsvColumn<CalendarEntry>[] {
  return [
    { header: "Title", value: (e) => entryTitle(e) },
    { header: "Kind", value: (e) => CALENDAR_KIND_LABELS[e.kind] },
    { header: "Starts", value: (e) => e.starts_at },
    { header: "Ends", value: (e) => e.ends_at },
    { header: "All day", value: (e) => (e.all_day ? "yes" : "no") },
    { header: "With", value: (e) => e.person ?? "" },
    { header: "Where", value: (e) => e.location ?? "" },
    { header: "Status", value: (e) => calendarStatusLabel(e.status) },
  ];
}
