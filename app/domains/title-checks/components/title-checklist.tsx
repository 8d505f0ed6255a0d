/**
 * A property's title due diligence, the same on a hunt (property hunt) and a
 * listing (title checks): the facts that decide which checks are required (tenure, title type,
 * land source, a non-citizen buyer), then each check — status, date, reference, lease years,
 * notes, who checked it, its document (private bucket, opened through a one-minute link) — and,
 * for admins, "Verify" once the check holds what core's rule asks. When every required check is
 * verified the file shows "Title documents verified" with the date; the public listing shows the
 * same badge (never the documents). The database enforces all of it again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { BadgeCheckIcon, ShieldAlertIcon } from "lucide-react";
import { useId } from "react";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import {
  LAND_SOURCE_LABELS,
  LAND_SOURCES,
  requiredTitleItems,
  TITLE_DOCUMENT_TYPE_LABELS,
  TITLE_DOCUMENT_TYPES,
  TITLE_ITEMS,
  TITLE_TENURES,
  titleBadge,
  titleWarnings,
} from "#core/title-checks/title-rules.ts";
import {
  factsFormSchema,
  factsFormValues,
  factsOf,
  type TitleFileRow,
} from "#core/title-checks/title-schema.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { openTitleFile, saveFacts, type TitleSubject } from "../api/title-checks-api.ts";

import { titleKeys, useTitleChecks, useTitleFile } from "../hooks/title-check-queries.ts";
import { CheckItem } from "./check-item.tsx";

export interface TitleChecklistProps {
  subject: TitleSubject;
  /** Admins verify; everyone who may open the file records. */
  canVerify: boolean;
  /** After any change that was saved (e.g. tell colleagues through the hub). */
  onChanged?: () => void;
}

export function TitleChecklist({ subject, canVerify, onChanged }: TitleChecklistProps) {
  const qc = useQueryClient();
  const file = useTitleFile(subject);
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
  const checks = useTitleChecks(file.id);
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
