/**
 * /deals/new and /deals/:id: one deal. A new deal is its details form (pipeline from `?pipeline=`,
 * main contact from `?contact=` when opened from a contact's page). An existing one has a header
 * (status, value, stage with days in it, owner) with a stage control that follows core's move rules
 * (a lost stage asks the reason; a refused move says why and changes nothing), and tabs (in the
 * URL, `?tab=`): details, people (the deal's contacts and their roles), commission (terms and
 * splits between agent, house and co-broker, computed by core in pesewas), tasks (those about the
 * deal), the action plans running on it, and history.
 */
import { ArrowLeftIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  commissionMinor,
  fromMinor,
  splitCommission,
  splitError,
  SPLIT_PARTIES,
  SPLIT_PARTY_LABELS,
  toMinor,
  type SplitShare,
} from "#core/deals/commission.ts";
import { dealMoveError } from "#core/deals/deal-rules.ts";
import {
  daysInStage,
  DEAL_CONTACT_ROLE_LABELS,
  DEAL_CONTACT_ROLES,
  splitFormSchema,
  type DealContactRole,
  type DealRow,
  type SplitFormInput,
  type SplitRow,
  type Stage,
} from "#core/deals/deal-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { RecordActivity } from "#app/components/records/record-timeline.tsx";
import { RecordPicker } from "#app/components/records/record-picker.tsx";
import { StatusBadge } from "#app/components/records/status-badge.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { AttachmentsPanel } from "#app/components/records/attachments-panel.tsx";
import { PlanRunsPanel } from "#app/components/action-plans/plan-runs-panel.tsx";
import { LinkedTasks } from "#app/components/tasks/linked-tasks.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { contactName, searchContacts } from "#app/lib/contact-lookup.ts";
import { useFormatters } from "#app/lib/format.ts";
import { toastError } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members.ts";
import { displayName } from "#core/schemas/profile.ts";
import {
  addDealContact,
  createDeal,
  deleteDeal,
  removeDealContact,
  saveCommission,
  updateDeal,
} from "./api/deals-api.ts";
import { dealPath } from "./components/deal-board.tsx";
import { DEAL_STATUS_BADGES } from "./components/deal-columns.tsx";
import { DealForm } from "./components/deal-form.tsx";
import { dealValue } from "./components/deal-money.ts";
import { LostReasonDialog } from "./components/lost-reason-dialog.tsx";
import {
  useDeal,
  useDealContacts,
  useInvalidateDeal,
  useMoveDeal,
  usePipelines,
  useSplits,
} from "./hooks/deal-queries.ts";

const TABS = [
  { id: "details", label: "Details" },
  { id: "people", label: "People" },
  { id: "commission", label: "Commission" },
  { id: "tasks", label: "Tasks" },
  { id: "plans", label: "Action plans" },
  { id: "files", label: "Files" },
  { id: "activity", label: "Activity" },
  { id: "history", label: "History" },
] as const;
type Tab = (typeof TABS)[number]["id"];
const BACK = "/deals";

export default function DealPage() {
  const { id } = useParams();
  return id && id !== "new" ? <ExistingDeal id={id} /> : <NewDeal />;
}

function BackLink() {
  return (
    <Link
      to={BACK}
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      All deals
    </Link>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading {what}</span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

function NewDeal() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pipelines = usePipelines();
  const invalidate = useInvalidateDeal();
  if (pipelines.isPending) return <Loading what="the pipelines" />;
  if (pipelines.isError)
    return (
      <Alert variant="destructive">
        Could not load the pipelines: {describeDbError(pipelines.error).message}
      </Alert>
    );
  const open = pipelines.data.pipelines.filter((p) => !p.is_archived);
  const pipelineId = open.find((p) => p.id === params.get("pipeline"))?.id ?? open[0]?.id ?? "";
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight">New deal</h1>
      <DealForm
        row={null}
        pipelines={open}
        stages={pipelines.data.stages}
        defaults={{ pipelineId, contactId: params.get("contact") }}
        save={(values) => createDeal(values)}
        onSaved={(row) => {
          invalidate(row.id, "created");
          toast.success("Deal created");
          navigate(dealPath(row.id), { replace: true });
        }}
        onCancel={() => navigate(BACK)}
      />
    </div>
  );
}

