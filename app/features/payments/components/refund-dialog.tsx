/** A refund of a payment with its reason (a negative payment); the refund's own receipt opens after. */
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatMinor, minorToDecimal } from "#core/money/minor-units.ts";
import {
  MOMO_NETWORK_LABELS,
  MOMO_NETWORKS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  refundFormSchema,
  type RefundFormInput,
} from "#core/payments/payments.ts";
import { recordPath } from "#core/records/record-links.ts";
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
import { kickJobs } from "#app/lib/kick-jobs-api.ts";
import { toast } from "#app/lib/toast.ts";
import { useRefundPayment } from "../hooks/payment-mutations.ts";
import { useMoneyMoved } from "../hooks/payment-queries.ts";

export function RefundDialog({
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
      void navigate(recordPath("payments", r.id)!);
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
