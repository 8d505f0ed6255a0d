/**
 * A payment's summary header: the amount (a refund's as taken back), what may still be refunded,
 * the day it was paid, how (method and network, reference), who paid and who recorded it; and
 * its quick actions — the PDF, print, and a refund of what is left.
 */
import { FileDownIcon, PrinterIcon, Undo2Icon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatMinor } from "#core/money/minor-units.ts";
import { methodLabel, type PaymentRow } from "#core/payments/payments.ts";
import { receiptPdfPath } from "#core/invoices-receipts/public-documents.ts";
import { OwnerFact, SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useRefunds } from "../hooks/payment-queries.ts";
import { RefundDialog } from "./refund-dialog.tsx";

export const PAYMENTS_PATH = "/payments";
export const receiptPath = (id: string) => `${PAYMENTS_PATH}/${id}`;

/** What is left to refund: the amount less the refunds already recorded (they are negative). */
function useRefundable(p: PaymentRow): number | undefined {
  const refunds = useRefunds(p.id);
  if (p.kind !== "payment") return 0;
  return refunds.data ? p.amount + refunds.data.reduce((s, r) => s + r.amount, 0) : undefined;
}

export function ReceiptSummary({ row: p }: { row: PaymentRow }) {
  const fmt = useFormatters();
  const refundable = useRefundable(p);
  return (
    <SummaryFacts>
      <SummaryFact label={p.kind === "refund" ? "Refunded" : "Amount"}>
        <span className="font-medium tabular-nums">{formatMinor(Math.abs(p.amount), p.currency)}</span>
      </SummaryFact>
      {p.kind === "payment" && refundable !== undefined && refundable < p.amount && (
        <SummaryFact label="Left after refunds">
          <span className="tabular-nums">{formatMinor(refundable, p.currency)}</span>
        </SummaryFact>
      )}
      {p.kind === "refund" && p.refund_of && (
        <SummaryFact label="Refund of">
          <Link to={receiptPath(p.refund_of)} className="underline-offset-4 hover:underline">
            The payment
          </Link>
          {p.refund_reason && <span className="text-muted-foreground">· {p.refund_reason}</span>}
        </SummaryFact>
      )}
      <SummaryFact label="Paid on">{fmt.date(p.paid_on)}</SummaryFact>
      <SummaryFact label="Method">
        {methodLabel(p.method, p.momo_network)}
        {p.reference && <span className="text-muted-foreground">· {p.reference}</span>}
      </SummaryFact>
      <SummaryFact label="Payer">{p.payer_name}</SummaryFact>
      <OwnerFact ownerId={p.recorded_by} label="Recorded by" />
    </SummaryFacts>
  );
}

export function ReceiptActions({ row: p }: { row: PaymentRow }) {
  const refundable = useRefundable(p) ?? 0;
  const [refunding, setRefunding] = useState(false);
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <a href={`${receiptPdfPath(p.id)}?download=1`} download={`${p.number}.pdf`}>
          <FileDownIcon aria-hidden="true" /> Download PDF
        </a>
      </Button>
      <Button variant="outline" size="sm" onClick={() => window.print()}>
        <PrinterIcon aria-hidden="true" /> Print
      </Button>
      {refundable > 0 && (
        <Button variant="outline" size="sm" onClick={() => setRefunding(true)}>
          <Undo2Icon aria-hidden="true" /> Refund
        </Button>
      )}
      {refunding && (
        <RefundDialog
          id={p.id}
          number={p.number}
          currency={p.currency}
          max={refundable}
          onClose={() => setRefunding(false)}
        />
      )}
    </>
  );
}