function ExistingDeal({ id }: { id: string }) {
  const deal = useDeal(id);
  const pipelines = usePipelines();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "details";
  const setTab = (t: string) => setParams(t === "details" ? {} : { tab: t }, { preventScrollReset: true });
  const invalidate = useInvalidateDeal();
  const navigate = useNavigate();

  if (deal.isPending || pipelines.isPending) return <Loading what="the deal" />;
  if (deal.isError || pipelines.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert variant="destructive">
          <div className="flex flex-col gap-2">
            <p className="font-medium">This deal cannot be opened.</p>
            <p>{describeDbError(deal.error ?? pipelines.error).message}</p>
          </div>
        </Alert>
      </div>
    );
  }
  const row = deal.data;
  const stages = pipelines.data.stages
    .filter((s) => s.pipeline_id === row.pipeline_id && (!s.is_archived || s.id === row.stage_id))
    .sort((a, b) => a.position - b.position);
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <DealHeader row={row} stages={stages} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="details">
          <DealForm
            row={row}
            pipelines={pipelines.data.pipelines}
            stages={pipelines.data.stages}
            defaults={{ pipelineId: row.pipeline_id }}
            save={(values, version) => updateDeal(row.id, version ?? row.updated_at, values)}
            onSaved={() => {
              invalidate(row.id);
              toast.success("Deal saved");
            }}
            reload={deal.refetch}
            onCancel={() => navigate(BACK)}
          />
        </TabsContent>
        <TabsContent value="people">
          <DealPeople dealId={row.id} />
        </TabsContent>
        <TabsContent value="commission">
          <CommissionPanel row={row} />
        </TabsContent>
        <TabsContent value="tasks">
          <LinkedTasks column="deal_id" id={row.id} noun="deal" />
        </TabsContent>
        <TabsContent value="plans">
          <PlanRunsPanel contactId={row.contact_id} dealId={row.id} noun="deal" />
        </TabsContent>
        <TabsContent value="files">
          <AttachmentsPanel recordType="deal" recordId={row.id} />
        </TabsContent>
        <TabsContent value="activity">
          <RecordActivity table="deals" id={row.id} />
        </TabsContent>
        <TabsContent value="history">
          <DealHistory id={row.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function DealHeader({ row, stages }: { row: DealRow; stages: readonly Stage[] }) {
  const fmt = useFormatters();
  const memberName = useMemberName();
  const { user, role } = useSession();
  const move = useMoveDeal();
  const invalidate = useInvalidateDeal();
  const navigate = useNavigate();
  const [askingLost, setAskingLost] = useState<string | null>(null);
  const current = stages.find((s) => s.id === row.stage_id);
  const days = daysInStage(row.stage_entered_at);
  const mayDelete = role === "admin" || row.owner_id === user?.id;

  const requestMove = (stageId: string) => {
    const target = stages.find((s) => s.id === stageId);
    if (!target || !current || stageId === row.stage_id) return;
    const refused = dealMoveError({
      from: current.outcome,
      to: target.outcome,
      samePipeline: true,
      value: row.value,
      hasLostReason: true,
      isAdmin: role === "admin",
    });
    if (refused) {
      toast.error("The deal was not moved", { description: refused });
      return;
    }
    if (target.outcome === "lost") setAskingLost(stageId);
    else move.mutate({ id: row.id, stageId }, { onSuccess: () => toast.success(`Moved to ${target.name}`) });
  };

  const remove = async () => {
    if (!window.confirm(`Delete “${row.title}”? Its commission splits go with it.`)) return;
    try {
      await deleteDeal(row.id);
      invalidate(row.id, "deleted");
      toast.success("Deal deleted");
      navigate(BACK);
    } catch (e) {
      toastError(e, { errorTitle: "Not deleted" });
    }
  };

  return (
    <header className="flex flex-wrap items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{row.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StatusBadge value={row.status} map={DEAL_STATUS_BADGES} />
          <span className="tabular-nums text-foreground">{dealValue(row, fmt)}</span>
          <span>
            · {days} {days === 1 ? "day" : "days"} in {current?.name ?? "its stage"}
          </span>
          <span>· Owner {memberName(row.owner_id)}</span>
          {row.contact && <span>· {row.contact.display_name}</span>}
          {row.property && <span>· {row.property.title}</span>}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Stage" className="w-56">
          <NativeSelect
            value={row.stage_id}
            disabled={move.isPending}
            onChange={(e) => requestMove(e.target.value)}
          >
            {stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.outcome === "open" ? ` (${s.probability} %)` : ""}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {mayDelete && (
          <Button variant="outline" size="sm" onClick={() => void remove()}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>
      <LostReasonDialog
        dealTitle={row.title}
        open={askingLost !== null}
        onCancel={() => setAskingLost(null)}
        onChoose={(lost) => {
          const stageId = askingLost!;
          setAskingLost(null);
          move.mutate({ id: row.id, stageId, lost }, { onSuccess: () => toast.success("Marked lost") });
        }}
      />
    </header>
  );
}

function DealPeople({ dealId }: { dealId: string }) {
  const people = useDealContacts(dealId);
  const invalidate = useInvalidateDeal();
  const [contactId, setContactId] = useState("");
  const [role, setRole] = useState<DealContactRole>("buyer");
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, done: string, errorTitle: string) => {
    setBusy(true);
    try {
      await work();
      invalidate(dealId);
      toast.success(done);
    } catch (e) {
      toastError(e, { errorTitle });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="people-heading" className="flex max-w-3xl flex-col gap-4">
      <h2 id="people-heading" className="text-lg font-semibold">
        People on this deal
      </h2>
      {people.isPending && <Skeleton className="h-16 w-full" />}
      {people.isError && (
        <Alert variant="destructive">
          Could not load the people: {describeDbError(people.error).message}
        </Alert>
      )}
      {people.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">Nobody besides the main contact yet.</p>
      )}
      <ul className="flex flex-col divide-y rounded-md border">
        {people.data?.map((p) => (
          <li key={p.contact_id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
            <span>
              <Link to={`/business-contacts/${p.contact_id}`} className="font-medium hover:underline">
                {p.contact?.display_name ?? "A contact you cannot see"}
              </Link>{" "}
              <span className="text-muted-foreground">· {DEAL_CONTACT_ROLE_LABELS[p.role]}</span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() =>
                void run(
                  () => removeDealContact(dealId, p.contact_id),
                  "Removed from the deal",
                  "Not removed",
                )
              }
            >
              Remove<span className="sr-only"> {p.contact?.display_name}</span>
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!contactId) return void toast.error("Choose a contact first");
          void run(
            () => addDealContact(dealId, contactId, role).then(() => setContactId("")),
            "Added to the deal",
            "Not added",
          );
        }}
      >
        <Field label="Contact">
          {(control) => (
            <RecordPicker
              {...control}
              value={contactId}
              onChange={setContactId}
              search={searchContacts}
              resolve={contactName}
              noun="contact"
            />
          )}
        </Field>
        <Field label="Role">
          <NativeSelect value={role} onChange={(e) => setRole(e.target.value as DealContactRole)}>
            {DEAL_CONTACT_ROLES.map((r) => (
              <option key={r} value={r}>
                {DEAL_CONTACT_ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" disabled={busy}>
          <PlusIcon aria-hidden="true" />
          Add
        </Button>
      </form>
    </section>
  );
}

const toInput = (s: SplitRow): SplitFormInput => ({
  party: s.party,
  user_id: s.user_id ?? "",
  partner_contact_id: s.partner_contact_id ?? "",
  share_type: s.share_type,
  share: String(s.share_type === "percent" ? s.share_percent : s.share_amount),
});

function CommissionPanel({ row }: { row: DealRow }) {
  const splits = useSplits(row.id);
  if (splits.isPending) return <Skeleton className="h-40 w-full" />;
  if (splits.isError)
    return (
      <Alert variant="destructive">
        Could not load the commission: {describeDbError(splits.error).message}
      </Alert>
    );
  return <SplitsEditor key={row.updated_at} row={row} initial={splits.data.map(toInput)} />;
}

/** The shares as typed, with core's amounts beside them; saved together with the terms, all or nothing. */
function SplitsEditor({ row, initial }: { row: DealRow; initial: SplitFormInput[] }) {
  const fmt = useFormatters();
  const team = useTeamMembers();
  const invalidate = useInvalidateDeal();
  const [lines, setLines] = useState<SplitFormInput[]>(
    initial.length
      ? initial
      : [
          {
            party: "agent",
            user_id: row.owner_id ?? "",
            partner_contact_id: "",
            share_type: "percent",
            share: "100",
          },
        ],
  );
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const total =
    row.commission_type === "percent"
      ? commissionMinor(toMinor(row.value), { type: "percent", ratePercent: row.commission_rate ?? 0 })
      : toMinor(row.commission_amount ?? 0);

  const parsed = lines.map((l) => splitFormSchema.safeParse(l));
  const shares: SplitShare[] | null = parsed.every((p) => p.success)
    ? parsed.map((p) =>
        p.data!.share_type === "percent"
          ? { type: "percent", percent: p.data!.share_percent! }
          : { type: "fixed", amountMinor: toMinor(p.data!.share_amount!) },
      )
    : null;
  const fit = shares ? splitError(total, shares) : null;
  const amounts = shares && !fit ? splitCommission(total, shares) : null;
  const set = (i: number, patch: Partial<SplitFormInput>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const save = async () => {
    const firstBad = parsed.findIndex((p) => !p.success);
    if (firstBad >= 0)
      return setProblem(`Share ${firstBad + 1}: ${parsed[firstBad]!.error!.issues[0]?.message}`);
    if (fit) return setProblem(fit);
    setProblem(null);
    setSaving(true);
    try {
      await saveCommission(
        row.id,
        { type: row.commission_type, rate: row.commission_rate, amount: row.commission_amount },
        parsed.map((p) => p.data!),
      );
      invalidate(row.id);
      toast.success("Commission split saved");
    } catch (e) {
      setProblem(describeDbError(e).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="commission-heading" className="flex max-w-4xl flex-col gap-4">
      <h2 id="commission-heading" className="text-lg font-semibold">
        Commission:{" "}
        <span className="tabular-nums" data-testid="commission-total">
          {fmt.money(fromMinor(total), row.currency)}
        </span>
      </h2>
      <p className="text-sm text-muted-foreground">
        {row.commission_type === "percent"
          ? `${row.commission_rate ?? 0} % of ${fmt.money(row.value, row.currency)}`
          : "A fixed amount"}{" "}
        (change it on the Details tab). Fixed shares come off the top; percentage shares divide the rest and
        add up to 100 %.
      </p>
      <ol className="flex flex-col gap-3">
        {lines.map((l, i) => (
          <li
            key={i}
            className="grid items-end gap-2 rounded-md border p-3 sm:grid-cols-[10rem_1fr_9rem_8rem_9rem_auto]"
            aria-label={`Share ${i + 1}`}
          >
            <Field label="Party">
              <NativeSelect
                value={l.party}
                onChange={(e) => set(i, { party: e.target.value as SplitFormInput["party"] })}
              >
                {SPLIT_PARTIES.map((p) => (
                  <option key={p} value={p}>
                    {SPLIT_PARTY_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {l.party === "agent" ? (
              <Field label="Agent">
                <NativeSelect value={l.user_id} onChange={(e) => set(i, { user_id: e.target.value })}>
                  <option value="">—</option>
                  {(team.data ?? []).map((m) => (
                    <option key={m.user_id} value={m.user_id}>
                      {displayName(m, m.email)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            ) : l.party === "co_broker" ? (
              <Field label="Partner">
                {(control) => (
                  <RecordPicker
                    {...control}
                    value={l.partner_contact_id}
                    onChange={(v) => set(i, { partner_contact_id: v })}
                    search={searchContacts}
                    resolve={contactName}
                    noun="contact"
                  />
                )}
              </Field>
            ) : (
              <span className="pb-2 text-sm text-muted-foreground">The agency</span>
            )}
            <Field label="Share as">
              <NativeSelect
                value={l.share_type}
                onChange={(e) => set(i, { share_type: e.target.value as SplitFormInput["share_type"] })}
              >
                <option value="percent">% of the rest</option>
                <option value="fixed">Fixed ({row.currency})</option>
              </NativeSelect>
            </Field>
            <Field label={l.share_type === "percent" ? "Percent" : "Amount"}>
              <Input
                value={l.share}
                inputMode="decimal"
                onChange={(e) => set(i, { share: e.target.value })}
              />
            </Field>
            <p className="pb-2 text-sm tabular-nums" data-testid="split-amount">
              {amounts ? fmt.money(fromMinor(amounts.amountsMinor[i] ?? 0), row.currency) : "—"}
            </p>
            <Button variant="ghost" size="sm" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
              Remove<span className="sr-only"> share {i + 1}</span>
            </Button>
          </li>
        ))}
      </ol>
      {fit && <p className="text-sm text-muted-foreground">{fit}</p>}
      {problem && (
        <Alert variant="destructive" role="alert">
          {problem}
        </Alert>
      )}
      <div className="flex gap-2">
        <Button
          variant="outline"
          onClick={() =>
            setLines((ls) => [
              ...ls,
              { party: "house", user_id: "", partner_contact_id: "", share_type: "percent", share: "" },
            ])
          }
        >
          <PlusIcon aria-hidden="true" />
          Add a share
        </Button>
        <Button onClick={() => void save()} disabled={saving}>
          Save the split
        </Button>
      </div>
    </section>
  );
}

function DealHistory({ id }: { id: string }) {
  return <RecordHistory table="deals" recordId={id} />;
}
