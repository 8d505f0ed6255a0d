/**
 * A partner's agreements (admins): title, term (start/end), the partner's commission split, terms,
 * status, and the signed document — uploaded to the private partner-documents bucket (PDF, JPEG or
 * PNG; anything else is refused before it leaves the browser and again by the bucket) and opened
 * through a short-lived signed link. The partner reads the same rows in the portal (RLS).
 */
import { DownloadIcon, FileTextIcon, PencilIcon, PlusIcon, UploadIcon } from "lucide-react";
import { useRef, useState } from "react";
import type { Path } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import {
  AGREEMENT_DOCUMENT_TYPES,
  AGREEMENT_STATUS_LABELS,
  AGREEMENT_STATUSES,
  agreementFormSchema,
  agreementFormValues,
  type AgreementFormInput,
  type AgreementRow,
  type PartnerRow,
} from "#core/collaboration-management/partner-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { saveAgreement } from "../api/partners-api.ts";
import {
  partnerKeys,
  useAgreements,
  useAttachAgreementDocument,
  useDownloadAgreementPdf,
  useOpenAgreementDocument,
  useRefreshPartners,
} from "../hooks/partner-queries.ts";

const LABELS = {
  title: "Title",
  starts_on: "Starts",
  ends_on: "Ends",
  split_percent: "Partner's split (%)",
  terms: "Terms",
  status: "Status",
} as const;

export function AgreementsTab({ partner }: { partner: PartnerRow }) {
  const rows = useAgreements(partner.id);
  const [editing, setEditing] = useState<AgreementRow | "new" | null>(null);
  const refreshPartners = useRefreshPartners();
  const refresh = () => refreshPartners(partnerKeys.agreements(partner.id));
  return (
    <div className="flex flex-col gap-4">
      {rows.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : rows.isError ? (
        <Alert variant="destructive">
          Could not load the agreements: {describeDbError(rows.error).message}
        </Alert>
      ) : rows.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No agreement yet: record the co-broking agreement and attach the signed copy.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Agreements">
          {rows.data.map((a) => (
            <AgreementItem key={a.id} agreement={a} onEdit={() => setEditing(a)} onChanged={refresh} />
          ))}
        </ul>
      )}
      {editing ? (
        <AgreementForm
          key={editing === "new" ? "new" : editing.id}
          partnerId={partner.id}
          row={editing === "new" ? null : editing}
          onDone={() => {
            setEditing(null);
            void refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button className="self-start" onClick={() => setEditing("new")}>
          <PlusIcon aria-hidden="true" />
          New agreement
        </Button>
      )}
    </div>
  );
}

function AgreementItem({
  agreement: a,
  onEdit,
  onChanged,
}: {
  agreement: AgreementRow;
  onEdit: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const fmt = useFormatters();
  const input = useRef<HTMLInputElement>(null);
  const upload = useAttachAgreementDocument(a, onChanged);
  const open = useOpenAgreementDocument();
  const pdf = useDownloadAgreementPdf();
  return (
    <li aria-label={a.title} className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {a.title}{" "}
          <Badge tone={a.status === "active" ? "success" : "muted"}>
            {AGREEMENT_STATUS_LABELS[a.status]}
          </Badge>
        </p>
        <p className="text-muted-foreground">
          {fmt.date(a.starts_on)} – {a.ends_on ? fmt.date(a.ends_on) : "open-ended"}
          {a.split_percent !== null && ` · partner's split ${a.split_percent}%`}
        </p>
        {a.terms && <p className="whitespace-pre-wrap text-muted-foreground">{a.terms}</p>}
      </div>
      {a.document_path ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => open.mutate(a.document_path!)}
          disabled={open.isPending}
        >
          <FileTextIcon aria-hidden="true" />
          {a.document_name}
        </Button>
      ) : (
        <span className="text-xs text-muted-foreground">No signed copy yet</span>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={() => pdf.mutate(a)}
        disabled={pdf.isPending}
        aria-label={`Download “${a.title}” as a PDF`}
      >
        <DownloadIcon aria-hidden="true" />
        {pdf.isPending ? "Making the PDF…" : "PDF"}
      </Button>
      <input
        ref={input}
        type="file"
        className="sr-only"
        accept={AGREEMENT_DOCUMENT_TYPES.join(",")}
        aria-label={`Signed document for ${a.title}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) upload.mutate(file);
        }}
      />
      <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
        <UploadIcon aria-hidden="true" />
        {upload.isPending ? "Uploading…" : a.document_path ? "Replace document" : "Attach signed document"}
      </Button>
      <Button size="sm" variant="ghost" onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
        Edit<span className="sr-only"> {a.title}</span>
      </Button>
    </li>
  );
}

function AgreementForm({
  partnerId,
  row,
  onDone,
  onCancel,
}: {
  partnerId: string;
  row: AgreementRow | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const rf = useRecordForm({
    schema: agreementFormSchema,
    values: agreementFormValues(row),
    version: row?.updated_at ?? null,
    save: (v, version) => saveAgreement(partnerId, row?.id ?? null, version, v),
    onSaved: () => {
      toast.success(row ? "Agreement saved" : "Agreement recorded");
      onDone();
    },
    fieldLabels: LABELS,
    constraints: {
      partner_agreements_dates: { field: "ends_on", message: "The end date is before the start date" },
    },
  });
  const { register, formState } = rf.form;
  const err = (name: Path<AgreementFormInput>) => errorOf(formState.errors, name);
  return (
    <RecordForm
      state={rf}
      label={row ? `Edit ${row.title}` : "New agreement"}
      submitLabel={row ? "Save agreement" : "Record agreement"}
      onCancel={onCancel}
      className="rounded-lg border p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={LABELS.title} error={err("title")} required>
          <Input {...register("title")} autoComplete="off" />
        </Field>
        <Field label={LABELS.starts_on} error={err("starts_on")} required>
          <Input type="date" {...register("starts_on")} />
        </Field>
        <Field label={LABELS.ends_on} error={err("ends_on")}>
          <Input type="date" {...register("ends_on")} />
        </Field>
        <Field label={LABELS.split_percent} error={err("split_percent")}>
          <Input inputMode="decimal" {...register("split_percent")} autoComplete="off" />
        </Field>
        <Field label={LABELS.status} error={err("status")} required>
          <NativeSelect {...register("status")}>
            {AGREEMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {AGREEMENT_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={LABELS.terms} error={err("terms")} className="sm:col-span-2 lg:col-span-3">
          <Textarea rows={3} {...register("terms")} />
        </Field>
      </div>
    </RecordForm>
  );
}
