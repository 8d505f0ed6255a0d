/**
 * The portal's agreements tab: each co-broking agreement with its period and split, its PDF made
 * by the edge from the record (under the partner's own RLS), and the signed copy when one is kept.
 */
import { Download, FileText } from "lucide-react";
import { useState } from "react";
import { agreementPdfFileName, agreementPdfPath } from "#core/collaboration-management/agreement-document.ts";
import { AGREEMENT_STATUS_LABELS, type AgreementRow } from "#core/collaboration-management/partner-rows.ts";
import { downloadText } from "#app/lib/download.ts";
import { edgeFile } from "#app/lib/edge-api.ts";
import { agreementDocumentLink } from "../api/portal-api.ts";

const day = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Africa/Accra" }).format(new Date(iso));

export function Agreements({ agreements }: { agreements: AgreementRow[] }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [making, setMaking] = useState<string | null>(null);
  const pdf = (a: AgreementRow) => {
    setProblem(null);
    setMaking(a.id);
    edgeFile(agreementPdfPath(a.id))
      .then((blob) => downloadText(blob, agreementPdfFileName(a.title, a.starts_on), "application/pdf"))
      .catch((e: unknown) =>
        setProblem(`The agreement's PDF could not be made: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => setMaking(null));
  };
  const open = (path: string) => {
    setProblem(null);
    agreementDocumentLink(path).then(
      (url) => window.open(url, "_blank", "noopener"),
      (e: unknown) =>
        setProblem(`The document cannot be opened: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  return (
    <section aria-labelledby="agreements-h" className="mt-8 flex flex-col gap-3">
      <h2 id="agreements-h" className="text-xl font-semibold">
        Your agreements
      </h2>
      {problem && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          {problem}
        </p>
      )}
      {agreements.length === 0 ? (
        <p className="text-stone-600">No agreement recorded yet.</p>
      ) : (
        <ul className="divide-y rounded-xl border border-stone-200 bg-white" aria-label="Agreements">
          {agreements.map((a) => (
            <li key={a.id} aria-label={a.title} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {a.title} · {AGREEMENT_STATUS_LABELS[a.status]}
                </p>
                <p className="text-stone-700">
                  {day(a.starts_on)} – {a.ends_on ? day(a.ends_on) : "open-ended"}
                  {a.split_percent !== null && ` · your split ${a.split_percent}%`}
                </p>
              </div>
              <button
                type="button"
                onClick={() => pdf(a)}
                disabled={making === a.id}
                aria-label={`Download “${a.title}” as a PDF`}
                className="inline-flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1.5 hover:bg-stone-100 disabled:opacity-60"
              >
                <Download aria-hidden="true" className="size-4" />
                {making === a.id ? "Making the PDF…" : "PDF"}
              </button>
              {a.document_path && (
                <button
                  type="button"
                  onClick={() => open(a.document_path!)}
                  className="inline-flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1.5 hover:bg-stone-100"
                >
                  <FileText aria-hidden="true" className="size-4" />
                  {a.document_name}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
