import { FileDown, FileX2, Printer } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { invoiceDisplayStatus } from "#core/invoices-receipts/invoice-status.ts";
import { ratePercentLabel } from "#core/invoices-receipts/invoice-totals.ts";
import { formatMinor, minorAtRate } from "#core/money/minor-units.ts";
import { invoicePdfPath } from "#core/payments/payment-endpoints.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { getPublicInvoice, type PublicInvoice } from "../api/invoices.ts";
import { Logo } from "../components/site-header.tsx";
import { ErrorState, PageLoading } from "../components/states.tsx";
import { formatDate, formatNumber, titleCase } from "../lib/format.ts";
import { usePageMeta } from "../lib/meta.ts";
import { useAsync } from "../lib/use-async.ts";

// Only for "Pay now", a return from the checkout, and an E-VAT QR code: loaded when needed.
const PayNow = lazy(() => import("../invoice/pay-now.tsx"));
const PaymentReturn = lazy(() => import("../invoice/payment-return.tsx"));
const QrCode = lazy(() => import("#app/components/money/qr-code.tsx").then((m) => ({ default: m.QrCode })));

const KIND_TITLE: Record<PublicInvoice["kind"], string> = {
  invoice: "Invoice",
  quote: "Quotation",
  proforma: "Proforma invoice",
  credit_note: "Credit note",
};

const STATUS_STYLE: Record<PublicInvoice["status"], string> = {
  draft: "bg-stone-100 text-stone-800",
  sent: "bg-sky-100 text-sky-900",
  partially_paid: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  overdue: "bg-red-100 text-red-900",
  void: "bg-stone-200 text-stone-700 line-through",
  converted: "bg-violet-100 text-violet-900",
};

