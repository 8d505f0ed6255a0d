/**
 * The PDFs of the money documents: an issued invoice, quotation, proforma or credit
 * note, and a receipt or refund note — made here in the worker with pdf-lib, from the figures the
 * database keeps (get_public_invoice / get_public_receipt), so the download, the e-mail
 * attachment and the print layout all show the same numbers. (Why the worker and not the
 * browser: a receipt mailed after an online payment has no browser behind it, and one renderer
 * means one document.)
 */
import { COMPANY } from "#core/constants.ts";
import { COMPANY_TIN, NO_CASH_FOOTNOTE, TAX_FOOTNOTE } from "#core/invoices-receipts/company-tax.ts";
import {
  ratePercentLabel,
  TAX_CLASS_SHORT_LABELS,
  type TaxClass,
} from "#core/invoices-receipts/invoice-totals.ts";
import { formatMinor, minorAtRate, toMinor } from "#core/money/minor-units.ts";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS } from "#core/invoices-receipts/documents.ts";
import { methodLabel } from "#core/payments/payments.ts";
import {
  exchangeRateTotalNote,
  withholdingNote,
  type PublicDocument,
  type PublicReceipt,
} from "#core/invoices-receipts/public-documents.ts";
import { qrMatrix } from "#core/invoices-receipts/qr-matrix.ts";
import { A4, ACCENT, ghDate, MARGIN, MUTED, PdfWriter } from "./pdf-kit.ts";

const RIGHT = A4.width - MARGIN;

function header(
  w: PdfWriter,
  title: string,
  number: string,
  facts: [string, string][],
  reacLicence: string | null,
): void {
  const top = w.y;
  w.at(COMPANY.legalName, MARGIN, top - 14, { size: 15, bold: true, color: ACCENT });
  const lines = [
    COMPANY.address,
    `${COMPANY.phone} · ${COMPANY.email}`,
    `TIN ${COMPANY_TIN}`,
    ...(reacLicence ? [`REAC licence ${reacLicence}`] : []),
  ];
  lines.forEach((l, i) => w.at(l, MARGIN, top - 30 - i * 12, { size: 8.5, color: MUTED }));
  w.at(title.toUpperCase(), RIGHT, top - 16, { size: 17, bold: true }, "right");
  w.at(number, RIGHT, top - 32, { size: 11, bold: true }, "right");
  facts.forEach(([k, v], i) => {
    w.at(v, RIGHT, top - 48 - i * 12, { size: 8.5 }, "right");
    w.at(k, RIGHT - 110, top - 48 - i * 12, { size: 8.5, color: MUTED }, "right");
  });
  w.y = top - Math.max(30 + lines.length * 12, 48 + facts.length * 12) - 10;
  w.rule();
  w.y -= 14;
}

function block(w: PdfWriter, heading: string, text: string, width = A4.width - 2 * MARGIN): void {
  w.ensure(30);
  w.at(heading.toUpperCase(), MARGIN, w.y - 8, { size: 7.5, bold: true, color: MUTED });
  w.y -= 12;
  w.paragraph(text, MARGIN, width, { size: 9 });
  w.y -= 8;
}

