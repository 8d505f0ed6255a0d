/**
 * A deal's details (create and edit): the record kit's form on core's deal schema — name,
 * pipeline and (for a new deal) its first stage, value and currency (a USD value also shown in
 * GHS at the dated rate), expected close, the property and the main contact (pickers under the
 * user's RLS), commission as a percentage or a fixed sum, owner and assignee; a rental's lease
 * start and end (the leads hunt calls the tenant as the end nears). Stage moves, won
 * and lost have their own control on the deal's page.
 */
import { Controller, type Path } from "react-hook-form";
import { commissionMinor, fromMinor, toMinor } from "#core/deals/commission.ts";
import { ghsMinor } from "#core/deals/forecast.ts";
import {
  DEAL_CONSTRAINTS,
  DEAL_CURRENCIES,
  DEAL_FIELD_LABELS as L,
  dealFormSchema,
  RENTAL_PIPELINE_KEY,
  dealFormValues,
  type DealFormInput,
  type DealFormOutput,
  type DealRow,
  type Pipeline,
  type Stage,
} from "#core/deals/deal-schema.ts";
import { displayName } from "#core/schemas/profile.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { RecordPicker } from "#app/components/records/record-picker.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { contactName, searchContacts } from "#app/lib/contact-lookup-api.ts";
import { propertyName, searchProperties } from "#app/lib/property-lookup-api.ts";
import { useSession } from "#app/lib/session.tsx";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { usdRate } from "./deal-money.ts";

export interface DealFormProps {
  row: DealRow | null;
  pipelines: readonly Pipeline[];
  stages: readonly Stage[];
  defaults: { pipelineId: string; contactId?: string | null };
  save: (values: DealFormOutput, version: string | null) => Promise<DealRow>;
  onSaved: (row: DealRow) => void;
  reload?: () => Promise<unknown>;
  onCancel: () => void;
}

