/**
 * A hunt's stage controls on its page: the next and previous step, Offered with the amount,
 * Reject with the reason, Reopen, and "Acquire as listing" (its photos copied, a draft listing
 * created in properties admin, the title file handed over — then the listing opens). Core's rules
 * say what is allowed before anything is sent; the database refuses the same moves again.
 */
import { ArrowLeftIcon, ArrowRightIcon, BanIcon, HomeIcon, RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  offerFormSchema,
  rejectFormSchema,
  type HuntRow,
  type OfferFormInput,
  type RejectFormInput,
} from "#core/property-hunt/hunt-schema.ts";
import {
  HUNT_STAGE_LABELS,
  huntMovesFrom,
  OPEN_HUNT_STAGES,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  type HuntStage,
} from "#core/property-hunt/hunt-workflow.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { moveHunt } from "../api/hunts-api.ts";
import { useHuntChanged, useMoveHunt } from "../hooks/hunt-queries.ts";
import { useAcquireHunt } from "../hooks/hunt-mutations.ts";

type Panel = "offer" | "reject" | null;

function step(stage: HuntStage, by: 1 | -1): HuntStage | null {
  const i = (OPEN_HUNT_STAGES as readonly HuntStage[]).indexOf(stage);
  return i < 0 ? null : (OPEN_HUNT_STAGES[i + by] ?? null);
}

export function HuntStageActions({ row }: { row: HuntRow }) {
  const move = useMoveHunt();
  const changed = useHuntChanged();
  const navigate = useNavigate();
  const [panel, setPanel] = useState<Panel>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const allowed = huntMovesFrom(row.stage);
  const next = step(row.stage, 1);
  const previous = step(row.stage, -1);
  const acquire = useAcquireHunt(row.id, (done, total) => setProgress(`Copying photos ${done}/${total}…`), {
    onSuccess: (listingId) => {
      toast.success("Acquired: the draft listing is ready", {
        description: "Check its details, then publish it.",
      });
      navigate(`/properties-admin/${listingId}`);
    },
    onSettled: () => {
      setProgress(null);
      changed(row.id, "moved");
    },
  });
  const go = (stage: HuntStage) =>
    move.mutate(
      { id: row.id, stage },
      { onSuccess: () => toast.success(`Moved to ${HUNT_STAGE_LABELS[stage]}`) },
    );

  if (row.stage === "acquired") return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Stage">
        {row.stage === "rejected" ? (
          <Button variant="outline" size="sm" onClick={() => go("found")} disabled={move.isPending}>
            <RotateCcwIcon aria-hidden="true" />
            Reopen
          </Button>
        ) : (
          <>
            {previous && allowed.includes(previous) && (
              <Button variant="outline" size="sm" onClick={() => go(previous)} disabled={move.isPending}>
                <ArrowLeftIcon aria-hidden="true" />
                Back to {HUNT_STAGE_LABELS[previous]}
              </Button>
            )}
            {next === "offered" ? (
              <Button size="sm" onClick={() => setPanel("offer")} aria-expanded={panel === "offer"}>
                Record the offer
                <ArrowRightIcon aria-hidden="true" />
              </Button>
            ) : next ? (
              <Button size="sm" onClick={() => go(next)} disabled={move.isPending}>
                Move to {HUNT_STAGE_LABELS[next]}
                <ArrowRightIcon aria-hidden="true" />
              </Button>
            ) : null}
            {row.stage === "offered" && (
              <Button size="sm" onClick={() => acquire.mutate()} disabled={acquire.isPending}>
                <HomeIcon aria-hidden="true" />
                {progress ?? (acquire.isPending ? "Acquiring…" : "Acquire as listing")}
              </Button>
            )}
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPanel("reject")}
              aria-expanded={panel === "reject"}
            >
              <BanIcon aria-hidden="true" />
              Reject
            </Button>
          </>
        )}
      </div>
      {panel === "offer" && <OfferForm row={row} onDone={() => setPanel(null)} />}
      {panel === "reject" && <RejectForm row={row} onDone={() => setPanel(null)} />}
    </div>
  );
}

function OfferForm({ row, onDone }: { row: HuntRow; onDone: () => void }) {
  const changed = useHuntChanged();
  const rf = useRecordForm({
    schema: offerFormSchema,
    values: {
      offer_amount: row.offer_amount === null ? "" : String(row.offer_amount),
    } satisfies OfferFormInput,
    version: null,
    save: (v) => moveHunt(row.id, "offered", { offer_amount: v.offer_amount }),
    onSaved: () => {
      toast.success("Offer recorded");
      changed(row.id, "moved");
      onDone();
    },
    fieldLabels: { offer_amount: "Offer" },
  });
  return (
    <RecordForm
      state={rf}
      label="Offer"
      submitLabel="Move to Offered"
      onCancel={onDone}
      className="rounded-lg border p-4"
    >
      <Field
        label={`Offer (${row.currency})`}
        error={errorOf(rf.form.formState.errors, "offer_amount")}
        required
      >
        <Input inputMode="decimal" {...rf.form.register("offer_amount")} autoComplete="off" />
      </Field>
    </RecordForm>
  );
}

function RejectForm({ row, onDone }: { row: HuntRow; onDone: () => void }) {
  const changed = useHuntChanged();
  const rf = useRecordForm({
    schema: rejectFormSchema,
    values: { rejection_reason: "" as RejectFormInput["rejection_reason"], rejection_note: "" },
    version: null,
    save: (v) => moveHunt(row.id, "rejected", v),
    onSaved: () => {
      toast.success("Hunt rejected");
      changed(row.id, "moved");
      onDone();
    },
    fieldLabels: { rejection_reason: "Why rejected", rejection_note: "Note" },
  });
  const { register, formState } = rf.form;
  return (
    <RecordForm
      state={rf}
      label="Reject the hunt"
      submitLabel="Reject"
      onCancel={onDone}
      className="rounded-lg border p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Why rejected" error={errorOf(formState.errors, "rejection_reason")} required>
          <NativeSelect {...register("rejection_reason")}>
            <option value="">Choose…</option>
            {REJECTION_REASONS.map((r) => (
              <option key={r} value={r}>
                {REJECTION_REASON_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Note" error={errorOf(formState.errors, "rejection_note")}>
          <Input {...register("rejection_note")} autoComplete="off" />
        </Field>
      </div>
    </RecordForm>
  );
}
