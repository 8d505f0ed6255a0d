/**
 * The receipt tab of a payment's record page: the receipt as printed beside the client credit it
 * holds (applied to another open invoice of the same client), its refunds and the invoices it
 * was applied to (the allocations' own history).
 */
import { useState } from "react";
import { Link } from "react-router";
import { outstandingMinor } from "#core/invoices-receipts/documents.ts";
import { formatMinor, minorToDecimal } from "#core/money/minor-units.ts";
import { applyCreditSchema, type PaymentRow } from "#core/payments/payments.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { toast } from "#app/lib/toast.ts";
import { useApplyCredit } from "../hooks/payment-mutations.ts";
import {
  useClientOpenInvoices,
  useHeldCredit,
  useMoneyMoved,
  useReceipt,
  useRefunds,
} from "../hooks/payment-queries.ts";
import { receiptPath } from "./receipt-summary.tsx";
import { ReceiptView } from "./receipt-view.tsx";

/** What an allocation's history shows: which invoice, and how much (negative when taken back). */
const ALLOCATION_FIELDS = { invoice_id: "Invoice", amount: "Amount" };

export function ReceiptTab({ row: p }: { row: PaymentRow }) {
  const receipt = useReceipt(p.id);
  const refunds = useRefunds(p.id);
  const credit = useHeldCredit(p.id);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem] print:block">
      {receipt.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : receipt.data ? (
        <ReceiptView receipt={receipt.data} />
      ) : (
        <Alert>No receipt.</Alert>
      )}
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
