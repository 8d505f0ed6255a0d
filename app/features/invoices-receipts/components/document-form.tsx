/**
 * A draft document's form: kind, client, currency, terms, rent-tax withholding, notes and the
 * lines (quantity, unit price, discount, tax class), with the taxes and totals computed as they
 * are typed by core's one calculation (computeInvoiceTotals) with the rates in force today — the
 * figures the database keeps when the draft is saved and issued. A credit note's draft edits only
 * its lines and reason.
 */
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useMemo } from "react";
import {
  useFieldArray,
  useWatch,
  type Control,
  type UseFormRegister,
  type FieldErrors,
} from "react-hook-form";
import { todayInAccra } from "#core/form-fields.ts";
import { CURRENCIES } from "#core/content-model.ts";
import {
  DEFAULT_PAYMENT_INSTRUCTIONS,
  documentFormSchema,
  WITHHOLDING_KINDS,
  WITHHOLDING_LABELS,
  type DocumentFormInput,
  type DocumentFormOutput,
  type DocumentRow,
  type ItemRow,
} from "#core/invoices-receipts/documents.ts";
import {
  computeInvoiceTotals,
  MissingTaxRatesError,
  ratePercentLabel,
  TAX_CLASS_LABELS,
  TAX_CLASSES,
  type TaxRateRow,
} from "#core/invoices-receipts/invoice-totals.ts";
import { formatMinor } from "#core/money/minor-units.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";

const BLANK_LINE = {
  description: "",
  quantity: "1",
  unit_price: "",
  discount_percent: "0",
  tax_class: "standard" as const,
};

export function formValues(doc: DocumentRow | null, items: ItemRow[], defaultTerms = 14): DocumentFormInput {
  return {
    kind: doc && doc.kind !== "credit_note" ? doc.kind : "invoice",
    currency: doc?.currency ?? "GHS",
    bill_to_name: doc?.bill_to_name ?? "",
    bill_to_email: doc?.bill_to_email ?? "",
    bill_to_phone: doc?.bill_to_phone ?? "",
    bill_to_address: doc?.bill_to_address ?? "",
    payment_terms_days: String(doc?.payment_terms_days ?? defaultTerms),
    withholding: doc?.withholding ?? "none",
    notes: doc?.notes ?? "",
    payment_instructions: doc ? (doc.payment_instructions ?? "") : DEFAULT_PAYMENT_INSTRUCTIONS,
    lines: items.length
      ? items.map((it) => ({
          description: it.description,
          quantity: String(Number(it.quantity)),
          unit_price: it.unit_price,
          discount_percent: String(Number(it.discount_percent)),
          tax_class: it.tax_class,
        }))
      : [BLANK_LINE],
  };
}

interface Props {
  doc: DocumentRow | null;
  items: ItemRow[];
  rates: TaxRateRow[];
  save: (values: DocumentFormOutput, version: string | null) => Promise<DocumentRow>;
  onSaved: (doc: DocumentRow) => void;
  reload?: () => Promise<unknown>;
  onCancel: () => void;
}

