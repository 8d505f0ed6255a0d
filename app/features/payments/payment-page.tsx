/**
 * /payments/new: record a payment (optionally for the invoice of ?invoice=). /payments/:id: the
 * receipt on the record kit's engine — its summary (amount, what is refundable, paid on, method,
 * payer, who recorded it) with PDF, print and refund (with a reason: a negative payment), then
 * tabs: the printable receipt with the client credit it holds (applied to another open invoice),
 * its refunds and allocations; and its history.
 */
import { useNavigate, useParams, useSearchParams } from "react-router";
import type { PaymentRow } from "#core/payments/payments.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { defineRecordPage, RecordFrame, RecordPage } from "#app/components/records/record-page.tsx";
import { PaymentForm } from "./components/payment-form.tsx";
import { ReceiptTab } from "./components/receipt-tab.tsx";
import { PAYMENTS_PATH, ReceiptActions, ReceiptSummary, receiptPath } from "./components/receipt-summary.tsx";
import { usePayment } from "./hooks/payment-queries.ts";

const BACK = { to: PAYMENTS_PATH, label: "Payments" };

const RECEIPT_PAGE = defineRecordPage<PaymentRow>({
  noun: "payment",
  back: BACK,
  useRecord: usePayment,
  title: (p) => `${p.kind === "refund" ? "Refund" : "Receipt"} ${p.number}`,
  Summary: ReceiptSummary,
  Actions: ReceiptActions,
  tabs: [
    { id: "receipt", label: "Receipt", content: ReceiptTab },
    {
      id: "history",
      label: "History",
      content: ({ row }) => <RecordHistory table="payments" recordId={row.id} currency={row.currency} />,
    },
  ],
});

export default function PaymentPage() {
  const { id } = useParams();
  return id ? <RecordPage definition={RECEIPT_PAGE} id={id} /> : <NewPayment />;
}

function NewPayment() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <RecordFrame back={BACK} title="Record a payment">
      <div className="max-w-3xl">
        <PaymentForm
          invoiceId={params.get("invoice")}
          onRecorded={(id) => void navigate(receiptPath(id), { replace: true })}
        />
      </div>
    </RecordFrame>
  );
}