const SECTION = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function DealForm({
  row,
  pipelines,
  stages,
  defaults,
  save,
  onSaved,
  reload,
  onCancel,
}: DealFormProps) {
  const { user, role } = useSession();
  const team = useTeamMembers();
  const fmt = useFormatters();
  const firstStage = (pipelineId: string) =>
    stages
      .filter((s) => s.pipeline_id === pipelineId && s.outcome === "open" && !s.is_archived)
      .sort((a, b) => a.position - b.position)[0]?.id ?? "";
  const rf = useRecordForm({
    schema: dealFormSchema,
    values: dealFormValues(row, {
      pipelineId: defaults.pipelineId,
      stageId: firstStage(defaults.pipelineId),
      ownerId: user?.id ?? null,
      contactId: defaults.contactId,
    }),
    version: row?.updated_at ?? null,
    save,
    onSaved,
    reload,
    constraints: DEAL_CONSTRAINTS,
    fieldLabels: L,
  });
  const { register, control, watch, formState, setValue } = rf.form;
  const err = (name: Path<DealFormInput>) => errorOf(formState.errors, name);
  const pipelineId = watch("pipeline_id");
  const isRental = pipelines.find((p) => p.id === pipelineId)?.key === RENTAL_PIPELINE_KEY;
  const currency = watch("currency");
  const commissionType = watch("commission_type");
  const valueNumber = Number(String(watch("value")).replace(/,/g, ""));
  const rateNumber = Number(String(watch("commission_rate")).replace(/,/g, ""));
  const amountNumber = Number(String(watch("commission_amount")).replace(/,/g, ""));
  const valueOk = Number.isFinite(valueNumber) && valueNumber > 0;
  const ghs = valueOk && currency === "USD" ? ghsMinor(valueNumber, "USD", usdRate()?.rate ?? null) : null;
  const commission =
    commissionType === "percent"
      ? valueOk && Number.isFinite(rateNumber)
        ? commissionMinor(toMinor(valueNumber), { type: "percent", ratePercent: rateNumber })
        : null
      : Number.isFinite(amountNumber)
        ? toMinor(amountNumber)
        : null;
  const members = (team.data ?? []).map((m) => ({ value: m.user_id, label: displayName(m, m.email) }));

  return (
    <RecordForm
      state={rf}
      label={row ? "Deal details" : "New deal"}
      submitLabel={row ? "Save changes" : "Create deal"}
      onCancel={onCancel}
    >
      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">The deal</legend>
        <div className="sm:col-span-2">
          <Field label={L.title} error={err("title")} required>
            <Input
              {...register("title")}
              autoComplete="off"
              placeholder="e.g. 4-bed house, East Legon — Asamoah"
            />
          </Field>
        </div>
        <Field
          label={L.pipeline_id}
          error={err("pipeline_id")}
          required
          description={
            row ? "Moving a deal to another pipeline starts it at that pipeline's first stage." : undefined
          }
        >
          <NativeSelect
            {...register("pipeline_id", {
              onChange: (e: { target: { value: string } }) => {
                if (!row || e.target.value !== row.pipeline_id)
                  setValue("stage_id", firstStage(e.target.value));
                else setValue("stage_id", row.stage_id);
                // Lease dates belong to rentals only (the database refuses them elsewhere).
                if (pipelines.find((p) => p.id === e.target.value)?.key !== RENTAL_PIPELINE_KEY) {
                  setValue("lease_start_date", "");
                  setValue("lease_end_date", "");
                }
              },
            })}
          >
            {pipelines.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {!row && (
          <Field label={L.stage_id} error={err("stage_id")} required>
            <NativeSelect {...register("stage_id")}>
              {stages
                .filter((s) => s.pipeline_id === pipelineId && s.outcome === "open" && !s.is_archived)
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.probability} %)
                  </option>
                ))}
            </NativeSelect>
          </Field>
        )}
        <Field
          label={L.value}
          error={err("value")}
          description={
            ghs !== null
              ? `≈ ${fmt.money(fromMinor(ghs), "GHS")} at ${usdRate()!.rate} (rate of ${fmt.date(usdRate()!.asOf)})`
              : "The price or the rent the deal is about."
          }
        >
          <Input {...register("value")} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field label={L.currency} error={err("currency")} required>
          <NativeSelect {...register("currency")}>
            {DEAL_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={L.expected_close_date} error={err("expected_close_date")}>
          <Input {...register("expected_close_date")} type="date" />
        </Field>
        <Field
          label={L.transaction_certificate_no}
          error={err("transaction_certificate_no")}
          description="The Real Estate Transaction Certificate of a completed sale or letting (Act 1047): listed on the annual transaction report."
        >
          <Input {...register("transaction_certificate_no")} autoComplete="off" />
        </Field>
        {isRental && (
          <>
            <Field label={L.lease_start_date} error={err("lease_start_date")}>
              <Input {...register("lease_start_date")} type="date" />
            </Field>
            <Field
              label={L.lease_end_date}
              error={err("lease_end_date")}
              description="The leads hunt brings up the tenant as the end nears."
            >
              <Input {...register("lease_end_date")} type="date" />
            </Field>
          </>
        )}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Who and what</legend>
        <Field label={L.contact_id} error={err("contact_id")}>
          {(controlProps) => (
            <Controller
              control={control}
              name="contact_id"
              render={({ field }) => (
                <RecordPicker
                  {...controlProps}
                  value={field.value}
                  onChange={field.onChange}
                  search={searchContacts}
                  resolve={contactName}
                  noun="contact"
                />
              )}
            />
          )}
        </Field>
        <Field label={L.property_id} error={err("property_id")}>
          {(controlProps) => (
            <Controller
              control={control}
              name="property_id"
              render={({ field }) => (
                <RecordPicker
                  {...controlProps}
                  value={field.value}
                  onChange={field.onChange}
                  search={searchProperties}
                  resolve={propertyName}
                  noun="listing"
                />
              )}
            />
          )}
        </Field>
        {role === "admin" && (
          <Field label={L.owner_id} error={err("owner_id")}>
            <NativeSelect {...register("owner_id")}>
              <option value="">No owner</option>
              {members.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <Field label={L.assignee_id} error={err("assignee_id")}>
          <NativeSelect {...register("assignee_id")}>
            <option value="">Nobody</option>
            {members.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Commission</legend>
        <Field label={L.commission_type} error={err("commission_type")} required>
          <NativeSelect {...register("commission_type")}>
            <option value="percent">A percentage of the value</option>
            <option value="fixed">A fixed amount</option>
          </NativeSelect>
        </Field>
        {commissionType === "percent" ? (
          <Field
            label={L.commission_rate}
            error={err("commission_rate")}
            description="Typically 5 % on a sale; the split is set on the deal's page."
          >
            <Input {...register("commission_rate")} inputMode="decimal" autoComplete="off" />
          </Field>
        ) : (
          <Field
            label={`${L.commission_amount} (${currency})`}
            error={err("commission_amount")}
            description="e.g. one month's rent on a letting."
          >
            <Input {...register("commission_amount")} inputMode="decimal" autoComplete="off" />
          </Field>
        )}
        <p className="self-end text-sm" data-testid="commission-preview">
          Commission:{" "}
          <span className="font-semibold tabular-nums">
            {commission !== null ? fmt.money(fromMinor(commission), currency) : "—"}
          </span>
        </p>
      </fieldset>

      <Field label={L.notes} error={err("notes")}>
        <Textarea {...register("notes")} rows={3} />
      </Field>
    </RecordForm>
  );
}
