/**
 * A property's title due diligence, the same on a hunt (property hunt) and a
 * listing (title checks): the facts that decide which checks are required (tenure, title type,
 * land source, a non-citizen buyer), then each check — status, date, reference, lease years,
 * notes, who checked it, its document (private bucket, opened through a one-minute link) — and,
 * for admins, "Verify" once the check holds what core's rule asks. When every required check is
 * verified the file shows "Title documents verified" with the date; the public listing shows the
 * same badge (never the documents). The database enforces all of it again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BadgeCheckIcon,
  FileTextIcon,
  Loader2Icon,
  PaperclipIcon,
  PencilIcon,
  ShieldAlertIcon,
} from "lucide-react";
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import {
  LAND_SOURCE_LABELS,
  LAND_SOURCES,
  requiredTitleItems,
  TITLE_CHECK_STATUS_LABELS,
  TITLE_CHECK_STATUSES,
  TITLE_DOCUMENT_TYPE_LABELS,
  TITLE_DOCUMENT_TYPES,
  TITLE_ITEM_HINTS,
  TITLE_ITEM_LABELS,
  TITLE_ITEMS,
  TITLE_TENURES,
  titleBadge,
  titleDocumentLabel,
  titleWarnings,
  verificationProblem,
  type TitleCheckStatus,
  type TitleItem,
} from "#core/title-checks/title-rules.ts";
import {
  checkFormSchema,
  checkFormValues,
  factsFormSchema,
  factsFormValues,
  factsOf,
  TITLE_DOCUMENT_RULES,
  type TitleCheckRow,
  type TitleFileRow,
} from "#core/title-checks/title-schema.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { StatusBadge, type StatusMap } from "#app/components/records/status-badge.tsx";
import { errorOf, useRecordForm } from "#app/components/records/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName } from "#app/lib/team-members.ts";
import {
  attachDocument,
  getTitleFile,
  listChecks,
  openTitleFile,
  saveCheck,
  saveFacts,
  setCheckStatus,
  titleDocumentUrl,
  titleKeys,
  type TitleSubject,
} from "#app/lib/title-checks/title-checks-api.ts";

export const TITLE_CHECK_BADGES: StatusMap<TitleCheckStatus> = {
  pending: { label: TITLE_CHECK_STATUS_LABELS.pending, tone: "muted" },
  requested: { label: TITLE_CHECK_STATUS_LABELS.requested, tone: "info" },
  received: { label: TITLE_CHECK_STATUS_LABELS.received, tone: "warning" },
  problem: { label: TITLE_CHECK_STATUS_LABELS.problem, tone: "danger" },
  verified: { label: TITLE_CHECK_STATUS_LABELS.verified, tone: "success" },
};

export interface TitleChecklistProps {
  subject: TitleSubject;
  /** Admins verify; everyone who may open the file records. */
  canVerify: boolean;
  /** After any change that was saved (e.g. tell colleagues through the hub). */
  onChanged?: () => void;
}

export function TitleChecklist({ subject, canVerify, onChanged }: TitleChecklistProps) {
  const qc = useQueryClient();
  const file = useQuery({ queryKey: titleKeys.file(subject), queryFn: () => getTitleFile(subject) });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: titleKeys.all });
    onChanged?.();
  };
  if (file.isPending) return <Skeleton className="h-64 w-full" />;
  if (file.isError)
    return (
      <Alert variant="destructive">
        Could not load the due diligence: {describeDbError(file.error).message}
      </Alert>
    );
  return (
    <section aria-label="Title due diligence" className="flex flex-col gap-6">
      <FactsForm subject={subject} file={file.data} onSaved={refresh} reload={file.refetch} />
      {file.data && <Checks file={file.data} canVerify={canVerify} onChanged={refresh} />}
    </section>
  );
}

