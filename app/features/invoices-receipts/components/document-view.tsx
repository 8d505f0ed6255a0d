/**
 * An issued document as the client sees it — also its print layout (the page's other chrome is
 * hidden when printing): company and tax identity, bill-to, lines, taxes per component, totals,
 * payments and credits, the USD rate of the issue date, the rent-tax withholding note, payment
 * instructions and the E-VAT block with its QR code. The same figures as the PDF (worker).
 */
import { COMPANY } from "#core/constants.ts";
import { COMPANY_TIN, NO_CASH_FOOTNOTE, TAX_FOOTNOTE } from "#core/invoices-receipts/company-tax.ts";
import {
  DOCUMENT_KIND_LABELS,
  outstandingMinor,
  type DocumentRow,
  type ItemRow,
  type TaxRow,
} from "#core/invoices-receipts/documents.ts";
import { ratePercentLabel, TAX_CLASS_SHORT_LABELS } from "#core/invoices-receipts/invoice-totals.ts";
import { formatMinor, toMinor } from "#core/money/minor-units.ts";
import { exchangeRateTotalNote, withholdingNote } from "#core/invoices-receipts/public-documents.ts";
import { QrCode } from "#app/components/money/qr-code.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { DocumentStatusBadge } from "./document-status-badge.tsx";

export function DocumentView({
  doc,
  items,
  taxes,
  creditedNumber,
}: {
  doc: DocumentRow;
  items: ItemRow[];
  taxes: TaxRow[];
  creditedNumber?: string | null;
}) {
  const fmt = useFormatters();
  const money = (minor: number) => formatMinor(minor, doc.currency);
  const title = DOCUMENT_KIND_LABELS[doc.kind];
  const rate = exchangeRateTotalNote(doc, fmt.date);
  const wh = withholdingNote(doc, money);
  const balance = outstandingMinor(doc);
  return (
    <article
      aria-label={`${title} ${doc.number ?? "draft"}`}
      data-testid="document-view"
      className="rounded-xl border bg-card p-6 text-sm shadow-xs print:border-0 print:p-0 print:shadow-none sm:p-10"
    >
      <header className="flex flex-col gap-6 border-b pb-6 sm:flex-row sm:justify-between">
        <div className="space-y-1 text-muted-foreground">
          <p className="text-lg font-bold text-emerald-800">{COMPANY.legalName}</p>
          <p>{COMPANY.address}</p>
          <p>
            {COMPANY.phone} · {COMPANY.email}
          </p>
          <p>TIN {COMPANY_TIN}</p>
          {siteConfig.reacLicence && <p>REAC licence {siteConfig.reacLicence}</p>}
        </div>
        <div className="sm:text-right">
          <h2 className="text-2xl font-bold tracking-tight uppercase">{title}</h2>
          <p className="font-mono text-base" data-testid="document-number">
            {doc.number ?? "Draft"}
          </p>
          <div className="mt-2">
            <DocumentStatusBadge doc={doc} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-0.5 sm:justify-end">
            {doc.issue_date && (
              <>
                <dt className="text-muted-foreground">Issued</dt>
                <dd>{fmt.date(doc.issue_date)}</dd>
              </>
            )}
            {doc.due_date && (
              <>
                <dt className="text-muted-foreground">{doc.kind === "quote" ? "Valid until" : "Due"}</dt>
                <dd>{fmt.date(doc.due_date)}</dd>
              </>
            )}
            {creditedNumber && (
              <>
                <dt className="text-muted-foreground">Credits</dt>
                <dd>{creditedNumber}</dd>
              </>
            )}
          </dl>
        </div>
      </header>
      <section aria-label="Bill to" className="py-5">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {doc.kind === "quote" ? "Prepared for" : "Bill to"}
        </h3>
        <p className="mt-1 font-semibold">{doc.bill_to_name}</p>
        <p className="whitespace-pre-line text-muted-foreground">
          {[doc.bill_to_address, doc.bill_to_email, doc.bill_to_phone].filter(Boolean).join("\n")}
        </p>
      </section>
      <table className="w-full">
        <caption className="sr-only">Lines</caption>
        <thead>
          <tr className="border-b text-left text-xs tracking-wide text-muted-foreground uppercase">
            <th scope="col" className="py-2 pr-3">
              Description
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Qty
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Unit price
            </th>
            <th scope="col" className="py-2 pr-3">
              Tax
            </th>
            <th scope="col" className="py-2 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((it) => (
            <tr key={it.id} className="border-b align-top">
              <td className="py-2 pr-3">
                {it.description}
                {Number(it.discount_percent) > 0 && (
                  <span className="text-muted-foreground"> (less {Number(it.discount_percent)} %)</span>
                )}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{Number(it.quantity)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">
                {formatMinor(toMinor(it.unit_price), doc.currency)}
              </td>
              <td className="py-2 pr-3 text-muted-foreground">{TAX_CLASS_SHORT_LABELS[it.tax_class]}</td>
              <td className="py-2 text-right tabular-nums">{money(it.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-5 ml-auto max-w-sm space-y-1.5" data-testid="document-totals">
        <Row label="Subtotal" value={money(doc.subtotal)} />
        {taxes.map((t) => (
          <Row
            key={`${t.tax_class}-${t.code}`}
            label={`${t.name} ${ratePercentLabel(t.rate)}`}
            value={money(t.amount)}
            muted
          />
        ))}
        <Row label={`Total ${doc.currency}`} value={money(doc.total)} strong testId="document-total" />
        {doc.kind === "invoice" && doc.amount_paid !== 0 && (
          <Row label="Paid" value={`− ${money(doc.amount_paid)}`} muted />
        )}
        {doc.kind === "invoice" && doc.amount_credited !== 0 && (
          <Row label="Credited" value={`− ${money(doc.amount_credited)}`} muted />
        )}
        {doc.kind === "invoice" && doc.status !== "draft" && (
          <Row label="Balance due" value={money(balance)} strong testId="document-balance" />
        )}
      </dl>
      <div className="mt-6 space-y-4">
        {rate && <Note title="Exchange rate">{rate}</Note>}
        {wh && <Note title="Rent tax withholding">{wh}</Note>}
        {doc.notes && <Note title="Notes">{doc.notes}</Note>}
        {doc.kind !== "credit_note" && (
          <Note title="How to pay">{doc.payment_instructions ?? NO_CASH_FOOTNOTE}</Note>
        )}
        {(doc.gra_invoice_id || doc.gra_qr_code) && (
          <section aria-label="E-VAT" className="flex items-start gap-4 rounded-lg border p-3">
            {doc.gra_qr_code && <QrCode value={doc.gra_qr_code} label={`E-VAT QR code of ${doc.number}`} />}
            <div>
              <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                E-VAT (Ghana Revenue Authority)
              </p>
              {doc.gra_invoice_id && <p>GRA invoice id: {doc.gra_invoice_id}</p>}
              {doc.gra_sdc_time && <p>SDC time: {fmt.dateTime(doc.gra_sdc_time)}</p>}
            </div>
          </section>
        )}
        <p className="text-xs text-muted-foreground">{TAX_FOOTNOTE}</p>
      </div>
    </article>
  );
}

function Row({
  label,
  value,
  strong,
  muted,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "border-t pt-1.5 text-base font-semibold" : ""} ${muted ? "text-muted-foreground" : ""}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Note({ title, children }: { title: string; children: string }) {
  return (
    <section aria-label={title}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <p className="mt-1 whitespace-pre-line">{children}</p>
    </section>
  );
}
