/**
 * What can be done with an issued document, as the database allows it (core's documentActions):
 * PDF, print, send by e-mail (PDF attached) or WhatsApp (a wa.me link, or the approved template
 * through WhatsApp Business to a contact who opted in), record a payment, credit note, void,
 * convert a quote, record the E-VAT details. Each mutation refreshes the document; errors are
 * toasted once by the query client, in the database's own words.
 */
import {
  FileDownIcon,
  FileMinusIcon,
  MailIcon,
  MessageCircleIcon,
  PrinterIcon,
  QrCodeIcon,
  RepeatIcon,
  WalletIcon,
  XCircleIcon,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { originOf } from "#core/hosts.ts";
import {
  DOCUMENT_KIND_LABELS,
  documentActions,
  evatFormSchema,
  outstandingMinor,
  type DocumentRow,
  type EvatFormInput,
} from "#core/invoices-receipts/documents.ts";
import { formatMinor } from "#core/money/minor-units.ts";
import { invoicePdfPath } from "#core/invoices-receipts/public-documents.ts";
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
import { Textarea } from "#app/components/ui/textarea.tsx";
import { kickJobs } from "#app/lib/kick-jobs-api.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { createCreditNote, voidDocument } from "../api/documents-api.ts";
import {
  useConvertQuote,
  useReasonAction,
  useRecordEvat,
  useSendDocumentEmail,
} from "../hooks/document-mutations.ts";
import { WhatsAppInvoiceButton } from "./whatsapp-invoice-button.tsx";

export const documentPath = (id: string) => `/invoices-receipts/${id}`;
export const publicDocumentUrl = (id: string) => `${originOf("main", siteConfig.hosts)}/invoice/${id}`;

/** wa.me click-to-chat with the link and amount, to the client's phone when known. */
export function whatsappLink(doc: DocumentRow): string {
  const phone = (doc.bill_to_phone ?? "").replace(/[^\d]/g, "").replace(/^0/, "233");
  const text = `${DOCUMENT_KIND_LABELS[doc.kind]} ${doc.number} from Ghana Realty: ${formatMinor(doc.total, doc.currency)}${doc.kind === "invoice" ? `, ${formatMinor(outstandingMinor(doc), doc.currency)} to pay` : ""}. View${doc.kind === "invoice" ? " and pay" : ""} online: ${publicDocumentUrl(doc.id)}`;
  return `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;
}

export function DocumentActions({ doc, onChanged }: { doc: DocumentRow; onChanged: () => void }) {
  const can = documentActions(doc);
  const navigate = useNavigate();
  const [open, setOpen] = useState<null | "send" | "void" | "credit" | "evat">(null);
  const close = () => setOpen(null);

  const convert = useConvertQuote(doc.id, (id) => {
    toast.success("Invoice drafted from the quote");
    onChanged();
    void navigate(documentPath(id));
  });

  return (
    <div className="flex flex-wrap gap-2 print:hidden" role="toolbar" aria-label="Document actions">
      <Button asChild variant="outline" size="sm">
        <a href={`${invoicePdfPath(doc.id)}?download=1`} download={`${doc.number}.pdf`}>
          <FileDownIcon aria-hidden="true" /> Download PDF
        </a>
      </Button>
      <Button variant="outline" size="sm" onClick={() => window.print()}>
        <PrinterIcon aria-hidden="true" /> Print
      </Button>
      {can.send && (
        <>
          <Button variant="outline" size="sm" onClick={() => setOpen("send")}>
            <MailIcon aria-hidden="true" /> Send by e-mail
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={whatsappLink(doc)} target="_blank" rel="noopener noreferrer">
              <MessageCircleIcon aria-hidden="true" /> WhatsApp
            </a>
          </Button>
          <WhatsAppInvoiceButton doc={doc} link={publicDocumentUrl(doc.id)} />
        </>
      )}
      {can.recordPayment && (
        <Button asChild size="sm">
          <Link to={`/payments/new?invoice=${doc.id}`}>
            <WalletIcon aria-hidden="true" /> Record a payment
          </Link>
        </Button>
      )}
      {can.convert && (
        <Button size="sm" onClick={() => convert.mutate()} disabled={convert.isPending}>
          <RepeatIcon aria-hidden="true" /> Convert to invoice
        </Button>
      )}
      {can.creditNote && (
        <Button variant="outline" size="sm" onClick={() => setOpen("credit")}>
          <FileMinusIcon aria-hidden="true" /> Credit note
        </Button>
      )}
      {can.evat && !doc.gra_invoice_id && (
        <Button variant="outline" size="sm" onClick={() => setOpen("evat")}>
          <QrCodeIcon aria-hidden="true" /> E-VAT details
        </Button>
      )}
      {can.void && (
        <Button variant="outline" size="sm" onClick={() => setOpen("void")}>
          <XCircleIcon aria-hidden="true" /> Void
        </Button>
      )}
      {open === "send" && <SendDialog doc={doc} onClose={close} onDone={onChanged} />}
      {open === "void" && (
        <ReasonDialog
          title={`Void ${doc.number}`}
          description="Its number stays used. Only a document without payments or credit notes is voided."
          label="Why is it voided?"
          submit="Void"
          run={(reason) => voidDocument(doc.id, reason)}
          onClose={close}
          onDone={() => {
            toast.success(`${doc.number} is void`);
            onChanged();
          }}
        />
      )}
      {open === "credit" && (
        <ReasonDialog
          title={`Credit note for ${doc.number}`}
          description="A draft credit note with the invoice's lines opens: keep what is credited, then issue it."
          label="Reason"
          submit="Draft the credit note"
          run={(reason) => createCreditNote(doc.id, reason)}
          onClose={close}
          onDone={(id) => {
            onChanged();
            if (typeof id === "string") void navigate(documentPath(id));
          }}
        />
      )}
      {open === "evat" && <EvatDialog doc={doc} onClose={close} onDone={onChanged} />}
    </div>
  );
}

function ModalFrame({
  title,
  description,
  children,
  onClose,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function SendDialog({ doc, onClose, onDone }: { doc: DocumentRow; onClose: () => void; onDone: () => void }) {
  const [to, setTo] = useState(doc.bill_to_email ?? "");
  const [message, setMessage] = useState("");
  const send = useSendDocumentEmail(doc.id, () => {
    kickJobs();
    toast.success(`${doc.number} is on its way to ${to}`, {
      description: "The PDF is attached; the e-mail links to the online invoice.",
    });
    onDone();
    onClose();
  });
  return (
    <ModalFrame
      title={`Send ${doc.number} by e-mail`}
      description="The PDF is attached and the e-mail links to the invoice online, where the client can pay by mobile money or card."
      onClose={onClose}
    >
      <form
        aria-label="Send by e-mail"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate({ to: to.trim() || null, message: message.trim() || null });
        }}
      >
        <Field label="To" required>
          <Input type="email" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Field label="Message (optional)">
          <Textarea rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            Send
          </Button>
        </DialogFooter>
      </form>
    </ModalFrame>
  );
}

function ReasonDialog({
  title,
  description,
  label,
  submit,
  run,
  onClose,
  onDone,
}: {
  title: string;
  description: string;
  label: string;
  submit: string;
  run: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onDone: (result: unknown) => void;
}) {
  const [reason, setReason] = useState("");
  const m = useReasonAction(run, (r) => (onDone(r), onClose()));
  return (
    <ModalFrame title={title} description={description} onClose={onClose}>
      <form
        aria-label={title}
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          m.mutate(reason.trim());
        }}
      >
        <Field label={label} required>
          <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={m.isPending || reason.trim().length < 3}>
            {submit}
          </Button>
        </DialogFooter>
      </form>
    </ModalFrame>
  );
}

function EvatDialog({ doc, onClose, onDone }: { doc: DocumentRow; onClose: () => void; onDone: () => void }) {
  const [values, setValues] = useState<EvatFormInput>({
    gra_invoice_id: "",
    gra_sdc_time: "",
    gra_qr_code: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof EvatFormInput, string>>>({});
  const m = useRecordEvat(doc.id, () => (toast.success("E-VAT details recorded"), onDone(), onClose()));
  const set = (k: keyof EvatFormInput) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  return (
    <ModalFrame
      title={`E-VAT details of ${doc.number}`}
      description="As the GRA's E-VAT system returned them; recorded once, printed with the QR code."
      onClose={onClose}
    >
      <form
        aria-label="E-VAT details"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const r = evatFormSchema.safeParse(values);
          if (!r.success)
            return setErrors(Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message])));
          m.mutate(r.data);
        }}
      >
        <Field label="GRA invoice id" error={errors.gra_invoice_id} required>
          <Input value={values.gra_invoice_id} onChange={set("gra_invoice_id")} />
        </Field>
        <Field label="SDC time" error={errors.gra_sdc_time} required>
          <Input type="datetime-local" value={values.gra_sdc_time} onChange={set("gra_sdc_time")} />
        </Field>
        <Field label="QR payload" error={errors.gra_qr_code} required>
          <Textarea rows={3} value={values.gra_qr_code} onChange={set("gra_qr_code")} />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={m.isPending}>
            Record
          </Button>
        </DialogFooter>
      </form>
    </ModalFrame>
  );
}
