/**
 * The tabs of a document's record page: the document itself — a draft's form, or an issued
 * document's print layout beside what was paid and credited and the reminders sent — and its
 * history (money in the document's currency).
 */
import { Link, useNavigate } from "react-router";
import {
  documentActions,
  type DocumentFormOutput,
  type DocumentRow,
} from "#core/invoices-receipts/documents.ts";
import { formatMinor } from "#core/money/minor-units.ts";
import type { RecordTabProps } from "#app/components/records/record-page.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { toast } from "#app/lib/toast.ts";
import { updateCreditNoteLines, updateDraft } from "../api/documents-api.ts";
import {
  useClientCredit,
  useCreditNotes,
  useDocument,
  useItems,
  useRefreshDocuments,
  useReminders,
  useSettlements,
  useTaxes,
  useTaxRates,
} from "../hooks/document-queries.ts";
import { documentPath } from "./document-actions.tsx";
import { DocumentForm } from "./document-form.tsx";
import { DOCUMENTS_PATH } from "./document-summary.tsx";
import { DocumentView } from "./document-view.tsx";

export function DocumentTab({ row, reload }: RecordTabProps<DocumentRow>) {
  return row.status === "draft" ? <DraftBody doc={row} reload={reload} /> : <IssuedBody doc={row} />;
}

function DraftBody({ doc, reload }: { doc: DocumentRow; reload: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const rates = useTaxRates();
  const items = useItems(doc.id);
  const refresh = useRefreshDocuments();
  const credited = useDocument(doc.credited_invoice_id ?? undefined);
  const creditNote = doc.kind === "credit_note";
  return (
    <div className="flex flex-col gap-4">
      {creditNote && (
        <Alert>
          Keep the lines being credited (lower quantities or prices, remove the rest); its total reduces what{" "}
          {credited.data?.number ?? "the invoice"} is owed.
        </Alert>
      )}
      {rates.data && items.data ? (
        <DocumentForm
          doc={doc}
          items={items.data}
          rates={rates.data}
          save={(v: DocumentFormOutput, version) =>
            creditNote ? updateCreditNoteLines(doc.id, v) : updateDraft(doc.id, version!, v)
          }
          onSaved={(saved) => {
            toast.success("Draft saved");
            refresh([saved.id]);
          }}
          reload={() => Promise.all([reload(), items.refetch()])}
          onCancel={() => void navigate(DOCUMENTS_PATH)}
        />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </div>
  );
}

function IssuedBody({ doc }: { doc: DocumentRow }) {
  const items = useItems(doc.id);
  const taxes = useTaxes(doc.id);
  const credited = useDocument(doc.credited_invoice_id ?? undefined);
  return (
    <div className="flex flex-col gap-4">
      {doc.status === "void" && doc.void_reason && (
        <Alert className="print:hidden">Voided: {doc.void_reason}</Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] print:block">
        {items.data && taxes.data ? (
          <DocumentView
            doc={doc}
            items={items.data}
            taxes={taxes.data}
            creditedNumber={credited.data?.number}
          />
        ) : (
          <Skeleton className="h-[32rem] w-full" />
        )}
        {doc.kind === "invoice" && (
          <aside className="flex flex-col gap-4 print:hidden" aria-label="Payments, credits and reminders">
            <Settlements doc={doc} />
            <Reminders id={doc.id} />
          </aside>
        )}
      </div>
    </div>
  );
}

function Settlements({ doc }: { doc: DocumentRow }) {
  const settlements = useSettlements(doc.id);
  const notes = useCreditNotes(doc.id, true);
  const credit = useClientCredit(
    documentActions(doc).recordPayment ? (doc.bill_to_email ?? doc.bill_to_name).toLowerCase() : null,
    doc.currency,
  );
  const fmt = useFormatters();
  const money = (m: number) => formatMinor(m, doc.currency);
  return (
    <section aria-labelledby="paid-h" className="rounded-lg border p-3 text-sm">
      <h2 id="paid-h" className="mb-2 font-semibold">
        Payments and credits
      </h2>
      <ul className="flex flex-col gap-1">
        {(settlements.data ?? []).map((s, i) => (
          <li key={i} className="flex justify-between gap-2">
            {s.payments ? (
              <Link to={`/payments/${s.payments.id}`} className="underline">
                {s.payments.number}
              </Link>
            ) : (
              <span>Payment</span>
            )}
            <span className="text-muted-foreground">{s.payments ? fmt.date(s.payments.paid_on) : ""}</span>
            <span className="tabular-nums">{money(s.amount)}</span>
          </li>
        ))}
        {(notes.data ?? []).map((n) => (
          <li key={n.id} className="flex justify-between gap-2">
            <Link to={documentPath(n.id)} className="underline">
              {n.number ?? "Draft credit note"}
            </Link>
            <span className="tabular-nums">− {money(n.total)}</span>
          </li>
        ))}
        {!settlements.data?.length && !notes.data?.length && (
          <li className="text-muted-foreground">Nothing paid or credited yet.</li>
        )}
      </ul>
      {credit.data ? (
        <p className="mt-2 rounded bg-emerald-50 p-2 text-emerald-900">
          The client holds {money(credit.data)} of credit: apply it from a payment&apos;s receipt page.
        </p>
      ) : null}
    </section>
  );
}

function Reminders({ id }: { id: string }) {
  const reminders = useReminders(id);
  const fmt = useFormatters();
  return (
    <section aria-labelledby="rem-h" className="rounded-lg border p-3 text-sm">
      <h2 id="rem-h" className="mb-2 font-semibold">
        Reminders
      </h2>
      {reminders.data?.length ? (
        <ul>
          {reminders.data.map((r) => (
            <li key={r.offset_days}>
              {fmt.date(r.reminded_on)} to {r.to_address} (
              {r.offset_days < 0
                ? `${-r.offset_days} days before`
                : r.offset_days === 0
                  ? "on"
                  : `${r.offset_days} days after`}{" "}
              the due date)
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">
          None sent: open invoices are reminded at the offsets set in the finances settings.
        </p>
      )}
    </section>
  );
}
