/**
 * A partner's details (create and edit): agency or independent agent, REAC licence number and
 * expiry, contacts, the usual commission split and terms, status — core's partner schema, messages
 * at each field, the stale-edit check.
 */
import type { Path } from "react-hook-form";
import {
  PARTNER_KIND_LABELS,
  PARTNER_KINDS,
  PARTNER_STATUS_LABELS,
  PARTNER_STATUSES,
  partnerFormSchema,
  partnerFormValues,
  type PartnerFormInput,
  type PartnerFormOutput,
  type PartnerRow,
} from "#core/collaboration-management/partner-schema.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";

const LABELS = {
  kind: "Kind",
  name: "Name",
  reac_licence_number: "REAC licence number",
  licence_expires_on: "Licence expires",
  email: "Email",
  phone: "Phone",
  address: "Address",
  city: "City",
  default_split_percent: "Usual split (%)",
  commission_terms: "Commission terms",
  status: "Status",
} as const;

export function PartnerForm({
  row,
  save,
  onSaved,
  onCancel,
  reload,
}: {
  row: PartnerRow | null;
  save: (values: PartnerFormOutput, version: string | null) => Promise<PartnerRow>;
  onSaved: (row: PartnerRow) => void;
  onCancel?: () => void;
  reload?: () => Promise<unknown>;
}) {
  const rf = useRecordForm({
    schema: partnerFormSchema,
    values: partnerFormValues(row),
    version: row?.updated_at ?? null,
    save,
    onSaved,
    reload,
    fieldLabels: LABELS,
  });
  const { register, formState } = rf.form;
  const err = (name: Path<PartnerFormInput>) => errorOf(formState.errors, name);
  const text = (
    name: Path<PartnerFormInput> & keyof typeof LABELS,
    opts: { required?: boolean; type?: string; placeholder?: string; inputMode?: "decimal" } = {},
  ) => (
    <Field label={LABELS[name]} error={err(name)} required={opts.required}>
      <Input
        {...register(name)}
        type={opts.type}
        placeholder={opts.placeholder}
        inputMode={opts.inputMode}
        autoComplete="off"
      />
    </Field>
  );
  return (
    <RecordForm
      state={rf}
      label={row ? "Partner details" : "New partner"}
      submitLabel={row ? "Save changes" : "Create partner"}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={LABELS.kind} error={err("kind")} required>
          <NativeSelect {...register("kind")}>
            {PARTNER_KINDS.map((k) => (
              <option key={k} value={k}>
                {PARTNER_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {text("name", { required: true, placeholder: "e.g. Adinkra Homes Ltd" })}
        {text("reac_licence_number", { required: true, placeholder: "REAC/AG/2025/00417" })}
        {text("licence_expires_on", { type: "date" })}
        {text("email", { type: "email" })}
        {text("phone", { placeholder: "+233 24 123 4567" })}
        {text("city")}
        {text("address")}
        {text("default_split_percent", { required: true, inputMode: "decimal" })}
        <Field label={LABELS.status} error={err("status")} required>
          <NativeSelect {...register("status")}>
            {PARTNER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PARTNER_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field label={LABELS.commission_terms} error={err("commission_terms")}>
        <Textarea rows={3} {...register("commission_terms")} />
      </Field>
    </RecordForm>
  );
}
