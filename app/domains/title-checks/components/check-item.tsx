/**
 * One check of a title file: its facts, its document (attach, open through a one-minute link),
 * "Verify" for admins once core's rule is met, and its edit form.
 */
import { useQueryClient } from "@tanstack/react-query";
import { BadgeCheckIcon, FileTextIcon, Loader2Icon, PaperclipIcon, PencilIcon } from "lucide-react";
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import { toast } from "#app/lib/toast.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import {
  TITLE_CHECK_STATUS_LABELS,
  TITLE_CHECK_STATUSES,
  TITLE_ITEM_HINTS,
  TITLE_ITEM_LABELS,
  titleDocumentLabel,
  verificationProblem,
  type TitleCheckStatus,
  type TitleItem,
} from "#core/title-checks/title-rules.ts";
import {
  checkFormSchema,
  checkFormValues,
  TITLE_DOCUMENT_RULES,
  type TitleCheckRow,
  type TitleFileRow,
} from "#core/title-checks/title-schema.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { StatusBadge, type StatusMap } from "#app/components/records/status-badge.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { saveCheck } from "../api/title-checks-api.ts";

import {
  titleKeys,
  useAttachTitleDocument,
  useOpenTitleDocument,
  useVerifyCheck,
} from "../hooks/title-check-queries.ts";

export const TITLE_CHECK_BADGES: StatusMap<TitleCheckStatus> = {
  pending: { label: TITLE_CHECK_STATUS_LABELS.pending, tone: "muted" },
  requested: { label: TITLE_CHECK_STATUS_LABELS.requested, tone: "info" },
  received: { label: TITLE_CHECK_STATUS_LABELS.received, tone: "warning" },
  problem: { label: TITLE_CHECK_STATUS_LABELS.problem, tone: "danger" },
  verified: { label: TITLE_CHECK_STATUS_LABELS.verified, tone: "success" },
};

function itemLabel(item: TitleItem, file: TitleFileRow): string {
  return item === "title_document" ? titleDocumentLabel(file.title_type) : TITLE_ITEM_LABELS[item];
}

