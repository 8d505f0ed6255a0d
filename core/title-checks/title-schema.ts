/**
 * Title due diligence as the back-office reads and writes it (zod): the file (its facts) and its
 * checks (status, date, reference, lease years, notes, document), the overview rows of the
 * title-checks screen, what a document may be, and the forms. The rules themselves (which checks
 * are required, what verification needs) are in title-rules.ts.
 */
import { z } from "zod";
import { optional, optionalChoice, optionalNumber, optionalText } from "../records/form-values.ts";
import { extensionFor, type FileRules } from "../records/file-rules.ts";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import {
  LAND_SOURCES,
  TITLE_CHECK_STATUSES,
  TITLE_DOCUMENT_TYPES,
  TITLE_ITEMS,
  TITLE_TENURES,
  type TitleFacts,
} from "./title-rules.ts";

export const titleFileRowSchema = z.object({
  id: z.string(),
  hunt_id: z.string().nullable(),
  property_id: z.string().nullable(),
  tenure: z.enum(TITLE_TENURES).nullable(),
  title_type: z.enum(TITLE_DOCUMENT_TYPES).nullable(),
  land_source: z.enum(LAND_SOURCES).nullable(),
  for_non_citizen: z.boolean(),
  verified_at: z.string().nullable(),
  updated_at: z.string(),
});
export type TitleFileRow = z.output<typeof titleFileRowSchema>;
export const TITLE_FILE_COLUMNS = Object.keys(titleFileRowSchema.shape).join(", ");

export function factsOf(
  file: Pick<TitleFileRow, "tenure" | "title_type" | "land_source" | "for_non_citizen">,
): TitleFacts {
  return {
    tenure: file.tenure,
    titleType: file.title_type,
    landSource: file.land_source,
    forNonCitizen: file.for_non_citizen,
  };
}

export const titleCheckRowSchema = z.object({
  id: z.string(),
  file_id: z.string(),
  item: z.enum(TITLE_ITEMS),
  status: z.enum(TITLE_CHECK_STATUSES),
  checked_on: z.string().nullable(),
  reference: z.string().nullable(),
  lease_years_left: z.number().nullable(),
  notes: z.string().nullable(),
  checked_by: z.string().nullable(),
  verified_by: z.string().nullable(),
  verified_at: z.string().nullable(),
  document_path: z.string().nullable(),
  document_name: z.string().nullable(),
  document_type: z.string().nullable(),
  document_size: z.number().nullable(),
  updated_at: z.string(),
});
export type TitleCheckRow = z.output<typeof titleCheckRowSchema>;
export const TITLE_CHECK_COLUMNS = Object.keys(titleCheckRowSchema.shape).join(", ");

export const titleOverviewRowSchema = z.object({
  id: z.string(),
  hunt_id: z.string().nullable(),
  property_id: z.string().nullable(),
  subject: z.string(),
  city: z.string().nullable(),
  listing_status: z.string().nullable(),
  hunt_stage: z.string().nullable(),
  tenure: z.enum(TITLE_TENURES).nullable(),
  title_type: z.enum(TITLE_DOCUMENT_TYPES).nullable(),
  land_source: z.enum(LAND_SOURCES).nullable(),
  for_non_citizen: z.boolean(),
  required_checks: z.number(),
  verified_checks: z.number(),
  problems: z.number(),
  verified_at: z.string().nullable(),
  updated_at: z.string(),
});
export type TitleOverviewRow = z.output<typeof titleOverviewRowSchema>;
export const TITLE_OVERVIEW_COLUMNS = Object.keys(titleOverviewRowSchema.shape).join(", ");

export const TITLE_PROGRESS = ["verified", "in_progress", "problem"] as const;
export const TITLE_PROGRESS_LABELS = {
  verified: "Verified",
  in_progress: "In progress",
  problem: "Problem found",
} as const;

export const titleListQuery = defineListQuery({
  sortable: ["updated_at", "subject", "verified_at"],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    progress: filter.one(z.enum(TITLE_PROGRESS, { error: "Use verified, in_progress or problem" })),
    subject: filter.one(z.enum(["listing", "hunt"], { error: "Use listing or hunt" })),
  },
});
export type TitleListQuery = ListQueryOf<typeof titleListQuery>;

export const factsFormSchema = z.object({
  tenure: optionalChoice(TITLE_TENURES, "Tenure"),
  title_type: optionalChoice(TITLE_DOCUMENT_TYPES, "Title type"),
  land_source: optionalChoice(LAND_SOURCES, "Land source"),
  for_non_citizen: z.boolean(),
});
export type FactsFormInput = z.input<typeof factsFormSchema>;
export type FactsFormOutput = z.output<typeof factsFormSchema>;

export function factsFormValues(file: TitleFileRow | null): FactsFormInput {
  return {
    tenure: file?.tenure ?? "",
    title_type: file?.title_type ?? "",
    land_source: file?.land_source ?? "",
    for_non_citizen: file?.for_non_citizen ?? false,
  };
}

export const checkFormSchema = z.object({
  status: z.enum(TITLE_CHECK_STATUSES, { error: "Choose a status" }),
  checked_on: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date")),
  reference: optionalText(120, "The reference"),
  lease_years_left: optionalNumber("Lease years left", { min: 0, max: 999, integer: true }),
  notes: optionalText(2000, "Notes"),
});
export type CheckFormInput = z.input<typeof checkFormSchema>;
export type CheckFormOutput = z.output<typeof checkFormSchema>;

export function checkFormValues(c: TitleCheckRow): CheckFormInput {
  return {
    status: c.status,
    checked_on: c.checked_on ?? "",
    reference: c.reference ?? "",
    lease_years_left: c.lease_years_left === null ? "" : String(c.lease_years_left),
    notes: c.notes ?? "",
  };
}

/** Private bucket of the documents, one folder per title file. */
export const TITLE_DOCUMENTS_BUCKET = "title-documents";
export const TITLE_DOCUMENT_RULES: FileRules = {
  what: "Documents",
  maxBytes: 20 * 1024 * 1024,
  types: { "application/pdf": "PDF", "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" },
};

/** `<file_id>/<uuid>.<ext>`: storage policies read the folder as the file. */
export function titleDocumentPath(fileId: string, objectId: string, type: string): string {
  return `${fileId}/${objectId}.${extensionFor(type)}`;
}