export function DocumentForm({ doc, items, rates, save, onSaved, reload, onCancel }: Props) {
  const creditNote = doc?.kind === "credit_note";
  const rf = useRecordForm({
    // A credit note keeps its client, currency and terms (they stay in the values, unedited; its
    // save writes only the lines and the reason).
    schema: documentFormSchema,
    values: formValues(doc, items),
    version: doc?.updated_at ?? null,
    save,
    onSaved,
    reload,
  });
  const { register, control, formState } = rf.form;
  const errors = formState.errors;
  const currency = useWatch({ control, name: "currency" }) ?? "GHS";
  return (
    <RecordForm
      state={rf}
      label={creditNote ? "Credit note" : doc ? "Edit draft" : "New document"}
      submitLabel={doc ? "Save draft" : "Create draft"}
      onCancel={onCancel}
    >
      {!creditNote && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Document</legend>
          <Field label="Kind" error={errorOf(errors, "kind")} required>
            <NativeSelect {...register("kind")}>
              <option value="invoice">Invoice</option>
              <option value="quote">Quotation</option>
              <option value="proforma">Proforma invoice</option>
            </NativeSelect>
          </Field>
          <Field
            label="Currency"
            error={errorOf(errors, "currency")}
            description="USD documents print the USD→GHS rate of their issue date."
            required
          >
            <NativeSelect {...register("currency")}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Client name" error={errorOf(errors, "bill_to_name")} required>
            <Input {...register("bill_to_name")} autoComplete="off" />
          </Field>
          <Field
            label="Client e-mail"
            error={errorOf(errors, "bill_to_email")}
            description="Where the document, reminders and receipts are sent."
          >
            <Input type="email" {...register("bill_to_email")} />
          </Field>
          <Field
            label="Client phone"
            error={errorOf(errors, "bill_to_phone")}
            description="For the WhatsApp link (+233…)."
          >
            <Input type="tel" {...register("bill_to_phone")} />
          </Field>
          <Field label="Client address" error={errorOf(errors, "bill_to_address")}>
            <Input {...register("bill_to_address")} />
          </Field>
          <Field
            label="Payment terms (days)"
            error={errorOf(errors, "payment_terms_days")}
            description="The due date is the issue date plus these days."
            required
          >
            <Input inputMode="numeric" {...register("payment_terms_days")} />
          </Field>
          <Field label="Rent tax" error={errorOf(errors, "withholding")}>
            <NativeSelect {...register("withholding")}>
              {WITHHOLDING_KINDS.map((w) => (
                <option key={w} value={w}>
                  {WITHHOLDING_LABELS[w]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </fieldset>
      )}
      <LinesEditor
        control={control as never}
        register={register as never}
        errors={errors}
        currency={currency}
        rates={rates}
      />
      <Field label={creditNote ? "Reason for the credit" : "Notes"} error={errorOf(errors, "notes")}>
        <Textarea rows={3} {...register("notes")} />
      </Field>
      {!creditNote && (
        <Field
          label="Payment instructions"
          error={errorOf(errors, "payment_instructions")}
          description="Bank and mobile money details printed on the document (no cash: Act 1047)."
        >
          <Textarea rows={3} {...register("payment_instructions")} />
        </Field>
      )}
    </RecordForm>
  );
}

type LinesForm = { lines: DocumentFormInput["lines"] };

function LinesEditor({
  control,
  register,
  errors,
  currency,
  rates,
}: {
  control: Control<LinesForm>;
  register: UseFormRegister<LinesForm>;
  errors: FieldErrors<DocumentFormInput>;
  currency: string;
  rates: TaxRateRow[];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const lines = useWatch({ control, name: "lines" });
  const totals = useMemo(() => {
    try {
      const valid = (lines ?? []).map((l) => ({
        ...l,
        quantity: l.quantity.replace(/,/g, "") || "0",
        unit_price: l.unit_price.replace(/,/g, "") || "0",
        discount_percent: l.discount_percent || "0",
      }));
      if (
        !valid.length ||
        valid.some(
          (l) =>
            !/^\d+(\.\d{1,2})?$/.test(l.quantity) ||
            !/^\d+(\.\d{1,2})?$/.test(l.unit_price) ||
            Number(l.quantity) <= 0,
        )
      )
        return null;
      return { ok: true as const, t: computeInvoiceTotals(valid, rates, todayInAccra()) };
    } catch (err) {
      return err instanceof MissingTaxRatesError ? { ok: false as const, message: err.message } : null;
    }
  }, [lines, rates]);
  const money = (m: number) => formatMinor(m, currency);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Lines</legend>
      {errors.lines?.message && <p className="text-sm text-destructive">{errors.lines.message}</p>}
      {fields.map((f, i) => (
        <div
          key={f.id}
          role="group"
          aria-label={`Line ${i + 1}`}
          className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_6rem_9rem_6rem_12rem_auto] sm:items-start"
        >
          <Field label="Description" error={errorOf(errors, `lines.${i}.description`)} required>
            <Input {...register(`lines.${i}.description`)} />
          </Field>
          <Field label="Quantity" error={errorOf(errors, `lines.${i}.quantity`)} required>
            <Input inputMode="decimal" {...register(`lines.${i}.quantity`)} />
          </Field>
          <Field label="Unit price" error={errorOf(errors, `lines.${i}.unit_price`)} required>
            <Input inputMode="decimal" {...register(`lines.${i}.unit_price`)} />
          </Field>
          <Field label="Discount %" error={errorOf(errors, `lines.${i}.discount_percent`)}>
            <Input inputMode="decimal" {...register(`lines.${i}.discount_percent`)} />
          </Field>
          <Field label="Tax class" error={errorOf(errors, `lines.${i}.tax_class`)} required>
            <NativeSelect {...register(`lines.${i}.tax_class`)}>
              {TAX_CLASSES.map((t) => (
                <option key={t} value={t}>
                  {TAX_CLASS_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="sm:mt-7"
            aria-label={`Remove line ${i + 1}`}
            onClick={() => remove(i)}
            disabled={fields.length === 1}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => append(BLANK_LINE)}
      >
        <PlusIcon aria-hidden="true" /> Add a line
      </Button>
      <div
        className="ml-auto w-full max-w-sm rounded-lg bg-muted/50 p-3 text-sm"
        aria-live="polite"
        data-testid="draft-totals"
      >
        {totals === null ? (
          <p className="text-muted-foreground">Totals appear when every line has a quantity and a price.</p>
        ) : !totals.ok ? (
          <p className="text-destructive">{totals.message}</p>
        ) : (
          <dl className="space-y-1">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{money(totals.t.subtotal_minor)}</dd>
            </div>
            {totals.t.taxes.map((t) => (
              <div key={`${t.tax_class}-${t.code}`} className="flex justify-between text-muted-foreground">
                <dt>
                  {t.name} {ratePercentLabel(t.rate)}
                </dt>
                <dd className="tabular-nums">{money(t.amount_minor)}</dd>
              </div>
            ))}
            <div className="flex justify-between border-t pt-1 font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums" data-testid="draft-total">
                {money(totals.t.total_minor)}
              </dd>
            </div>
          </dl>
        )}
      </div>
    </fieldset>
  );
}
