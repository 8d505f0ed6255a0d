/**
 * A receipt (or refund note) as printed: the same figures as its PDF (get_public_receipt) —
 * amount, method and network, reference, the invoices it paid and what they still owe, client
 * credit held.
 */
import { COMPANY } from "#core/constants.ts";
import { COMPANY_TIN, NO_CASH_FOOTNOTE } from "#core/invoices-receipts/company-tax.ts";
import { formatMinor } from "#core/money/minor-units.ts";
import { methodLabel } from "#core/payments/payments.ts";
import type { PublicReceipt } from "#core/invoices-receipts/public-documents.ts";
import { useFormatters } from "#app/lib/format.ts";
import { siteConfig } from "#app/lib/site-config.ts";

export function ReceiptView({ receipt }: { receipt: PublicReceipt }) {
  const fmt = useFormatters();
  const money = (m: number) => formatMinor(m, receipt.currency);
  const refund = receipt.kind === "refund";
  return (
    <article
      aria-label={`${refund ? "Refund" : "Receipt"} ${receipt.number}`}
      data-testid="receipt-view"
      className="rounded-xl border bg-card p-6 text-sm shadow-xs print:border-0 print:p-0 print:shadow-none sm:p-10"
    >
      <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:justify-between">
        <div className="text-muted-foreground">
          <p className="text-lg font-bold text-emerald-800">{COMPANY.legalName}</p>
          <p>{COMPANY.address}</p>
          <p>TIN {COMPANY_TIN}</p>
          {siteConfig.reacLicence && <p>REAC licence {siteConfig.reacLicence}</p>}
        </div>
        <div className="sm:text-right">
          <h2 className="text-2xl font-bold uppercase">{refund ? "Refund" : "Receipt"}</h2>
          <p className="font-mono text-base" data-testid="receipt-number">
            {receipt.number}
          </p>
          <p>
            {refund ? "Paid out" : "Received"} {fmt.date(receipt.paid_on)}
          </p>
          {receipt.refund_of && <p>Refunds {receipt.refund_of}</p>}
        </div>
      </header>
      <div className="flex flex-wrap items-end justify-between gap-4 py-5">
        <div>
          <p className="text-muted-foreground">{refund ? "Paid to" : "Received from"}</p>
          <p className="font-semibold">{receipt.payer_name}</p>
          <p>
            By {methodLabel(receipt.method, receipt.momo_network)}
            {receipt.reference ? ` · reference ${receipt.reference}` : ""}
          </p>
        </div>
        <p className="text-2xl font-bold tabular-nums" data-testid="receipt-amount">
          {money(Math.abs(receipt.amount))}
        </p>
      </div>
      {receipt.refund_reason && <p className="pb-4">Reason: {receipt.refund_reason}</p>}
      {receipt.allocations.length > 0 && (
        <table className="w-full">
          <caption className="sr-only">Invoices</caption>
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground uppercase">
              <th scope="col" className="py-2">
                Invoice
              </th>
              <th scope="col" className="py-2 text-right">
                {refund ? "Taken back" : "Applied"}
              </th>
              <th scope="col" className="py-2 text-right">
                Still owed
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.allocations.map((a) => (
              <tr key={a.invoice_id} className="border-b">
                <td className="py-2 font-mono">{a.invoice_number}</td>
                <td className="py-2 text-right tabular-nums">{money(Math.abs(a.amount))}</td>
                <td className="py-2 text-right tabular-nums">{money(a.balance_after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {receipt.held_as_credit > 0 && (
        <p className="mt-4 rounded bg-emerald-50 p-2 text-emerald-900">
          {money(receipt.held_as_credit)} is held as the client&apos;s credit.
        </p>
      )}
      <p className="mt-6 text-xs text-muted-foreground">{NO_CASH_FOOTNOTE}</p>
    </article>
  );
}
