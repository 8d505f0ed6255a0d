/**
 * /admin/blog/strategy: the content calendar. A month (in the URL: ?month=2026-11) of planned
 * topics with their keywords, audiences, status and owner; everyone's or only mine; a topic opens
 * in a dialog; "+" on a day plans one there. Today is Africa/Accra's today (UTC all year).
 */
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  formatMonth,
  parseMonth,
  shiftMonth,
  TOPIC_STATUS_LABELS,
  TOPIC_STATUSES,
  type TopicRow,
} from "#core/blog/content-plan.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { MonthCalendar, TOPIC_TONES } from "./components/month-calendar.tsx";
import { useMonthTopics } from "./hooks/plan-queries.ts";

// The topic form (react-hook-form and its resolver) loads after the month shows, not before it.
const TopicDialog = lazy(() =>
  import("./components/topic-dialog.tsx").then((m) => ({ default: m.TopicDialog })),
);

const todayInAccra = () => new Date().toISOString().slice(0, 10);
const monthName = (month: string) => {
  const p = parseMonth(month)!;
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(p.year, p.month - 1, 1)),
  );
};

export default function StrategyPage() {
  const [params, setParams] = useSearchParams();
  const today = todayInAccra();
  const month = parseMonth(params.get("month")) ? params.get("month")! : today.slice(0, 7);
  const mine = params.get("owner") === "me";
  const { user } = useSession();
  const topics = useMonthTopics(month, mine ? user?.id : undefined);
  const memberName = useMemberName();
  const [dialog, setDialog] = useState<{ topic: TopicRow | null; day: string } | null>(null);
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { preventScrollReset: true },
    );
  const label = `Content calendar, ${monthName(month)}`;

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Blog strategy</h1>
        <Link to="/admin/blog" className="text-sm underline">
          All posts
        </Link>
        <Button
          className="ml-auto"
          onClick={() => setDialog({ topic: null, day: month === today.slice(0, 7) ? today : `${month}-01` })}
        >
          <PlusIcon aria-hidden="true" />
          Plan a topic
        </Button>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
          onClick={() => setParam("month", shiftMonth(month, -1))}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <h2 className="min-w-40 text-center text-lg font-semibold" aria-live="polite">
          {monthName(month)}
        </h2>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next month"
          onClick={() => setParam("month", shiftMonth(month, 1))}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setParam("month", null)}>
          This month
        </Button>
        <label className="ml-auto flex items-center gap-2 text-sm">
          Owner
          <NativeSelect
            value={mine ? "me" : "all"}
            onChange={(e) => setParam("owner", e.target.value === "me" ? "me" : null)}
            className="w-auto"
          >
            <option value="all">Everyone</option>
            <option value="me">Mine</option>
          </NativeSelect>
        </label>
      </div>
      <ul className="flex flex-wrap gap-2 text-xs" aria-label="Status colours">
        {TOPIC_STATUSES.map((s) => (
          <li key={s} className={cn("rounded border px-2 py-0.5", TOPIC_TONES[s])}>
            {TOPIC_STATUS_LABELS[s]}
          </li>
        ))}
      </ul>
      {topics.isError && (
        <Alert variant="destructive">
          Could not load the calendar: {describeDbError(topics.error).message}
        </Alert>
      )}
      {topics.isPending ? (
        <Skeleton className="h-[36rem] w-full" />
      ) : (
        <MonthCalendar
          month={month}
          label={label}
          topics={topics.data ?? []}
          ownerName={(id) => memberName(id)}
          onOpen={(topic) => setDialog({ topic, day: topic.planned_for })}
          onAdd={(day) => setDialog({ topic: null, day })}
          today={today}
        />
      )}
      <Suspense fallback={null}>
        <TopicDialog
          open={dialog !== null}
          onClose={() => setDialog(null)}
          topic={dialog?.topic ?? null}
          day={dialog?.day ?? `${formatMonth(2026, 1)}-01`}
        />
      </Suspense>
    </div>
  );
}