export function CheckItem({
  check,
  file,
  required,
  canVerify,
  onChanged,
}: {
  check: TitleCheckRow;
  file: TitleFileRow;
  required: boolean;
  canVerify: boolean;
  onChanged: () => void;
}) {
  const fmt = useFormatters();
  const memberName = useMemberName();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const inputId = useId();
  const label = itemLabel(check.item, file);
  const done = () => {
    void qc.invalidateQueries({ queryKey: titleKeys.all });
    onChanged();
  };
  const verify = useVerifyCheck(check, {
    onSuccess: () => toast.success(`${label} verified`),
    onSettled: done,
  });
  const attach = useAttachTitleDocument(check, {
    onSuccess: () => toast.success("Document attached"),
    onSettled: done,
  });
  const open = useOpenTitleDocument(check, {
    onSuccess: (url) => window.open(url, "_blank", "noopener"),
  });
  const [refused, setRefused] = useState<string | null>(null);
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = "";
    if (!f) return;
    const problem = fileProblem(f, TITLE_DOCUMENT_RULES);
    setRefused(problem);
    if (!problem) attach.mutate(f);
  };
  const blocker = verificationProblem(check.item, {
    hasDocument: check.document_path !== null,
    reference: check.reference,
    checkedOn: check.checked_on,
    leaseYearsLeft: check.lease_years_left,
    notes: check.notes,
  });

  return (
    <li
      aria-label={label}
      className="rounded-lg border bg-background p-4"
      data-item={check.item}
      data-status={check.status}
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {label}
            <StatusBadge value={check.status} map={TITLE_CHECK_BADGES} />
            {!required && <Badge tone="muted">Not required for this title</Badge>}
          </p>
          <p className="text-sm text-muted-foreground">{TITLE_ITEM_HINTS[check.item]}</p>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {check.checked_on && <Fact term="Date">{fmt.date(check.checked_on)}</Fact>}
            {check.reference && <Fact term="Reference">{check.reference}</Fact>}
            {check.lease_years_left !== null && <Fact term="Lease years left">{check.lease_years_left}</Fact>}
            {check.checked_by && <Fact term="Checked by">{memberName(check.checked_by)}</Fact>}
            {check.verified_at && (
              <Fact term="Verified">
                {memberName(check.verified_by)}, {fmt.date(check.verified_at)}
              </Fact>
            )}
          </dl>
          {check.notes && <p className="mt-2 whitespace-pre-line text-sm">{check.notes}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {check.document_path && (
            <Button variant="outline" size="sm" onClick={() => open.mutate()} disabled={open.isPending}>
              <FileTextIcon aria-hidden="true" />
              Open document<span className="sr-only"> ({label})</span>
            </Button>
          )}
          <Button variant="outline" size="sm" asChild>
            <label htmlFor={inputId} className="cursor-pointer">
              {attach.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <PaperclipIcon aria-hidden="true" />
              )}
              {check.document_path ? "Replace document" : "Attach document"}
              <span className="sr-only"> ({label})</span>
            </label>
          </Button>
          <input
            id={inputId}
            type="file"
            className="sr-only"
            accept={Object.keys(TITLE_DOCUMENT_RULES.types).join(",")}
            onChange={onFile}
            aria-label={`Document for ${label}`}
          />
          <Button variant="outline" size="sm" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
            <PencilIcon aria-hidden="true" />
            Edit<span className="sr-only"> {label}</span>
          </Button>
          {canVerify && check.status !== "verified" && (
            <Button
              size="sm"
              onClick={() => verify.mutate()}
              disabled={blocker !== null || verify.isPending}
              title={blocker ?? undefined}
            >
              <BadgeCheckIcon aria-hidden="true" />
              Verify<span className="sr-only"> {label}</span>
            </Button>
          )}
        </div>
      </div>
      {refused && (
        <Alert variant="destructive" className="mt-3" data-testid="document-refused">
          {refused}
        </Alert>
      )}
      {canVerify && check.status !== "verified" && blocker && (
        <p className="mt-2 text-xs text-muted-foreground">{blocker}</p>
      )}
      {editing && (
        <CheckForm
          check={check}
          label={label}
          onDone={() => {
            setEditing(false);
            done();
          }}
        />
      )}
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted-foreground">{term}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

function CheckForm({ check, label, onDone }: { check: TitleCheckRow; label: string; onDone: () => void }) {
  const rf = useRecordForm({
    schema: checkFormSchema,
    values: checkFormValues(check),
    version: check.updated_at,
    save: (values, version) => saveCheck(check.id, version ?? check.updated_at, values),
    onSaved: () => {
      toast.success(`${label} saved`);
      onDone();
    },
    fieldLabels: {
      checked_on: "Date",
      reference: "Reference",
      lease_years_left: "Lease years left",
      notes: "Notes",
    },
  });
  const { register, formState } = rf.form;
  // Verification is the admins' "Verify" button; the form keeps a verified check verified only if nothing changes.
  const statuses = TITLE_CHECK_STATUSES.filter((s) => s !== "verified" || check.status === "verified");
  return (
    <RecordForm
      state={rf}
      label={`Edit ${label}`}
      submitLabel="Save check"
      onCancel={onDone}
      className="mt-4 border-t pt-4"
    >
      {check.status === "verified" && (
        <p className="text-sm text-amber-900">
          Changing anything here withdraws the verification until an admin verifies again.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Status" error={errorOf(formState.errors, "status")}>
          <NativeSelect {...register("status")}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {TITLE_CHECK_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Date" error={errorOf(formState.errors, "checked_on")}>
          <Input type="date" {...register("checked_on")} />
        </Field>
        <Field
          label="Reference"
          description="e.g. the search or certificate number"
          error={errorOf(formState.errors, "reference")}
        >
          <Input {...register("reference")} autoComplete="off" />
        </Field>
        {check.item === "lease_term" && (
          <Field label="Lease years left" error={errorOf(formState.errors, "lease_years_left")}>
            <Input inputMode="numeric" {...register("lease_years_left")} />
          </Field>
        )}
        <div className="sm:col-span-2">
          <Field label="Notes" error={errorOf(formState.errors, "notes")}>
            <Textarea rows={3} {...register("notes")} />
          </Field>
        </div>
      </div>
    </RecordForm>
  );
}
