/**
 * /payments/new: record a payment (optionally for the invoice of ?invoice=). /payments/:id: the
 * receipt — printable, its PDF, refunds with a reason (a negative payment), and held client
 * credit applied to another open invoice.
 */
import { ArrowLeftIcon, FileDownIcon, PrinterIcon, Undo2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { formatMinor, minorToDecimal } from "#core/money/minor-units.ts";
import { outstandingMinor } from "#core/money/documents.ts";
import {
  applyCreditSchema,
  MOMO_NETWORK_LABELS,
  MOMO_NETWORKS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  refundFormSchema,
  type RefundFormInput,
} from "#core/money/payments.ts";
import { receiptPdfPath } from "#core/money/public-documents.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { kickJobs } from "#app/lib/kick-jobs-api.ts";
import { PaymentForm } from "./components/payment-form.tsx";
import { useApplyCredit, useRefundPayment } from "./hooks/payment-mutations.ts";
import { ReceiptView } from "./components/receipt-view.tsx";
import {
  useClientOpenInvoices,
  useHeldCredit,
  useMoneyMoved,
  usePayment,
  useReceipt,
  useRefunds,
} from "./hooks/payment-queries.ts";

/** What an allocation's history shows: which invoice, and how much (negative when taken back). */
const ALLOCATION_FIELDS = { invoice_id: "Invoice", amount: "Amount" };

export const receiptPath = (id: string) => `/payments/${id}`;

export default function PaymentPage() {
  const { id } = useParams();
  return id ? <Receipt id={id} /> : <NewPayment />;
}

function Back() {
  return (
    <Link
      to="/payments"
      className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground print:hidden"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" /> Payments
    </Link>
  );
}

function NewPayment() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <Back />
      <h1 className="text-2xl font-semibold tracking-tight">Record a payment</h1>
      <PaymentForm
        invoiceId={params.get("invoice")}
        onRecorded={(id) => void navigate(receiptPath(id), { replace: true })}
      />
    </div>
  );
}