/** The PDF of an issued document. */
export async function documentPdf(
  doc: PublicDocument,
  opts: { reacLicence: string | null },
): Promise<Uint8Array> {
  const money = (minor: number) => formatMinor(minor, doc.currency);
  const title = DOCUMENT_KIND_LABELS[doc.kind];
  const w = await PdfWriter.create(`${title} ${doc.number}`, `${COMPANY.legalName} · ${title} ${doc.number}`);
  const facts: [string, string][] = [
    ["Issued", ghDate(doc.issue_date)],
    ...(doc.due_date
      ? ([[doc.kind === "quote" ? "Valid until" : "Due", ghDate(doc.due_date)]] as [string, string][])
      : []),
    ["Status", DOCUMENT_STATUS_LABELS[doc.status]],
    ...(doc.credited_number ? ([["Credits invoice", doc.credited_number]] as [string, string][]) : []),
  ];
  header(w, title, doc.number, facts, opts.reacLicence);

  block(
    w,
    doc.kind === "quote" ? "Prepared for" : "Bill to",
    [doc.bill_to.name, doc.bill_to.address, doc.bill_to.email, doc.bill_to.phone].filter(Boolean).join("\n"),
  );

  // Lines
  const cols = { desc: MARGIN, qty: 318, unit: 392, tax: 408, amount: RIGHT };
  w.ensure(40);
  w.at("Description", cols.desc, w.y - 9, { size: 8, bold: true, color: MUTED });
  w.at("Qty", cols.qty, w.y - 9, { size: 8, bold: true, color: MUTED }, "right");
  w.at("Unit price", cols.unit, w.y - 9, { size: 8, bold: true, color: MUTED }, "right");
  w.at("Tax", cols.tax, w.y - 9, { size: 8, bold: true, color: MUTED });
  w.at("Amount", cols.amount, w.y - 9, { size: 8, bold: true, color: MUTED }, "right");
  w.y -= 14;
  w.rule();
  for (const it of doc.items) {
    const desc =
      Number(it.discount_percent) > 0
        ? `${it.description} (less ${Number(it.discount_percent)} %)`
        : it.description;
    const lines = w.wrap(desc, 250, { size: 9 });
    const height = lines.length * 12 + 8;
    w.ensure(height);
    const top = w.y - 12;
    lines.forEach((l, i) => w.at(l, cols.desc, top - i * 12, { size: 9 }));
    w.at(String(Number(it.quantity)), cols.qty, top, { size: 9 }, "right");
    w.at(formatMinor(toMinor(it.unit_price), "").trim(), cols.unit, top, { size: 9 }, "right");
    w.at(TAX_CLASS_SHORT_LABELS[it.tax_class as TaxClass] ?? it.tax_class, cols.tax, top, {
      size: 8.5,
      color: MUTED,
    });
    w.at(money(it.amount), cols.amount, top, { size: 9 }, "right");
    w.y -= height;
    w.rule(w.y + 3);
  }

  // Totals
  const totals: [string, string, boolean?][] = [["Subtotal", money(doc.subtotal)]];
  for (const t of doc.taxes)
    totals.push([`${t.name} ${ratePercentLabel(t.rate)} on ${money(t.base)}`, money(t.amount)]);
  totals.push([`Total ${doc.currency}`, money(doc.total), true]);
  if (doc.kind === "invoice") {
    if (doc.amount_paid > 0) totals.push(["Paid", `- ${money(doc.amount_paid)}`]);
    if (doc.amount_credited > 0) totals.push(["Credited (credit notes)", `- ${money(doc.amount_credited)}`]);
    totals.push(["Balance due", money(doc.balance_due), true]);
  }
  w.y -= 6;
  w.ensure(totals.length * 14 + 10);
  for (const [label, value, strong] of totals) {
    w.at(label, RIGHT - 130, w.y - 10, { size: 9, bold: strong, color: strong ? undefined : MUTED }, "right");
    w.at(value, RIGHT, w.y - 10, { size: strong ? 10 : 9, bold: strong }, "right");
    w.y -= 14;
  }
  w.y -= 10;

  const rate = exchangeRateTotalNote(doc, ghDate);
  if (rate) block(w, "Exchange rate", rate);
  const wh = withholdingNote(doc, money);
  if (wh) block(w, "Rent tax withholding", wh);
  if (doc.notes) block(w, "Notes", doc.notes);
  if (doc.kind !== "credit_note") {
    const how = doc.payment_instructions ?? `Bank transfer or mobile money; quote ${doc.number}.`;
    block(w, "How to pay", /cash/i.test(how) ? how : `${how}\n${NO_CASH_FOOTNOTE}`);
  }

  if (doc.gra_invoice_id || doc.gra_qr_code) {
    w.ensure(110);
    const top = w.y;
    if (doc.gra_qr_code) w.qr(qrMatrix(doc.gra_qr_code), MARGIN, top, 92);
    const x = doc.gra_qr_code ? MARGIN + 104 : MARGIN;
    w.at("E-VAT (Ghana Revenue Authority)", x, top - 14, { size: 8, bold: true, color: MUTED });
    if (doc.gra_invoice_id) w.at(`GRA invoice id: ${doc.gra_invoice_id}`, x, top - 28, { size: 9 });
    if (doc.gra_sdc_time)
      w.at(`SDC time: ${ghDate(doc.gra_sdc_time)} ${doc.gra_sdc_time.slice(11, 16)}`, x, top - 41, {
        size: 9,
      });
    w.y = top - 100;
  }
  w.y -= 4;
  w.paragraph(TAX_FOOTNOTE, MARGIN, A4.width - 2 * MARGIN, { size: 7.5, color: MUTED });
  return w.bytes();
}