export default function InvoicePage() {
  const { invoiceId = "" } = useParams();
  const [params] = useSearchParams();
  const reference = params.get("reference");
  const state = useAsync(() => getPublicInvoice(invoiceId), [invoiceId]);
  const [paying, setPaying] = useState(false);
  const inv = state.status === "ready" ? state.data : null;
  usePageMeta(inv ? `${KIND_TITLE[inv.kind]} ${inv.number}` : "Invoice");
  if (state.status === "loading") return <PageLoading label="Loading invoice…" />;
  if (state.status === "error")
    return (
      <div className="px-4 py-16">
        <ErrorState title="We could not load this invoice" onRetry={state.retry}>
          {state.error.message}
        </ErrorState>
      </div>
    );
  if (!inv) {
    return (
      <section aria-labelledby="inv-nf" className="mx-auto max-w-xl px-4 py-20 text-center">
        <FileX2 aria-hidden="true" className="mx-auto size-14 text-stone-400" />
        <h1 id="inv-nf" className="mt-4 text-3xl font-bold">
          Invoice not found
        </h1>
        <p className="mt-3 text-stone-700">
          We could not find an invoice at this link. Check that you copied the whole link from your email, or
          contact us at{" "}
          <a className="font-medium text-emerald-800 underline" href={`mailto:${COMPANY.email}`}>
            {COMPANY.email}
          </a>
          .
        </p>
        <Link
          to="/"
          className="mt-6 inline-block rounded-full bg-emerald-800 px-5 py-2.5 font-semibold text-white"
        >
          Go to the homepage
        </Link>
      </section>
    );
  }
  const money = (minor: number) => formatMinor(minor, inv.currency);
  // Overdue follows the due date (Africa/Accra), whatever the stored status says.
  const status =
    inv.kind !== "invoice" || inv.status === "converted"
      ? inv.status
      : invoiceDisplayStatus(inv.status, inv.due_date);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      {reference && (
        <Suspense
          fallback={
            <p role="status" className="mb-4">
              Confirming your payment…
            </p>
          }
        >
          <PaymentReturn reference={reference} onSettled={state.refresh} />
        </Suspense>
      )}
      <div className="mb-4 flex flex-wrap justify-end gap-2 print:hidden">
        <a
          href={`${invoicePdfPath(inv.id)}?download=1`}
          download={`${inv.number}.pdf`}
          className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold hover:border-emerald-700"
        >
          <FileDown aria-hidden="true" className="size-4" /> Download PDF
        </a>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold hover:border-emerald-700"
        >
          <Printer aria-hidden="true" className="size-4" /> Print
        </button>
      </div>
      <article
        aria-labelledby="inv-h"
        className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-10 print:border-0 print:shadow-none"
      >
        <header className="flex flex-col gap-6 border-b border-stone-200 pb-6 sm:flex-row sm:justify-between">
          <div className="space-y-2 text-sm text-stone-700">
            <Logo />
            <p>
              {COMPANY.legalName}
              <br />
              {COMPANY.address}
              <br />
              {COMPANY.phone} · {COMPANY.email}
            </p>
            {siteConfig.reacLicence && <p>REAC licence {siteConfig.reacLicence}</p>}
          </div>
          <div className="sm:text-right">
            <h1 id="inv-h" className="text-3xl font-bold tracking-tight">
              {KIND_TITLE[inv.kind]}
            </h1>
            <p className="mt-1 font-mono text-lg" data-testid="invoice-number">
              {inv.number}
            </p>
            <p
              className={`mt-2 inline-block rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLE[status]}`}
              data-testid="invoice-status"
            >
              {titleCase(status)}
            </p>
            <dl className="mt-3 grid grid-cols-[auto_auto] justify-start gap-x-4 text-sm sm:justify-end">
              <dt className="text-stone-600">Issued</dt>
              <dd>{formatDate(inv.issue_date)}</dd>
              {inv.due_date && (
                <>
                  <dt className="text-stone-600">Due</dt>
                  <dd>{formatDate(inv.due_date)}</dd>
                </>
              )}
              {inv.gra_invoice_id && (
                <>
                  <dt className="text-stone-600">GRA E-VAT id</dt>
                  <dd>{inv.gra_invoice_id}</dd>
                </>
              )}
              {inv.credited_number && (
                <>
                  <dt className="text-stone-600">Credits</dt>
                  <dd>{inv.credited_number}</dd>
                </>
              )}
            </dl>
          </div>
        </header>
        <section aria-labelledby="bill-h" className="py-6">
          <h2 id="bill-h" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            Bill to
          </h2>
          <p className="mt-1 font-semibold">{inv.bill_to.name}</p>
          <p className="text-sm whitespace-pre-line text-stone-700">
            {[inv.bill_to.address, inv.bill_to.email, inv.bill_to.phone].filter(Boolean).join("\n")}
          </p>
        </section>
        <ul
          className="divide-y divide-stone-100 border-y border-stone-200 text-sm sm:hidden"
          aria-label="Line items"
        >
          {inv.items.map((it, i) => (
            <li key={i} className="py-3">
              <p>
                {it.description}
                {it.discount_percent > 0 && (
                  <span className="text-stone-600"> (less {formatNumber(it.discount_percent)} %)</span>
                )}
                {it.tax_class === "exempt" && <span className="ml-2 text-xs text-stone-600">(exempt)</span>}
              </p>
              <p className="mt-1 flex justify-between text-stone-700 tabular-nums">
                <span>
                  {formatNumber(it.quantity)} × {money(it.unit_price)}
                </span>
                <span className="font-medium text-stone-900">{money(it.amount)}</span>
              </p>
            </li>
          ))}
        </ul>
        <div className="hidden sm:block">
          <table className="w-full text-sm">
            <caption className="sr-only">Line items</caption>
            <thead>
              <tr className="border-b border-stone-300 text-left text-xs tracking-wide text-stone-600 uppercase">
                <th scope="col" className="py-2 pr-4">
                  Description
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Qty
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {inv.items.map((it, i) => (
                <tr key={i} className="border-b border-stone-100 align-top">
                  <td className="py-3 pr-4">
                    {it.description}
                    {it.discount_percent > 0 && (
                      <span className="text-stone-600"> (less {formatNumber(it.discount_percent)} %)</span>
                    )}
                    {it.tax_class === "exempt" && (
                      <span className="ml-2 text-xs text-stone-600">(exempt)</span>
                    )}
                  </td>
                  <td className="py-3 pr-4 text-right tabular-nums">{formatNumber(it.quantity)}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{money(it.unit_price)}</td>
                  <td className="py-3 text-right tabular-nums">{money(it.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="mt-6 ml-auto max-w-sm space-y-2 text-sm" data-testid="invoice-totals">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd className="tabular-nums">{money(inv.subtotal)}</dd>
          </div>
          {inv.taxes.map((t) => (
            <div key={t.code} className="flex justify-between text-stone-700">
              <dt>
                {t.name} ({ratePercentLabel(t.rate)})
              </dt>
              <dd className="tabular-nums">{money(t.amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between border-t border-stone-300 pt-2 text-base font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="invoice-total">
              {money(inv.total)}
            </dd>
          </div>
          {inv.amount_paid > 0 && (
            <div className="flex justify-between text-stone-700">
              <dt>Paid</dt>
              <dd className="tabular-nums">− {money(inv.amount_paid)}</dd>
            </div>
          )}
          {inv.amount_credited > 0 && (
            <div className="flex justify-between text-stone-700">
              <dt>Credited</dt>
              <dd className="tabular-nums">− {money(inv.amount_credited)}</dd>
            </div>
          )}
          <div className="flex justify-between rounded-lg bg-emerald-50 px-3 py-2 font-semibold text-emerald-950">
            <dt>Balance due</dt>
            <dd className="tabular-nums" data-testid="invoice-balance">
              {money(inv.balance_due)}
            </dd>
          </div>
        </dl>
        {inv.exchange_rate !== null && inv.currency !== "GHS" && (
          <p className="mt-4 text-sm text-stone-700">
            {inv.currency} 1 = GHS {formatNumber(Number(inv.exchange_rate))} (rate of{" "}
            {inv.exchange_rate_date ? formatDate(inv.exchange_rate_date) : "the issue date"}); total{" "}
            {formatMinor(minorAtRate(inv.total, inv.exchange_rate), "GHS")}.
          </p>
        )}
        {inv.withholding !== "none" && inv.withholding_rate !== null && (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            Rent tax: as a corporate tenant you withhold {ratePercentLabel(inv.withholding_rate)}{" "}
            {inv.withholding} rent tax ({money(inv.withholding_amount)}) and pay it to the Ghana Revenue
            Authority; pay us {money(inv.total - inv.withholding_amount)} and send us the GRA withholding
            certificate.
          </p>
        )}
        {inv.notes && (
          <section aria-labelledby="notes-h" className="mt-8">
            <h2 id="notes-h" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
              Notes
            </h2>
            <p className="mt-1 text-sm whitespace-pre-line text-stone-800">{inv.notes}</p>
          </section>
        )}
        {inv.gra_qr_code && (
          <section aria-label="E-VAT" className="mt-6 flex items-start gap-4">
            <Suspense fallback={null}>
              <QrCode value={inv.gra_qr_code} label={`E-VAT QR code of ${inv.number}`} />
            </Suspense>
            <p className="text-sm text-stone-700">
              E-VAT (Ghana Revenue Authority){inv.gra_invoice_id ? `: ${inv.gra_invoice_id}` : ""}
            </p>
          </section>
        )}
        <section aria-labelledby="pay-h" className="mt-8 rounded-xl border border-stone-200 bg-stone-50 p-5">
          {inv.can_pay_online && !reference && (
            <div className="mb-4 print:hidden">
              {paying ? (
                <Suspense fallback={<p role="status">Loading…</p>}>
                  <PayNow
                    invoiceId={inv.id}
                    email={inv.bill_to.email}
                    amountLabel={money(inv.balance_due)}
                    onCancel={() => setPaying(false)}
                  />
                </Suspense>
              ) : (
                <button
                  type="button"
                  onClick={() => setPaying(true)}
                  className="rounded-full bg-emerald-800 px-6 py-3 font-semibold text-white hover:bg-emerald-900"
                >
                  Pay now · {money(inv.balance_due)}
                </button>
              )}
            </div>
          )}
          <h2 id="pay-h" className="font-semibold">
            How to pay
          </h2>
          <p className="mt-2 text-sm whitespace-pre-line text-stone-800">
            {inv.payment_instructions ??
              `Bank transfer or mobile money to ${COMPANY.legalName}; quote ${inv.number}.`}
          </p>
          <p className="mt-3 text-xs text-stone-600">
            We do not accept cash (Real Estate Agency Act, 2020, Act 1047). Taxes: VAT Act, 2025 (Act 1151).
          </p>
        </section>
      </article>
    </div>
  );
}
