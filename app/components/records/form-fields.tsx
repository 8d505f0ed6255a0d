/**
 * The field blocks the record forms kept writing out (listings, hunts, tasks, events, co-broke
 * deals): a text or number box, a few lines of text, and a select over a fixed list of values shown with their labels — money (amount,
 * currency), areas, types and statuses. Each is the kit's Field (label, description, error,
 * required, wired for assistive technology) around the control, registered with react-hook-form.
 *
 *   <TextField label={L.price} error={err("price")} registration={register("price")} inputMode="decimal" />
 *   <OptionsField label={L.currency} error={err("currency")} required registration={register("currency")} values={CURRENCIES} />
 *   <TextAreaField label={L.description} error={err("description")} registration={register("description")} />
 *   <CheckboxField label={L.is_active} error={err("is_active")} control={control} name="is_active" />
 *   <LoadedOptionsField label={L.agent_id} control={control} name="agent_id" empty="No agent" options={team} />
 */
import type { ReactNode } from "react";
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormRegisterReturn,
} from "react-hook-form";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";

interface FieldFrame {
  label: ReactNode;
  error?: string;
  required?: boolean;
  description?: ReactNode;
  /** `register(name)` of the form. */
  registration: UseFormRegisterReturn;
}

/** A typed value: text, or a number with the phone keyboard it needs (`numeric`, `decimal`). */
export function TextField({
  label,
  error,
  required,
  description,
  registration,
  inputMode,
  placeholder,
}: FieldFrame & { inputMode?: "numeric" | "decimal"; placeholder?: string }) {
  return (
    <Field label={label} error={error} required={required} description={description}>
      <Input {...registration} inputMode={inputMode} placeholder={placeholder} autoComplete="off" />
    </Field>
  );
}

/** Free text over a few lines (a description, notes). */
export function TextAreaField({
  label,
  error,
  required,
  description,
  registration,
  rows = 3,
}: FieldFrame & { rows?: number }) {
  return (
    <Field label={label} error={error} required={required} description={description}>
      <Textarea rows={rows} {...registration} />
    </Field>
  );
}

/** One of a fixed list (`values`, shown with `labels` when given); `empty` adds a first "none" choice. */
export function OptionsField<V extends string>({
  label,
  error,
  required,
  description,
  registration,
  values,
  labels,
  empty,
}: FieldFrame & { values: readonly V[]; labels?: Readonly<Record<V, string>>; empty?: string }) {
  return (
    <Field label={label} error={error} required={required} description={description}>
      <NativeSelect {...registration}>
        {empty !== undefined && <option value="">{empty}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {labels?.[v] ?? v}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** A yes/no field of the form (a boolean), label beside the box. */
export function CheckboxField<V extends FieldValues>({
  label,
  error,
  control,
  name,
}: {
  label: ReactNode;
  error?: string;
  control: Control<V, unknown, unknown>;
  name: FieldPath<V>;
}) {
  return (
    <Field label={label} orientation="horizontal" error={error}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              {...controlProps}
              checked={field.value === true}
              onCheckedChange={(v) => field.onChange(v === true)}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );
}

/**
 * One of a list that loads after the form (the team, open requests), as a controlled select: a
 * native select keeps a value only while its option exists, so a registered one would lose the
 * saved value before the options arrive.
 */
export function LoadedOptionsField<V extends FieldValues>({
  label,
  error,
  control,
  name,
  empty,
  options,
}: {
  label: ReactNode;
  error?: string;
  control: Control<V, unknown, unknown>;
  name: FieldPath<V>;
  /** The first choice, for none ("Nobody yet"). */
  empty: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field label={label} error={error}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <NativeSelect
              {...controlProps}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            >
              <option value="">{empty}</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      )}
    </Field>
  );
}
