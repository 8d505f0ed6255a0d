/**
 * The annual transaction report a licensed agency files under the Real Estate Agency Act, 2020
 * (Act 1047): every sale and letting completed in the year with its parties, property, value,
 * commission and, where recorded, the Real Estate Transaction Certificate number. Rows come from
 * public.report_annual_transactions (the deals the caller may see); the CSV and the PDF both
 * take their columns from here.
 */
import { z } from "zod";
import { minorSchema } from "../invoices-receipts/documents.ts";
import { minorToDecimal } from "../money/minor-units.ts";
import { toCsv, type CsvColumn } from "../records/csv.ts";

export const annualRowSchema = z.object({
  deal_id: z.string(),
  completed_on: z.string(),
  transaction_type: z.enum(["sale", "letting"]),
  property: z.string(),
  property_city: z.string().nullable(),
  client: z.string().nullable(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  value: minorSchema,
  currency: z.enum(["GHS", "USD"]),
  commission: minorSchema,
  certificate_no: z.string().nullable(),
});
export type AnnualRow = z.infer<typeof annualRowSchema>;

/**
 * How many of the year's transactions the screen shows (the first by completion date): a year at
 * an agency's size runs to thousands, which the CSV and the PDF hold in full.
 */
export const ANNUAL_SCREEN_ROWS = 200;

export const TRANSACTION_TYPE_LABELS = { sale: "Sale", letting: "Letting" } as const;

/** The report's columns, in the order of the CSV's header row and the PDF's table. */
export const ANNUAL_REPORT_COLUMNS: readonly CsvColumn<AnnualRow>[] = [
  { header: "Date completed", value: (r) => r.completed_on },
  { header: "Type", value: (r) => TRANSACTION_TYPE_LABELS[r.transaction_type] },
  { header: "Property", value: (r) => r.property },
  { header: "City", value: (r) => r.property_city },
  { header: "Client", value: (r) => r.client },
  { header: "Agent", value: (r) => r.agent_name },
  { header: "Value", value: (r) => minorToDecimal(r.value) },
  { header: "Currency", value: (r) => r.currency },
  { header: "Commission", value: (r) => minorToDecimal(r.commission) },
  { header: "Certificate number", value: (r) => r.certificate_no },
];

export function annualReportCsv(rows: readonly AnnualRow[]): string {
  return toCsv(ANNUAL_REPORT_COLUMNS, rows);
}

export const annualReportFileName = (year: number, ext: "csv" | "pdf") =>
  `annual-transaction-report-${year}.${ext}`;
export const annualReportPath = (year: number | string, ext: "csv" | "pdf") =>
  `/api/reports/annual-transactions/${year}.${ext}`;