function FactsForm({
  subject,
  file,
  onSaved,
  reload,
}: {
  subject: TitleSubject;
  file: TitleFileRow | null;
  onSaved: () => void;
  reload: () => Promise<unknown>;
}) {
  const rf = useRecordForm({
    schema: factsFormSchema,
    values: factsFormValues(file),
    version: file?.updated_at ?? null,
    save: (values, version) =>
      file && version ? saveFacts(file.id, version, values) : openTitleFile(subject, values),
    onSaved: () => {
      toast.success(file ? "Title facts saved" : "Due diligence started");
      onSaved();
    },
    reload,
    fieldLabels: { tenure: "Tenure", title_type: "Title type", land_source: "Land source" },
  });
  const { register, formState, watch, setValue } = rf.form;
  const nonCitizenId = useId();
  const facts = factsFormSchema.safeParse(watch());
  const warnings = facts.success
    ? titleWarnings({
        tenure: facts.data.tenure,
        titleType: facts.data.title_type,
        landSource: facts.data.land_source,
        forNonCitizen: facts.data.for_non_citizen,
      })
    : [];
  return (
    <RecordForm state={rf} label="Title facts" submitLabel={file ? "Save facts" : "Start due diligence"}>
      {!file && (
        <p className="text-sm text-muted-foreground">
          No due diligence yet. State what is known about the title; unknown facts make the stricter checks
          required.
        </p>
      )}
      {file && (
        <p className="text-sm text-muted-foreground">
          Changing the facts withdraws every verification: the checks were made against the old facts.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Tenure" error={errorOf(formState.errors, "tenure")}>
          <NativeSelect {...register("tenure")}>
            <option value="">Not confirmed</option>
            {TITLE_TENURES.map((t) => (
              <option key={t} value={t}>
                {t === "freehold" ? "Freehold" : "Leasehold"}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Title type" error={errorOf(formState.errors, "title_type")}>
          <NativeSelect {...register("title_type")}>
            <option value="">Not known yet</option>
            {TITLE_DOCUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {TITLE_DOCUMENT_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Land source" error={errorOf(formState.errors, "land_source")}>
          <NativeSelect {...register("land_source")}>
            <option value="">Not known yet</option>
            {LAND_SOURCES.map((s) => (
              <option key={s} value={s}>
                {LAND_SOURCE_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={nonCitizenId}
          checked={watch("for_non_citizen")}
          onCheckedChange={(v) => setValue("for_non_citizen", v === true, { shouldDirty: true })}
        />
        <Label htmlFor={nonCitizenId}>The buyer is not a Ghanaian citizen</Label>
      </div>
      {warnings.map((w) => (
        <Alert key={w} variant="warning">
          {w}
        </Alert>
      ))}
    </RecordForm>
  );
}

function Checks({
  file,
  canVerify,
  onChanged,
}: {
  file: TitleFileRow;
  canVerify: boolean;
  onChanged: () => void;
}) {
  const fmt = useFormatters();
  const checks = useQuery({ queryKey: titleKeys.checks(file.id), queryFn: () => listChecks(file.id) });
  if (checks.isPending) return <Skeleton className="h-64 w-full" />;
  if (checks.isError)
    return (
      <Alert variant="destructive">Could not load the checks: {describeDbError(checks.error).message}</Alert>
    );
  const facts = factsOf(file);
  const required = requiredTitleItems(facts);
  const badge = titleBadge(
    facts,
    checks.data.map((c) => ({ item: c.item, status: c.status, verifiedAt: c.verified_at })),
  );
  const verified = required.length - badge.outstanding.length;
  const ordered = [...TITLE_ITEMS].sort(
    (a, b) => Number(!required.includes(a)) - Number(!required.includes(b)),
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3" data-testid="title-progress">
        {file.verified_at ? (
          <Badge tone="success" className="px-3 py-1 text-sm">
            <BadgeCheckIcon aria-hidden="true" />
            Title documents verified on {fmt.date(file.verified_at)}
          </Badge>
        ) : (
          <Badge tone="warning" className="px-3 py-1 text-sm">
            <ShieldAlertIcon aria-hidden="true" />
            {verified} of {required.length} required checks verified
          </Badge>
        )}
      </div>
      <ul className="flex flex-col gap-3">
        {ordered.map((item) => {
          const check = checks.data.find((c) => c.item === item);
          return check ? (
            <CheckItem
              key={item}
              check={check}
              file={file}
              required={required.includes(item)}
              canVerify={canVerify}
              onChanged={onChanged}
            />
          ) : null;
        })}
      </ul>
    </div>
  );
}

function itemLabel(item: TitleItem, file: TitleFileRow): string {
  return item === "title_document" ? titleDocumentLabel(file.title_type) : TITLE_ITEM_LABELS[item];
}

function CheckItem({
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
  const verify = useMutation({
    mutationFn: () => setCheckStatus(check.id, "verified"),
    meta: { errorTitle: "Not verified" },
    onSuccess: () => toast.success(`${label} verified`),
    onSettled: done,
  });
  const attach = useMutation({
    mutationFn: (f: File) => attachDocument(check, f),
    meta: { errorTitle: "Document not attached" },
    onSuccess: () => toast.success("Document attached"),
    onSettled: done,
  });
  const open = useMutation({
    mutationFn: () => titleDocumentUrl(check),
    meta: { errorTitle: "Document not opened" },
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
