/**
 * Recording a payment: the invoices it pays (found by number or client; one may come from the
 * invoice's page), the amount spread over them oldest first (each amount editable), how it was
 * paid — mobile money with its network, bank transfer, card or cheque, never cash — the day, the
 * account it reached and the receipt by e-mail. A payment above what the invoices owe needs the
 * explicit "hold the excess as client credit"; core's paymentProblem says so before the
 * database refuses it.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { XIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import { todayInAccra } from "#core/form-fields.ts";
import { formatMinor, minorToDecimal, toMinor } from "#core/money/minor-units.ts";
import {
  allocateOldestFirst,
  MOMO_NETWORK_LABELS,
  MOMO_NETWORKS,
  NO_CASH_NOTE,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  paymentFormSchema,
  paymentProblem,
  type PaymentFormInput,
  type PaymentFormOutput,
} from "#core/payments/payments.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { errorOf } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { kickJobs } from "#app/lib/kick-jobs-api.ts";
import { asOpenInvoice, outstandingOf, type OpenInvoiceRow } from "../api/payments-api.ts";
import { useRecordPayment } from "../hooks/payment-mutations.ts";
import { useAccounts, useMoneyMoved, useOpenInvoice, useOpenInvoices } from "../hooks/payment-queries.ts";

export function PaymentForm({
  invoiceId,
  onRecorded,
}: {
  invoiceId: string | null;
  onRecorded: (id: string) => void;
}) {
  const [selected, setSelected] = useState<OpenInvoiceRow[]>([]);
  const [term, setTerm] = useState("");
  const first = useOpenInvoice(invoiceId);
  const found = useOpenInvoices(term);
  const accounts = useAccounts();
  const moved = useMoneyMoved();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<PaymentFormInput, unknown, PaymentFormOutput>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: {
      amount: "",
      currency: "GHS",
      method: "mobile_money",
      momo_network: "",
      reference: "",
      paid_on: todayInAccra(),
      account_id: "",
      payer_name: "",
      payer_email: "",
      notes: "",
      allocations: [],
      hold_excess_as_credit: false,
      email_receipt: true,
    },
  });
  const { register, control, setValue, formState } = form;
  const errors = formState.errors;
  const [amount, method, hold, allocations, currency, emailReceipt] = useWatch({
    control,
    name: ["amount", "method", "hold_excess_as_credit", "allocations", "currency", "email_receipt"],
  });

  useEffect(() => {
    if (first.data && !selected.some((s) => s.id === first.data!.id)) {
      setSelected([first.data]);
      setValue("currency", first.data.currency);
      setValue("amount", minorToDecimal(outstandingOf(first.data)));
    }
    // Once, when the invoice of the page arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first.data]);

  // The amount is spread over the chosen invoices, the oldest due first.
  const amountMinor = useMemo(() => {
    try {
      return toMinor((amount ?? "").replace(/,/g, "") || "0");
    } catch {
      return 0;
    }
  }, [amount]);
  useEffect(() => {
    const plan = allocateOldestFirst(amountMinor, selected.map(asOpenInvoice));
    setValue(
      "allocations",
      selected.map((s) => ({
        invoice_id: s.id,
        amount: minorToDecimal(plan.allocations.find((a) => a.invoice_id === s.id)?.amount ?? 0),
      })),
    );
  }, [amountMinor, selected, setValue]);

  const problem = useMemo(() => {
    try {
      const allocs = (allocations ?? [])
        .map((a) => ({
          invoice: asOpenInvoice(selected.find((s) => s.id === a.invoice_id)!),
          amount: toMinor(a.amount || "0"),
        }))
        .filter((a) => a.invoice && a.amount > 0);
      return paymentProblem(amountMinor, currency, allocs, !!hold);
    } catch {
      return null;
    }
  }, [allocations, amountMinor, currency, hold, selected]);

  const save = useRecordPayment(selected, {
    onSuccess: (r, v) => {
      toast.success(`Receipt ${r.number} issued`, {
        description:
          r.held_as_credit > 0
            ? `${formatMinor(r.held_as_credit, v.currency)} held as client credit.`
            : r.receipt_email_id
              ? "The receipt is on its way by e-mail."
              : undefined,
      });
      if (r.receipt_email_id) kickJobs();
      moved([r.id]);
      onRecorded(r.id);
    },
    onError: (err) => setFormError(describeDbError(err).message),
  });

  const add = (inv: OpenInvoiceRow) => {
    if (selected.some((s) => s.id === inv.id)) return;
    if (selected.length && selected[0]!.currency !== inv.currency)
      return toast.error(`${inv.number} is in ${inv.currency}: one payment is in one currency`);
    setSelected((s) => [...s, inv]);
    setValue("currency", inv.currency);
  };

  return (
    <form
      noValidate
      aria-label="Record a payment"
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((v) => {
        setFormError(null);
        if (problem) return setFormError(problem.message);
        save.mutate(v);
      })}
    >
      {formError && (
        <Alert variant="destructive" data-testid="payment-form-error">
          {formError}
        </Alert>
      )}
      <section aria-labelledby="inv-h" className="flex flex-col gap-3">
        <h2 id="inv-h" className="font-semibold">
          Invoices paid
        </h2>
        <ul className="flex flex-col gap-2" aria-label="Chosen invoices">
          {selected.map((s, i) => (
            <li
              key={s.id}
              className="grid items-end gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_12rem_auto]"
            >
              <div>
                <p className="font-mono font-medium">{s.number}</p>
                <p className="text-sm text-muted-foreground">
                  {s.bill_to_name} · owes {formatMinor(outstandingOf(s), s.currency)}
                </p>
              </div>
              <Field label={`Amount for ${s.number}`} error={errorOf(errors, `allocations.${i}.amount`)}>
                <Input inputMode="decimal" {...register(`allocations.${i}.amount`)} />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${s.number}`}
                onClick={() => setSelected((all) => all.filter((x) => x.id !== s.id))}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <Field label="Find an invoice" description="By number or client; open invoices only.">
          <Input
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder="INV-2026-… or a name"
          />
        </Field>
        <ul className="flex flex-col gap-1" aria-label="Open invoices found">
          {(found.data ?? [])
            .filter((f) => !selected.some((s) => s.id === f.id))
            .slice(0, 6)
            .map((f) => (
              <li key={f.id}>
                <Button type="button" variant="outline" size="sm" onClick={() => add(f)}>
                  Add {f.number} · {f.bill_to_name} · {formatMinor(outstandingOf(f), f.currency)}
                </Button>
              </li>
            ))}
        </ul>
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={`Amount received (${currency})`} error={errorOf(errors, "amount")} required>
          <Input inputMode="decimal" {...register("amount")} />
        </Field>
        <Field label="Paid on" error={errorOf(errors, "paid_on")} required>
          <Input type="date" max={todayInAccra()} {...register("paid_on")} />
        </Field>
        <Field label="Method" error={errorOf(errors, "method")} description={NO_CASH_NOTE} required>
          <NativeSelect {...register("method")}>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {method === "mobile_money" && (
          <Field label="Network" error={errorOf(errors, "momo_network")} required>
            <NativeSelect {...register("momo_network")}>
              <option value="">Choose…</option>
              {MOMO_NETWORKS.map((n) => (
                <option key={n} value={n}>
                  {MOMO_NETWORK_LABELS[n]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <Field
          label="Reference"
          error={errorOf(errors, "reference")}
          description="Transaction id, transfer reference or cheque number."
        >
          <Input {...register("reference")} />
        </Field>
        <Field label="Received into" error={errorOf(errors, "account_id")}>
          <NativeSelect {...register("account_id")}>
            <option value="">Not said</option>
            {(accounts.data ?? [])
              .filter((a) => a.kind !== "client_trust")
              .map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
          </NativeSelect>
        </Field>
        <Field label="Payer (if not the client)" error={errorOf(errors, "payer_name")}>
          <Input {...register("payer_name")} />
        </Field>
        <Field
          label="Receipt to (e-mail)"
          error={errorOf(errors, "payer_email")}
          description="Empty: the invoice's address."
        >
          <Input type="email" {...register("payer_email")} />
        </Field>
      </div>
      <Field label="Notes" error={errorOf(errors, "notes")}>
        <Textarea rows={2} {...register("notes")} />
      </Field>
      {problem && (
        <p className="text-sm text-amber-800" role="status">
          {problem.message}
        </p>
      )}
      <Field
        label="Hold the excess as client credit"
        orientation="horizontal"
        error={errorOf(errors, "hold_excess_as_credit")}
      >
        {(control) => (
          <Checkbox
            {...control}
            checked={!!hold}
            onCheckedChange={(c) => setValue("hold_excess_as_credit", c === true)}
          />
        )}
      </Field>
      <Field label="E-mail the receipt (PDF attached)" orientation="horizontal">
        {(c) => (
          <Checkbox
            {...c}
            checked={!!emailReceipt}
            onCheckedChange={(v) => setValue("email_receipt", v === true)}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2 border-t pt-4">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Recording…" : "Record payment and issue receipt"}
        </Button>
      </div>
    </form>
  );
}
