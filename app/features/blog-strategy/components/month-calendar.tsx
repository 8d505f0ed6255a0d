/**
 * A month of planned topics as a table (weeks Monday–Sunday; the days of the neighbouring months
 * greyed). Each topic is a button with its status colour that opens it; each day of the month has
 * an "Add a topic" button. A table keeps the days in reading order for screen readers. On a
 * phone the grid would be far wider than the screen: the month's days stack as one column of
 * day boxes (weekday and date, topics, add button) instead.
 */
import { PlusIcon } from "lucide-react";
import {
  AUDIENCE_LABELS,
  monthGrid,
  TOPIC_STATUS_LABELS,
  type TopicRow,
  type TopicStatus,
} from "#core/blog/content-plan.ts";
import { cn } from "#app/lib/utils.ts";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const TOPIC_TONES: Record<TopicStatus, string> = {
  idea: "border-stone-300 bg-stone-50 text-stone-800",
  planned: "border-sky-300 bg-sky-50 text-sky-900",
  writing: "border-amber-300 bg-amber-50 text-amber-900",
  published: "border-emerald-400 bg-emerald-50 text-emerald-900",
};

export function MonthCalendar({
  month,
  label,
  topics,
  ownerName,
  onOpen,
  onAdd,
  today,
}: {
  month: string;
  label: string;
  topics: readonly TopicRow[];
  ownerName: (id: string | null) => string;
  onOpen: (topic: TopicRow) => void;
  onAdd: (day: string) => void;
  today: string;
}) {
  const weeks = monthGrid(month);
  const byDay = new Map<string, TopicRow[]>();
  for (const t of topics) byDay.set(t.planned_for, [...(byDay.get(t.planned_for) ?? []), t]);
  return (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed border-collapse text-sm max-sm:block sm:min-w-[56rem]">
        <caption className="sr-only">{label}</caption>
        <thead className="max-sm:sr-only">
          <tr>
            {WEEKDAYS.map((d) => (
              <th
                key={d}
                scope="col"
                className="border-b p-2 text-left text-xs font-medium text-muted-foreground"
              >
                <abbr title={d} className="no-underline">
                  {d.slice(0, 3)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-1">
          {weeks.map((week) => (
            <tr key={week[0]!.date} className="max-sm:contents">
              {week.map((day, weekday) => (
                <td
                  key={day.date}
                  className={cn(
                    "h-32 border p-1 align-top max-sm:block max-sm:h-auto max-sm:rounded-md",
                    !day.inMonth && "bg-muted/40 text-muted-foreground max-sm:hidden",
                    day.date === today && "ring-2 ring-inset ring-primary",
                  )}
                  data-date={day.date}
                >
                  <div className="flex items-center justify-between">
                    <span className="px-1 text-xs font-medium">
                      <span className="sm:hidden">{WEEKDAYS[weekday]!.slice(0, 3)} </span>
                      {day.day}
                    </span>
                    {day.inMonth && (
                      <button
                        type="button"
                        onClick={() => onAdd(day.date)}
                        className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground max-sm:p-1.5"
                        aria-label={`Add a topic on ${day.date}`}
                      >
                        <PlusIcon className="size-3.5" aria-hidden="true" />
                      </button>
                    )}
                  </div>
                  <ul className="mt-1 flex flex-col gap-1">
                    {(byDay.get(day.date) ?? []).map((t) => (
                      <li key={t.id}>
                        <button
                          type="button"
                          onClick={() => onOpen(t)}
                          className={cn(
                            "w-full rounded border px-1.5 py-1 text-left text-xs leading-snug hover:brightness-95",
                            TOPIC_TONES[t.status],
                          )}
                          data-status={t.status}
                        >
                          <span className="line-clamp-2 font-medium">{t.title}</span>
                          <span className="block truncate opacity-80">
                            {TOPIC_STATUS_LABELS[t.status]} · {ownerName(t.owner_id)}
                          </span>
                          {t.keywords.length > 0 && (
                            <span className="block truncate opacity-80">{t.keywords.join(", ")}</span>
                          )}
                          <span className="sr-only">
                            Audience: {t.audiences.map((a) => AUDIENCE_LABELS[a]).join(", ")}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
