/**
 * The listing owner's contact (landlord or vendor): staff only, in its own table, saved on its
 * own (a second use of the record kit's form: the same stale-edit check and field messages).
 */
import {
  ownerContactFormSchema,
  ownerContactFormValues,
  type OwnerContactRow,
} from "#core/properties/property-schema.ts";
import { PROPERTY_FIELD_LABELS as L } from "#core/properties/property-fields.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { saveOwnerContact } from "../api/properties-api.ts";

export function OwnerContactForm({
  propertyId,
  row,
  onSaved,
  reload,
}: {
  propertyId: string;
  row: OwnerContactRow | null;
  onSaved: (row: OwnerContactRow) => void;
  reload: () => Promise<unknown>;
}) {
  const rf = useRecordForm({
    schema: ownerContactFormSchema,
    values: ownerContactFormValues(row),
    version: row?.updated_at ?? null,
    save: (values, version) => saveOwnerContact(propertyId, version, values),
    onSaved,
    reload,
    fieldLabels: { name: L.owner_name, phone: L.owner_phone, email: L.owner_email },
  });
  const { register, formState } = rf.form;
  return (
    <RecordForm state={rf} label="Owner's contact" submitLabel="Save owner">
      <p className="text-sm text-muted-foreground">Seen by staff only; never on the public site.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={L.owner_name} error={errorOf(formState.errors, "name")}>
          <Input {...register("name")} autoComplete="off" />
        </Field>
        <Field
          label={L.owner_phone}
          error={errorOf(formState.errors, "phone")}
          description="e.g. 024 412 3456 or +44 20 7946 0958"
        >
          <Input {...register("phone")} type="tel" autoComplete="off" />
        </Field>
        <Field label={L.owner_email} error={errorOf(formState.errors, "email")}>
          <Input {...register("email")} type="email" autoComplete="off" />
        </Field>
        <div className="sm:col-span-2">
          <Field
            label="Notes"
            error={errorOf(formState.errors, "notes")}
            description="Terms agreed, best time to call…"
          >
            <Textarea {...register("notes")} rows={3} />
          </Field>
        </div>
      </div>
    </RecordForm>
  );
}
