/**
 * A co-broking agreement as a document: where the edge serves its PDF and what the file is
 * called. The edge reads the agreement with the caller's token, so a partner gets only their own
 * and the team what its role may read.
 */
import { slugify } from "../content-model.ts";

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET, the caller's token: the agreement as an A4 PDF. */
export const agreementPdfPath = (id: string) => `/api/partners/agreements/${id}.pdf`;

/** The id in an agreement PDF's file segment ("<uuid>.pdf"), or null for anything else. */
export function agreementIdFromFile(file: string | undefined): string | null {
  const m = /^(.+)\.pdf$/.exec(file ?? "");
  return m && ID.test(m[1]!) ? m[1]!.toLowerCase() : null;
}

/** "co-broking-agreement-<title>-<start>.pdf", safe in a Content-Disposition header. */
export function agreementPdfFileName(title: string, startsOn: string): string {
  const slug = slugify(title).slice(0, 60).replace(/-+$/, "") || "agreement";
  return `co-broking-agreement-${slug}-${startsOn.slice(0, 10)}.pdf`;
}

/** The split as the agreement states it: "40%" of the commission to the partner, or not agreed. */
export function splitSentence(splitPercent: number | null): string {
  if (splitPercent === null) return "The commission split is agreed per listing when it is shared.";
  const pct = Number.isInteger(splitPercent)
    ? String(splitPercent)
    : splitPercent.toFixed(2).replace(/0$/, "");
  return `The partner receives ${pct}% of the agency's commission on transactions under this agreement.`;
}
