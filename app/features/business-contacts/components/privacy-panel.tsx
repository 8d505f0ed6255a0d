/**
 * Data Protection Act 2012 (Act 843) on the contact page: the consent on record and how it was
 * given; "export everything held about this contact" as JSON or CSV (public.export_contact:
 * the contact, its timeline, deals, every linked record, e-mails and history — the export is
 * logged on the timeline); and, for admins, anonymising on request (personal data removed,
 * deals and money records kept, the request logged with its reason).
 */
import { DownloadIcon, ShieldOffIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "#app/lib/toast.ts";
import {
  CONSENT_SOURCE_LABELS,
  CONSENT_STATUS_LABELS,
  type ContactRow,
} from "#core/business-contacts/contact-schema.ts";
import { EXPORT_CSV_COLUMNS, exportLines } from "#core/business-contacts/contact-export.ts";
import { csvFileName, toCsv } from "#core/records/csv.ts";
import { downloadText } from "#app/components/records/csv-export-button.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { toastError } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { anonymiseContact, exportContact } from "../api/contacts-api.ts";
import { useRefreshContacts } from "../hooks/contact-queries.ts";

export function PrivacyPanel({ row }: { row: ContactRow }) {
  const fmt = useFormatters();
  const { role } = useSession();
  const refresh = useRefreshContacts();
  const [exporting, setExporting] = useState<"json" | "csv" | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [anonymising, setAnonymising] = useState(false);
  const [open, setOpen] = useState(false);

  const download = async (format: "json" | "csv") => {
    setExporting(format);
    try {
      const doc = await exportContact(row.id);
      const base = `contact-${row.display_name}`;
      if (format === "json")
        downloadText(
          JSON.stringify(doc, null, 2),
          csvFileName(base).replace(/\.csv$/, ".json"),
          "application/json",
        );
      else downloadText(toCsv(EXPORT_CSV_COLUMNS, exportLines(doc)), csvFileName(base));
      toast.success("Export downloaded", {
        description: "The export is recorded on the contact's timeline.",
      });
      refresh([row.id]);
    } catch (e) {
      toastError(e, { errorTitle: "Export failed" });
    } finally {
      setExporting(null);
    }
  };

  const anonymise = async () => {
    if (reason.trim().length < 3) {
      setReasonError("Say why, e.g. “request by e-mail of 3 March”");
      return;
    }
    setAnonymising(true);
    try {
      await anonymiseContact(row.id, reason.trim());
      toast.success("Personal data removed", {
        description: "Deals and money records are kept; the request is on the timeline.",
      });
      setOpen(false);
      refresh([row.id]);
    } catch (e) {
      toastError(e, { errorTitle: "Not anonymised" });
    } finally {
      setAnonymising(false);
    }
  };

  return (
    <section aria-labelledby="privacy-heading" className="flex flex-col gap-6">
      <h2 id="privacy-heading" className="text-lg font-semibold">
        Privacy (Data Protection Act 2012, Act 843)
      </h2>
      {row.anonymised_at && (
        <Alert variant="warning">Personal data was removed on {fmt.dateTime(row.anonymised_at)}.</Alert>
      )}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Consent</dt>
        <dd data-testid="consent-status">
          {CONSENT_STATUS_LABELS[row.consent_status]}
          {row.consent_source && ` — ${CONSENT_SOURCE_LABELS[row.consent_source]}`}
          {row.consent_at && `, ${fmt.dateTime(row.consent_at)}`}
        </dd>
        {row.consent_note && (
          <>
            <dt className="text-muted-foreground">Note</dt>
            <dd>{row.consent_note}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Marketing messages</dt>
        <dd>
          {row.marketing_consent
            ? `Agreed${row.marketing_consent_at ? `, ${fmt.dateTime(row.marketing_consent_at)}` : ""}`
            : "Not agreed"}
        </dd>
      </dl>
      <p className="text-sm text-muted-foreground">
        Change the consent in the Details tab; every change is dated and kept in the history.
      </p>

      <div className="flex flex-col gap-2">
        <h3 className="font-medium">Everything held about this contact</h3>
        <p className="text-sm text-muted-foreground">
          The contact, its timeline, deals, every linked record, e-mails sent and the history of changes — for
          a request under the Act.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={exporting !== null} onClick={() => void download("json")}>
            <DownloadIcon aria-hidden="true" />
            Export as JSON
          </Button>
          <Button variant="outline" disabled={exporting !== null} onClick={() => void download("csv")}>
            <DownloadIcon aria-hidden="true" />
            Export as CSV
          </Button>
        </div>
      </div>

      {role === "admin" && !row.anonymised_at && (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Anonymise on request</h3>
          <p className="text-sm text-muted-foreground">
            Removes the name, phones, e-mails, address, notes and the hand-logged timeline. Deals, invoices
            and payments stay (without the personal data). This cannot be undone.
          </p>
          <AlertDialog open={open} onOpenChange={setOpen}>
            <AlertDialogTrigger asChild>
              <Button variant="destructive" className="self-start">
                <ShieldOffIcon aria-hidden="true" />
                Anonymise this contact
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Anonymise {row.display_name}?</AlertDialogTitle>
                <AlertDialogDescription>
                  Their personal data is removed for good; linked deals and money records are kept. The
                  request and its reason are logged.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <Field label="Reason" required error={reasonError ?? undefined}>
                <Textarea
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError(null);
                  }}
                  rows={2}
                  placeholder="e.g. Request by e-mail of 3 March 2026"
                />
              </Field>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <Button variant="destructive" disabled={anonymising} onClick={() => void anonymise()}>
                  Anonymise
                </Button>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      )}
    </section>
  );
}
