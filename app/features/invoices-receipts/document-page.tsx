/**
 * /invoices-receipts/new and /invoices-receipts/:id: one document. A draft is its form, with
 * "Issue" (the database gives the number) and "Delete draft"; an issued document is its print
 * layout with its actions, what was paid and credited, the reminders sent and its history, and a
 * Files tab (`?tab=files`) with the files attached to it (the files module's AttachmentsPanel).
 */
import { ArrowLeftIcon, SendIcon, Trash2Icon } from "lucide-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  DOCUMENT_KIND_LABELS,
  documentActions,
  type DocumentFormOutput,
  type DocumentRow,
} from "#core/money/documents.ts";
import { formatMinor } from "#core/money/minor-units.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { AttachmentsPanel } from "#app/components/records/attachments-panel.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { createDraft, updateCreditNoteLines, updateDraft } from "./api/documents-api.ts";
import { DocumentActions, documentPath, publicDocumentUrl } from "./components/document-actions.tsx";
import { DocumentForm } from "./components/document-form.tsx";
import { DocumentView } from "./components/document-view.tsx";
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
} from "./hooks/document-queries.ts";
import { useDeleteDraft, useIssueDocument } from "./hooks/document-mutations.ts";

const BACK = "/invoices-receipts";

export default function DocumentPage() {
  const { id } = useParams();
  return id ? <ExistingDocument id={id} /> : <NewDocument />;
}

function BackLink() {
  return (
    <Link
      to={BACK}
      className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground print:hidden"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" /> Invoices & receipts
    </Link>
  );
}

function NewDocument() {
  const navigate = useNavigate();
  const { user } = useSession();
  const rates = useTaxRates();
  const refresh = useRefreshDocuments();
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight">New invoice, quotation or proforma</h1>
      {rates.data ? (
        <DocumentForm
          doc={null}
          items={[]}
          rates={rates.data}
          save={(v: DocumentFormOutput) => createDraft(v, user!.id)}
          onSaved={(doc) => {
            toast.success("Draft saved", { description: "Issue it to give it its number." });
            refresh([doc.id]);
            void navigate(documentPath(doc.id), { replace: true });
          }}
          onCancel={() => void navigate(BACK)}
        />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </div>
  );
}

function ExistingDocument({ id }: { id: string }) {
  const doc = useDocument(id);
  const items = useItems(id);
  if (doc.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert variant="destructive">
          Could not load this document: {describeDbError(doc.error).message}
        </Alert>
      </div>
    );
  }
  if (!doc.data || !items.data) return <Skeleton className="h-[32rem] w-full" />;
  return doc.data.status === "draft" ? (
    <Draft doc={doc.data} items={items.data} reload={() => Promise.all([doc.refetch(), items.refetch()])} />
  ) : (
    <Issued doc={doc.data} />
  );
}

function Draft({
  doc,
  items,
  reload,
}: {
  doc: DocumentRow;
  items: NonNullable<ReturnType<typeof useItems>["data"]>;
  reload: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const rates = useTaxRates();
  const refresh = useRefreshDocuments();
  const credited = useDocument(doc.credited_invoice_id ?? undefined);
  const issue = useIssueDocument(doc.id, (number) => {
    toast.success(`${DOCUMENT_KIND_LABELS[doc.kind]} ${number} issued`);
    refresh([doc.id, ...(doc.credited_invoice_id ? [doc.credited_invoice_id] : [])], true);
  });
  const remove = useDeleteDraft(doc.id, () => {
    toast.success("Draft deleted");
    refresh();
    void navigate(BACK);
  });
  const creditNote = doc.kind === "credit_note";
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">
          {DOCUMENT_KIND_LABELS[doc.kind]} (draft)
          {creditNote && credited.data ? ` for ${credited.data.number}` : ""}
        </h1>
        <div className="ml-auto flex gap-2">
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline">
                <Trash2Icon aria-hidden="true" /> Delete draft
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Delete this draft?</AlertDialogTitle>
                <AlertDialogDescription>
                  It has no number yet, so nothing is lost from the series.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Keep it</AlertDialogCancel>
                <AlertDialogAction variant="destructive" onClick={() => remove.mutate()}>
                  Delete
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button disabled={issue.isPending || doc.total <= 0}>
                <SendIcon aria-hidden="true" /> Issue
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>
                  Issue this {DOCUMENT_KIND_LABELS[doc.kind].toLowerCase()}?
                </AlertDialogTitle>
                <AlertDialogDescription>
                  It gets the next number of its series and today&apos;s date, with{" "}
                  {formatMinor(doc.total, doc.currency)} as saved. An issued document cannot be edited:
                  corrections are credit notes.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Not yet</AlertDialogCancel>
                <AlertDialogAction onClick={() => issue.mutate()}>Issue</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </header>
      {creditNote && (
        <Alert>
          Keep the lines being credited (lower quantities or prices, remove the rest); its total reduces what{" "}
          {credited.data?.number ?? "the invoice"} is owed.
        </Alert>
      )}
      {rates.data ? (
        <DocumentForm
          doc={doc}
          items={items}
          rates={rates.data}
          save={(v, version) =>
            creditNote ? updateCreditNoteLines(doc.id, v) : updateDraft(doc.id, version!, v)
          }
          onSaved={(saved) => {
            toast.success("Draft saved");
            refresh([saved.id]);
          }}
          reload={reload}
          onCancel={() => void navigate(BACK)}
        />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </div>
  );
}

function Issued({ doc }: { doc: DocumentRow }) {
  const items = useItems(doc.id);
  const taxes = useTaxes(doc.id);
  const refresh = useRefreshDocuments();
  const credited = useDocument(doc.credited_invoice_id ?? undefined);
  const fmt = useFormatters();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "files" ? "files" : "document";
  const setTab = (t: string) => setParams(t === "files" ? { tab: t } : {}, { preventScrollReset: true });
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <header className="flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="text-2xl font-semibold tracking-tight">
          {DOCUMENT_KIND_LABELS[doc.kind]} {doc.number}
        </h1>
        <a
          href={publicDocumentUrl(doc.id)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm underline"
        >
          Client&apos;s page
        </a>
        {doc.last_sent_at && (
          <span className="text-sm text-muted-foreground">
            Sent to {doc.last_sent_to} {fmt.dateTime(doc.last_sent_at)}
          </span>
        )}
      </header>
      <DocumentActions doc={doc} onChanged={() => refresh([doc.id], true)} />
      {doc.status === "void" && doc.void_reason && <Alert>Voided: {doc.void_reason}</Alert>}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="print:hidden">
          <TabsTrigger value="document">Document</TabsTrigger>
          <TabsTrigger value="files">Files</TabsTrigger>
        </TabsList>
        <TabsContent value="files">
          <AttachmentsPanel recordType="invoice" recordId={doc.id} />
        </TabsContent>
        <TabsContent value="document">
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
            <aside className="flex flex-col gap-4 print:hidden" aria-label="Payments, credits and reminders">
              {doc.kind === "invoice" && <Settlements doc={doc} />}
              {doc.kind === "invoice" && <Reminders id={doc.id} />}
              <section aria-labelledby="history-h" className="rounded-lg border p-3">
                <h2 id="history-h" className="mb-2 font-semibold">
                  History
                </h2>
                <RecordHistory table="invoices" recordId={doc.id} currency={doc.currency} />
              </section>
            </aside>
          </div>
        </TabsContent>
      </Tabs>
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
