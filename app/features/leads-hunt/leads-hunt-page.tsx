/**
 * /leads-hunt (staff and admins): a full-screen prospecting workspace — no dashboard layout, a
 * clear way back. The call list is built from the people the user may see: new form submissions
 * first, then tenants whose lease ends within LEASE_ENDING_DAYS (won rental deals; "Lease ends
 * 12 Jan"), then leads never contacted, then those silent for a week. One lead at a time with its
 * recent timeline, click-to-call and click-to-WhatsApp (a prefilled greeting), one-key outcomes
 * (1–5) that land in the contact's timeline through the outbox (a call back or an interested lead
 * also gets a follow-up task), the next lead at once, and today's count against the day's goal
 * (the user's leads-contacted goal spread over the period's weekdays). Plain state: this page has no dashboard (and no query cache);
 * the list last loaded is kept on the device and shown, marked offline, when a reload finds no network.
 */
import { ArrowLeftIcon, CloudOffIcon, MessageCircleIcon, PhoneIcon, WifiOffIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import * as v from "valibot";
import { COMPANY } from "#core/constants.ts";
import { formatPhone, whatsappLink } from "#core/business-contacts/phone.ts";
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
import {
  callListSnapshotSchema,
  type CallListSnapshot,
  type OutboxItem,
} from "#core/leads-hunt/outbox-queue.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { isNetworkError, readOffline, writeOffline } from "#app/lib/offline/offline-store.ts";
import { startOfflineSupport } from "#app/lib/offline/pwa.ts";
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
  useEffect(startOfflineSupport, []);
  if (!user) return null;
  return <Workspace userId={user.id} />;
}

const SNAPSHOT_KEY = "leads-hunt-call-list";

function Workspace({ userId }: { userId: string }) {
  const [leads, setLeads] = useState<Lead[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** When the list on screen was loaded, if it came from the device because the network is down. */
  const [offlineSince, setOfflineSince] = useState<string | null>(null);
  const [done, setDone] = useState<Set<string>>(() => new Set());
  const [count, setCount] = useState<number | null>(null);
  const [goal, setGoal] = useState(DEFAULT_DAILY_GOAL);
  const refreshCount = useCallback(() => {
    todayCount(userId).then(setCount, () => undefined);
  }, [userId]);
  const { pending, sending, enqueue, retry } = useOutcomeOutbox(userId, refreshCount);

  useEffect(() => {
    let cancelled = false;
    const goalRead = myContactGoal(userId).then(dailyGoal, (e: unknown) => {
      console.warn("leads hunt: goal not read", e);
      return null;
    });
    const countRead = todayCount(userId).catch(() => null);
    Promise.all([callCandidates(), expiringLeases()])
      .then(async ([rows, leases]) => {
        const list = prioritise(rows, new Date(), leases);
        if (cancelled) return;
        setLeads(list);
        setOfflineSince(null);
        const [g, c] = await Promise.all([goalRead, countRead]);
        if (g !== null) setGoal(g);
        if (c !== null) setCount(c);
        const snapshot: CallListSnapshot = {
          savedAt: new Date().toISOString(),
          leads: list,
          count: c,
          goal: g ?? DEFAULT_DAILY_GOAL,
        };
        void writeOffline(userId, SNAPSHOT_KEY, snapshot);
      })
      .catch(async (e: unknown) => {
        // Without a network, the list last seen on this device (read-only, marked as such).
        const kept = isNetworkError(e)
          ? v.safeParse(callListSnapshotSchema, await readOffline(userId, SNAPSHOT_KEY))
          : null;
        if (cancelled) return;
        if (kept?.success) {
          setLeads(kept.output.leads);
          setCount(kept.output.count);
          setGoal(kept.output.goal);
          setOfflineSince(kept.output.savedAt);
        } else setLoadError(describeDbError(e).message);
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

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
        <Link
          to="/dashboard"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to the dashboard
        </Link>
        <h1 className="text-lg font-semibold">Leads hunt</h1>
        <p className="ml-auto text-sm" data-testid="daily-counter" aria-live="polite">
          Today: <span className="font-semibold tabular-nums">{worked}</span> of {goal} calls
        </p>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
        {offlineSince && (
          <Alert data-testid="offline-list">
            <WifiOffIcon aria-hidden="true" />
            <span>
              Offline: this is the call list as of {when(offlineSince)}. Outcomes you record wait on this
              phone and sync when the network is back.
            </span>
          </Alert>
        )}
        {pending.length > 0 && <OutboxNotice pending={pending} sending={sending} onRetry={retry} />}
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

function OutboxNotice({
  pending,
  sending,
  onRetry,
}: {
  pending: readonly OutboxItem[];
  sending: boolean;
  onRetry: () => void;
}) {
  const lastError = pending[0]?.lastError;
  return (
    <Alert variant="warning" data-testid="outbox">
      <CloudOffIcon aria-hidden="true" />
      <div className="flex flex-wrap items-center gap-2">
        <span>
          {pending.length === 1 ? "1 outcome is" : `${pending.length} outcomes are`} waiting to sync
          {lastError ? ` (last try: ${lastError})` : "…"}. Nothing is lost.
        </span>
        {lastError && (
          <Button size="sm" variant="outline" onClick={onRetry} disabled={sending}>
            {sending ? "Syncing…" : "Retry now"}
          </Button>
        )}
      </div>
    </Alert>
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
  // "unavailable": the timeline could not be read (offline), which is not the same as empty.
  const [history, setHistory] = useState<TimelineItem[] | "unavailable" | null>(null);
  const [callingBack, setCallingBack] = useState(false);
  const [callBackAt, setCallBackAt] = useState(tomorrowAtTen);
  const dateRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    recentTimeline(lead.id).then(setHistory, () => setHistory("unavailable"));
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
        {/* Full-width, 44 px high on a phone: the card is worked one-handed, thumb on the buttons. */}
        <div className="grid w-full grid-cols-1 gap-2 sm:flex sm:w-auto sm:flex-wrap">
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
      <div role="group" aria-label="Outcome" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {CALL_OUTCOMES.map((o) => (
          <Button
            key={o}
            variant={o === "interested" ? "default" : "outline"}
            size="lg"
            className="px-3"
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
          <Button type="submit" size="lg">
            Save call back
          </Button>
        </form>
      )}
      <section aria-label="History">
        <h3 className="mb-2 text-sm font-semibold">History</h3>
        {history === null ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : history === "unavailable" ? (
          <p className="text-sm text-muted-foreground">The history could not load (no network?).</p>
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
