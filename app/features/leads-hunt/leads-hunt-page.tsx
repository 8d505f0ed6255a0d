/**
 * /leads-hunt (staff and admins): a full-screen prospecting workspace — no dashboard layout, a
 * clear way back. The call list is built from the people the user may see: new form submissions
 * first, then tenants whose lease ends within LEASE_ENDING_DAYS (won rental deals; "Lease ends
 * 12 Jan"), then leads never contacted, then those silent for a week. One lead at a time with its
 * recent timeline, click-to-call and click-to-WhatsApp (a prefilled greeting), one-key outcomes
 * (1–5) that land in the contact's timeline through the outbox (a call back or an interested lead
 * also gets a follow-up task), the next lead at once, and today's count against the day's goal
 * (the user's leads-contacted goal spread over the period's weekdays). Plain state: this page has no dashboard (and no query cache).
 */
import { ArrowLeftIcon, CloudOffIcon, MessageCircleIcon, PhoneIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { formatPhone, whatsappLink } from "#core/contacts/phone.ts";
import {
  CALL_OUTCOME_KEYS,
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  callReasonLabel,
  dailyGoal,
  DEFAULT_DAILY_GOAL,
  followUpTask,
  outcomeSummary,
  prioritise,
  whatsappGreeting,
  type CallListEntry,
  type CallOutcome,
} from "#core/leads-hunt/call-list.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useSession } from "#app/lib/session.tsx";
import {
  callCandidates,
  expiringLeases,
  myContactGoal,
  recentTimeline,
  todayCount,
  type TimelineItem,
} from "./api/leads-api.ts";
import { useOutcomeOutbox } from "./outbox.ts";

type Lead = CallListEntry;

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

function tomorrowAtTen(): string {
  const d = new Date(Date.now() + 86_400_000);
  d.setHours(10, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

export default function LeadsHuntPage() {
  const { user } = useSession();
  if (!user) return null;
  return <Workspace userId={user.id} />;
}

function Workspace({ userId }: { userId: string }) {
  const [leads, setLeads] = useState<Lead[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<Set<string>>(() => new Set());
  const [count, setCount] = useState<number | null>(null);
  const [goal, setGoal] = useState(DEFAULT_DAILY_GOAL);
  const refreshCount = useCallback(() => {
    todayCount(userId).then(setCount, () => undefined);
  }, [userId]);
  const { pending, lastError, enqueue } = useOutcomeOutbox(userId, refreshCount);

  useEffect(() => {
    Promise.all([callCandidates(), expiringLeases()])
      .then(([rows, leases]) => setLeads(prioritise(rows, new Date(), leases)))
      .catch((e: unknown) => setLoadError(describeDbError(e).message));
    refreshCount();
    myContactGoal(userId).then(
      (g) => setGoal(dailyGoal(g)),
      (e: unknown) => console.warn("leads hunt: goal not read", e),
    );
  }, [refreshCount, userId]);

  // Leads already worked here (or still in the outbox) do not come back.
  const queue = useMemo(() => {
    const waiting = new Set(pending.map((p) => p.contactId));
    return (leads ?? []).filter((l) => !done.has(l.id) && !waiting.has(l.id));
  }, [leads, done, pending]);
  const current = queue[0] ?? null;
  const worked = (count ?? 0) + pending.length;

  const record = useCallback(
    (lead: Lead, outcome: CallOutcome, callBackAt: string | null) => {
      const iso = callBackAt ? new Date(callBackAt).toISOString() : null;
      const now = new Date();
      enqueue({
        key: crypto.randomUUID(),
        contactId: lead.id,
        outcome,
        callBackAt: iso,
        summary: outcomeSummary(outcome, iso, when),
        occurredAt: now.toISOString(),
        followUp: followUpTask(outcome, lead.display_name, iso, now),
      });
      setDone((d) => new Set(d).add(lead.id));
    },
    [enqueue],
  );

  return (
    <div className="min-h-screen bg-muted/30">
      <header className="flex flex-wrap items-center gap-3 border-b bg-background px-4 py-3">
        <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium hover:underline">
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to the dashboard
        </Link>
        <h1 className="text-lg font-semibold">Leads hunt</h1>
        <p className="ml-auto text-sm" data-testid="daily-counter" aria-live="polite">
          Today: <span className="font-semibold tabular-nums">{worked}</span> of {goal} calls
        </p>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
        {pending.length > 0 && (
          <Alert variant="warning" data-testid="outbox">
            <CloudOffIcon aria-hidden="true" />
            <span>
              {pending.length === 1 ? "1 outcome is" : `${pending.length} outcomes are`} waiting to be sent
              {lastError ? ` (${lastError}); retrying` : "…"}. Nothing is lost.
            </span>
          </Alert>
        )}
        {loadError ? (
          <Alert variant="destructive">The call list could not load: {loadError}</Alert>
        ) : leads === null ? (
          <p role="status">Building your call list…</p>
        ) : current ? (
          <LeadCard key={current.id} lead={current} left={queue.length} onOutcome={record} />
        ) : (
          <div className="rounded-lg border bg-background p-6 text-center">
            <p className="font-medium">The call list is done for now.</p>
            <Link to="/dashboard" className="text-sm underline">
              Back to the dashboard
            </Link>
          </div>
        )}
      </main>
    </div>
  );
}

function LeadCard({
  lead,
  left,
  onOutcome,
}: {
  lead: Lead;
  left: number;
  onOutcome: (lead: Lead, outcome: CallOutcome, callBackAt: string | null) => void;
}) {
  const [history, setHistory] = useState<TimelineItem[] | null>(null);
  const [callingBack, setCallingBack] = useState(false);
  const [callBackAt, setCallBackAt] = useState(tomorrowAtTen);
  const dateRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    recentTimeline(lead.id).then(setHistory, () => setHistory([]));
  }, [lead.id]);

  const choose = useCallback(
    (outcome: CallOutcome) => {
      if (outcome === "call_back") {
        setCallingBack(true);
        setTimeout(() => dateRef.current?.focus(), 0);
        return;
      }
      onOutcome(lead, outcome, null);
    },
    [lead, onOutcome],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (
        e.metaKey ||
        e.ctrlKey ||
        e.altKey ||
        (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
      )
        return;
      const outcome = CALL_OUTCOMES.find((o) => CALL_OUTCOME_KEYS[o] === e.key);
      if (outcome) {
        e.preventDefault();
        choose(outcome);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [choose]);

  const phone = lead.phone!;
  return (
    <article
      aria-label={`Lead: ${lead.display_name}`}
      className="flex flex-col gap-4 rounded-lg border bg-background p-5"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <span data-testid="call-reason">{callReasonLabel(lead)}</span> · {left} to call
          </p>
          <h2 className="text-2xl font-semibold">{lead.display_name}</h2>
          <p className="text-sm text-muted-foreground">
            {[lead.neighbourhood, lead.city].filter(Boolean).join(", ") || "Place not recorded"}
            {lead.last_activity_at ? ` · last contact ${when(lead.last_activity_at)}` : " · never contacted"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="lg">
            <a href={`tel:${phone}`}>
              <PhoneIcon aria-hidden="true" />
              Call {formatPhone(phone)}
            </a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a
              href={whatsappLink(phone, whatsappGreeting(lead.display_name, COMPANY.name))}
              target="_blank"
              rel="noopener"
            >
              <MessageCircleIcon aria-hidden="true" />
              WhatsApp
            </a>
          </Button>
        </div>
      </div>
      <div role="group" aria-label="Outcome" className="flex flex-wrap gap-2">
        {CALL_OUTCOMES.map((o) => (
          <Button
            key={o}
            variant={o === "interested" ? "default" : "outline"}
            onClick={() => choose(o)}
            aria-keyshortcuts={CALL_OUTCOME_KEYS[o]}
          >
            <kbd className="rounded border px-1 text-xs">{CALL_OUTCOME_KEYS[o]}</kbd>
            {CALL_OUTCOME_LABELS[o]}
          </Button>
        ))}
      </div>
      {callingBack && (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Call back"
          onSubmit={(e) => {
            e.preventDefault();
            onOutcome(lead, "call_back", callBackAt);
          }}
        >
          <label className="grid gap-1 text-sm">
            Call back at
            <Input
              ref={dateRef}
              type="datetime-local"
              value={callBackAt}
              onChange={(e) => setCallBackAt(e.target.value)}
              required
            />
          </label>
          <Button type="submit">Save call back</Button>
        </form>
      )}
      <section aria-label="History">
        <h3 className="mb-2 text-sm font-semibold">History</h3>
        {history === null ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing in the timeline yet.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {history.map((h) => (
              <li key={h.id}>
                <span className="text-muted-foreground">{when(h.occurred_at)}</span> · {h.summary}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