function Receipt({ id }: { id: string }) {
  const payment = usePayment(id);
  const receipt = useReceipt(id);
  const refunds = useRefunds(id);
  const credit = useHeldCredit(id);
  const [refunding, setRefunding] = useState(false);
  if (payment.isError)
    return (
      <Alert variant="destructive">
        Could not load this payment: {describeDbError(payment.error).message}
      </Alert>
    );
  if (!payment.data || receipt.data === undefined) return <Skeleton className="h-96 w-full" />;
  const p = payment.data;
  const refundable = p.amount + (refunds.data ?? []).reduce((s, r) => s + r.amount, 0);
  return (
    <div className="flex flex-col gap-4">
      <Back />
      <header className="flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="text-2xl font-semibold tracking-tight">
          {p.kind === "refund" ? "Refund" : "Receipt"} {p.number}
        </h1>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={`${receiptPdfPath(p.id)}?download=1`} download={`${p.number}.pdf`}>
              <FileDownIcon aria-hidden="true" /> Download PDF
            </a>
          </Button>
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <PrinterIcon aria-hidden="true" /> Print
          </Button>
          {p.kind === "payment" && refundable > 0 && (
            <Button variant="outline" size="sm" onClick={() => setRefunding(true)}>
              <Undo2Icon aria-hidden="true" /> Refund
            </Button>
          )}
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] print:block">
        {receipt.data ? <ReceiptView receipt={receipt.data} /> : <Alert>No receipt.</Alert>}
        <aside className="flex flex-col gap-4 print:hidden">
          {p.kind === "payment" && (credit.data ?? 0) > 0 && (
            <ApplyCredit
              paymentId={p.id}
              credit={credit.data!}
              currency={p.currency}
              clientKey={p.client_key}
              payer={p.payer_name}
            />
          )}
          {(refunds.data ?? []).length > 0 && (
            <section className="rounded-lg border p-3 text-sm">
              <h2 className="mb-2 font-semibold">Refunds</h2>
              <ul>
                {refunds.data!.map((r) => (
                  <li key={r.id}>
                    <Link to={receiptPath(r.id)} className="underline">
                      {r.number}
                    </Link>{" "}
                    {formatMinor(-r.amount, r.currency)} · {r.refund_reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="rounded-lg border p-3">
            <h2 className="mb-2 font-semibold">History</h2>
            <RecordHistory table="payments" recordId={p.id} currency={p.currency} />
          </section>
          <section className="rounded-lg border p-3" aria-labelledby="alloc-h">
            <h2 id="alloc-h" className="mb-2 font-semibold">
              Applied to invoices
            </h2>
            <RecordHistory
              table="payment_allocations"
              recordId={p.id}
              fieldLabels={ALLOCATION_FIELDS}
              onlyLabelled
            />
          </section>
        </aside>
      </div>
      {refunding && (
        <RefundDialog
          id={p.id}
          number={p.number}
          currency={p.currency}
          max={refundable}
          onClose={() => setRefunding(false)}
        />
      )}
    </div>
  );
}

/** Held credit onto another open invoice of the same client (the database refuses any other). */
function ApplyCredit({
  paymentId,
  credit,
  currency,
  clientKey,
  payer,
}: {
  paymentId: string;
  credit: number;
  currency: string;
  clientKey: string;
  payer: string;
}) {
  const open = useClientOpenInvoices(clientKey, currency);
  const moved = useMoneyMoved();
  const [target, setTarget] = useState("");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const choose = (id: string) => {
    setTarget(id);
    setError(null);
    const inv = open.data?.find((i) => i.id === id);
    setAmount(inv ? minorToDecimal(Math.min(credit, outstandingMinor(inv))) : "");
  };
  const apply = useApplyCredit(paymentId, target, {
    onSuccess: () => {
      toast.success("Credit applied");
      setTarget("");
      setAmount("");
      moved([paymentId, target]);
    },
  });
  const choices = open.data ?? [];
  return (
    <section className="rounded-lg border p-3 text-sm" aria-labelledby="credit-h">
      <h2 id="credit-h" className="mb-1 font-semibold" data-testid="held-credit">
        Client credit held: {formatMinor(credit, currency)}
      </h2>
      <p className="mb-2 text-muted-foreground">{payer}'s money: it goes only to their own open invoices.</p>
      {open.isSuccess && choices.length === 0 ? (
        <p className="text-muted-foreground">No open {currency} invoice of this client yet.</p>
      ) : (
        <form
          aria-label="Apply client credit"
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const inv = choices.find((i) => i.id === target);
            const r = applyCreditSchema(credit, inv ? outstandingMinor(inv) : 0, currency).safeParse({
              invoice_id: target,
              amount,
            });
            if (!r.success) return setError(r.error.issues[0]?.message ?? "Check the amount.");
            setError(null);
            apply.mutate(r.data.amount);
          }}
        >
          <Field label="Apply it to">
            <NativeSelect value={target} onChange={(e) => choose(e.target.value)}>
              <option value="">Choose an open invoice…</option>
              {choices.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.number} · owes {formatMinor(outstandingMinor(i), i.currency)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Amount to apply" error={error ?? undefined}>
            <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Button type="submit" size="sm" disabled={!target || apply.isPending}>
            Apply credit
          </Button>
        </form>
      )}
    </section>
  );
}

function RefundDialog({
  id,
  number,
  currency,
  max,
  onClose,
}: {
  id: string;
  number: string;
  currency: string;
  max: number;
  onClose: () => void;
}) {
  const [v, setV] = useState<RefundFormInput>({
    amount: minorToDecimal(max),
    reason: "",
    method: "bank_transfer",
    momo_network: "",
    reference: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const moved = useMoneyMoved();
  const navigate = useNavigate();
  const m = useRefundPayment(id, {
    onSuccess: (r) => {
      toast.success(`Refund ${r.number} recorded`);
      kickJobs();
      moved([id, r.id]);
      onClose();
      void navigate(receiptPath(r.id));
    },
  });
  const set = (k: keyof RefundFormInput) => (e: { target: { value: string } }) =>
    setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refund {number}</DialogTitle>
          <DialogDescription>
            At most {formatMinor(max, currency)}. Held credit is refunded first, then the invoices it paid
            reopen.
          </DialogDescription>
        </DialogHeader>
        <form
          aria-label="Refund"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const r = refundFormSchema.safeParse(v);
            if (!r.success)
              return setErrors(Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message])));
            if (r.data.amount > max) return setErrors({ amount: `At most ${formatMinor(max, currency)}` });
            m.mutate(r.data);
          }}
        >
          <Field label="Amount" error={errors.amount} required>
            <Input inputMode="decimal" value={v.amount} onChange={set("amount")} />
          </Field>
          <Field label="Reason" error={errors.reason} required>
            <Input value={v.reason} onChange={set("reason")} />
          </Field>
          <Field label="Paid back by" error={errors.method} required>
            <NativeSelect value={v.method} onChange={set("method")}>
              {PAYMENT_METHODS.map((x) => (
                <option key={x} value={x}>
                  {PAYMENT_METHOD_LABELS[x]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {v.method === "mobile_money" && (
            <Field label="Network" error={errors.momo_network}>
              <NativeSelect value={v.momo_network} onChange={set("momo_network")}>
                <option value="">Choose…</option>
                {MOMO_NETWORKS.map((n) => (
                  <option key={n} value={n}>
                    {MOMO_NETWORK_LABELS[n]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
          <Field label="Reference" error={errors.reference}>
            <Input value={v.reference} onChange={set("reference")} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={m.isPending}>
              Record refund
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