/** The PDF of a receipt (or a refund note). */
export async function receiptPdf(
  r: PublicReceipt,
  opts: { reacLicence: string | null },
): Promise<Uint8Array> {
  const money = (minor: number) => formatMinor(minor, r.currency);
  const refund = r.kind === "refund";
  const title = refund ? "Refund" : "Receipt";
  const w = await PdfWriter.create(`${title} ${r.number}`, `${COMPANY.legalName} · ${title} ${r.number}`);
  header(
    w,
    title,
    r.number,
    [
      [refund ? "Paid out" : "Received", ghDate(r.paid_on)],
      ["Issued", ghDate(r.issued_at)],
      ...(r.refund_of ? ([["Refunds", r.refund_of]] as [string, string][]) : []),
    ],
    opts.reacLicence,
  );
  block(w, refund ? "Paid to" : "Received from", r.payer_name);
  w.ensure(40);
  w.at(refund ? "Amount refunded" : "Amount received", MARGIN, w.y - 12, { size: 10, color: MUTED });
  w.at(money(Math.abs(r.amount)), RIGHT, w.y - 14, { size: 16, bold: true }, "right");
  w.y -= 26;
  w.at(
    `By ${methodLabel(r.method, r.momo_network)}${r.reference ? ` · reference ${r.reference}` : ""}`,
    MARGIN,
    w.y - 10,
    { size: 9 },
  );
  w.y -= 22;
  if (r.exchange_rate)
    w.at(
      `${r.currency} 1 = GHS ${Number(r.exchange_rate).toFixed(4)} · GHS ${formatMinor(minorAtRate(Math.abs(r.amount), r.exchange_rate), "").trim()}`,
      MARGIN,
      (w.y -= 12) + 2,
      { size: 8.5, color: MUTED },
    );
  if (r.refund_reason) block(w, "Reason", r.refund_reason);
  if (r.allocations.length) {
    w.rule();
    w.at("Invoice", MARGIN, w.y - 12, { size: 8, bold: true, color: MUTED });
    w.at(refund ? "Taken back" : "Applied", 420, w.y - 12, { size: 8, bold: true, color: MUTED }, "right");
    w.at("Still owed", RIGHT, w.y - 12, { size: 8, bold: true, color: MUTED }, "right");
    w.y -= 18;
    for (const a of r.allocations) {
      w.ensure(16);
      w.at(a.invoice_number, MARGIN, w.y - 10, { size: 9 });
      w.at(money(Math.abs(a.amount)), 420, w.y - 10, { size: 9 }, "right");
      w.at(money(a.balance_after), RIGHT, w.y - 10, { size: 9 }, "right");
      w.y -= 15;
    }
    w.rule();
    w.y -= 8;
  }
  if (r.held_as_credit > 0)
    block(
      w,
      "Client credit",
      `${money(r.held_as_credit)} of this payment is held as your credit with us, for a later invoice or a refund.`,
    );
  w.y -= 6;
  w.paragraph(NO_CASH_FOOTNOTE, MARGIN, A4.width - 2 * MARGIN, { size: 7.5, color: MUTED });
  return w.bytes();
}
