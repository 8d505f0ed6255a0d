/**
 * The field that links a record to another one — a listing, a business contact, a deal — picked by
 * search under the user's own RLS (so only records they may read are offered), as the record
 * forms (tasks, events, deals) kept writing it out: the kit's Field around a RecordPicker,
 * controlled by react-hook-form (the value is the id, "" for none).
 *
 *   <LookupField lookup="contact" control={control} name="contact_id" label={L.contact_id} error={err("contact_id")} />
 */
import type { ReactNode } from "react";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Field } from "#app/components/ui/field.tsx";
import { contactName, searchContacts } from "#app/lib/contact-lookup-api.ts";
import { dealName, searchDeals } from "#app/lib/deal-lookup-api.ts";
import { propertyName, searchProperties } from "#app/lib/property-lookup-api.ts";
import { RecordPicker } from "./record-picker.tsx";

const LOOKUPS = {
  property: { search: searchProperties, resolve: propertyName, noun: "property", placeholder: undefined },
  contact: {
    search: searchContacts,
    resolve: contactName,
    noun: "contact",
    placeholder: "Name, phone or e-mail",
  },
  deal: { search: searchDeals, resolve: dealName, noun: "deal", placeholder: "Deal title" },
} as const;

export function LookupField<V extends FieldValues>({
  lookup,
  control,
  name,
  label,
  error,
  required,
  description,
  noun,
  placeholder,
}: {
  lookup: keyof typeof LOOKUPS;
  control: Control<V, unknown, unknown>;
  name: FieldPath<V>;
  label: ReactNode;
  error?: string;
  required?: boolean;
  description?: ReactNode;
  /** What the picker calls the record, when not the lookup's own word ("listing"). */
  noun?: string;
  placeholder?: string;
}) {
  const l = LOOKUPS[lookup];
  return (
    <Field label={label} error={error} required={required} description={description}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <RecordPicker
              {...controlProps}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              search={l.search}
              resolve={l.resolve}
              noun={noun ?? l.noun}
              placeholder={placeholder ?? l.placeholder}
            />
          )}
        />
      )}
    </Field>
  );
}
