/** A deal's people (contacts in their roles) and its commission with the agents' and partners' splits, on the deal page. */
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
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
import {
  DEAL_CONTACT_ROLE_LABELS,
  DEAL_CONTACT_ROLES,
  splitFormSchema,
  type DealContactRole,
  type DealRow,
  type SplitFormInput,
  type SplitRow,
} from "#core/deals/deal-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordPicker } from "#app/components/records/record-picker.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { contactName, searchContacts } from "#app/lib/contact-lookup-api.ts";
import { useFormatters } from "#app/lib/format.ts";
import { toastError } from "#app/lib/query-client.ts";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { displayName } from "#core/schemas/profile.ts";
import { addDealContact, removeDealContact, saveCommission } from "../api/deals-api.ts";
import { useDealContacts, useInvalidateDeal, useSplits } from "../hooks/deal-queries.ts";

export function DealPeople({ dealId }: { dealId: string }) {
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

export function CommissionPanel({ row }: { row: DealRow }) {
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
