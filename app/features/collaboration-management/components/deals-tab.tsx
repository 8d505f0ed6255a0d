/**
 * A partner's co-broke deals (admins): create and edit a deal shared with the partner agency — the
 * listing (one shared with them), stage, agreed price, the agency's commission and the partner's
 * split (the partner's commission is computed by the database as core's partnerCommission), the
 * commission's status and a note the partner reads. The partner sees these rows read-only in the
 * portal (RLS: their own only).
 */
import { PencilIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import type { Path } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import { CURRENCIES } from "#core/content-model.ts";
import {
  COMMISSION_STATUS_LABELS,
  COMMISSION_STATUSES,
  DEAL_STAGE_LABELS,
  DEAL_STAGES,
  dealFormSchema,
  dealFormValues,
  type CoBrokeDealRow,
  type DealFormInput,
  type PartnerRow,
} from "#core/collaboration-management/partner-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { OptionsField, TextField } from "#app/components/records/form-fields.tsx";
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
import { saveDeal } from "../api/partners-api.ts";
import { partnerKeys, usePartnerDeals, useRefreshPartners, useShares } from "../hooks/partner-queries.ts";

const LABELS = {
  property_id: "Listing",
  title: "Deal",
  stage: "Stage",
  agreed_price: "Agreed price",
  currency: "Currency",
  agency_commission: "Agency commission",
  partner_split_percent: "Partner's split (%)",
  commission_status: "Commission",
  commission_paid_on: "Paid on",
  partner_note: "Note for the partner",
} as const;

export function DealsTab({ partner }: { partner: PartnerRow }) {
  const rows = usePartnerDeals(partner.id);
  const [editing, setEditing] = useState<CoBrokeDealRow | "new" | null>(null);
  const fmt = useFormatters();
  const refresh = useRefreshPartners();
  return (
    <div className="flex flex-col gap-4">
      {rows.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : rows.isError ? (
        <Alert variant="destructive">Could not load the deals: {describeDbError(rows.error).message}</Alert>
      ) : rows.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No co-broke deals yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Co-broke deals">
          {rows.data.map((d) => (
            <li
              key={d.id}
              aria-label={d.title}
              className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {d.title} <Badge tone="info">{DEAL_STAGE_LABELS[d.stage]}</Badge>
                </p>
                <p className="text-muted-foreground">
                  {d.agreed_price !== null ? fmt.money(d.agreed_price, d.currency) : "Price not agreed"} ·
                  partner's split {d.partner_split_percent}%
                  {d.partner_commission !== null && ` (${fmt.money(d.partner_commission, d.currency)})`} ·{" "}
                  {COMMISSION_STATUS_LABELS[d.commission_status]}
                </p>
              </div>
              <Button size="sm" variant="ghost" onClick={() => setEditing(d)}>
                <PencilIcon aria-hidden="true" />
                Edit<span className="sr-only"> {d.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <DealForm
          key={editing === "new" ? "new" : editing.id}
          partner={partner}
          row={editing === "new" ? null : editing}
          onDone={() => {
            setEditing(null);
            void refresh(partnerKeys.deals(partner.id));
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button className="self-start" onClick={() => setEditing("new")}>
          <PlusIcon aria-hidden="true" />
          New co-broke deal
        </Button>
      )}
    </div>
  );
}

function DealForm({
  partner,
  row,
  onDone,
  onCancel,
}: {
  partner: PartnerRow;
  row: CoBrokeDealRow | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const shares = useShares(partner.id);
  const rf = useRecordForm({
    schema: dealFormSchema,
    values: dealFormValues(row, partner.default_split_percent),
    version: row?.updated_at ?? null,
    save: (v, version) => saveDeal(partner.id, row?.id ?? null, version, v),
    onSaved: () => {
      toast.success(row ? "Deal saved" : "Deal recorded");
      onDone();
    },
    fieldLabels: LABELS,
    constraints: {
      co_broke_deals_paid_on: {
        field: "commission_paid_on",
        message: "A paid commission needs the date it was paid (and only a paid one)",
      },
    },
  });
  const { register, formState } = rf.form;
  const err = (name: Path<DealFormInput>) => errorOf(formState.errors, name);
  return (
    <RecordForm
      state={rf}
      label={row ? `Edit ${row.title}` : "New co-broke deal"}
      submitLabel={row ? "Save deal" : "Record deal"}
      onCancel={onCancel}
      className="rounded-lg border p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label={LABELS.title} error={err("title")} required registration={register("title")} />
        <Field label={LABELS.property_id} error={err("property_id")}>
          <NativeSelect {...register("property_id")}>
            <option value="">None</option>
            {(shares.data ?? []).map((s) => (
              <option key={s.property_id} value={s.property_id}>
                {s.properties?.title ?? s.property_id}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <OptionsField
          label={LABELS.stage}
          error={err("stage")}
          required
          registration={register("stage")}
          values={DEAL_STAGES}
          labels={DEAL_STAGE_LABELS}
        />
        <TextField
          label={LABELS.agreed_price}
          error={err("agreed_price")}
          registration={register("agreed_price")}
          inputMode="decimal"
        />
        <OptionsField
          label={LABELS.currency}
          error={err("currency")}
          required
          registration={register("currency")}
          values={CURRENCIES}
        />
        <TextField
          label={LABELS.agency_commission}
          error={err("agency_commission")}
          registration={register("agency_commission")}
          inputMode="decimal"
        />
        <TextField
          label={LABELS.partner_split_percent}
          error={err("partner_split_percent")}
          required
          registration={register("partner_split_percent")}
          inputMode="decimal"
        />
        <OptionsField
          label={LABELS.commission_status}
          error={err("commission_status")}
          required
          registration={register("commission_status")}
          values={COMMISSION_STATUSES}
          labels={COMMISSION_STATUS_LABELS}
        />
        <Field label={LABELS.commission_paid_on} error={err("commission_paid_on")}>
          <Input type="date" {...register("commission_paid_on")} />
        </Field>
        <Field
          label={LABELS.partner_note}
          error={err("partner_note")}
          className="sm:col-span-2 lg:col-span-3"
        >
          <Textarea rows={2} {...register("partner_note")} />
        </Field>
      </div>
    </RecordForm>
  );
}
