/**
 * The Act 1047 annual transaction report as a download:
 *   GET /api/reports/annual-transactions/{year}.csv   the header row, then one line per transaction
 *   GET /api/reports/annual-transactions/{year}.pdf   the same rows on A4 with the REAC licence
 * Read WITH THE CALLER'S TOKEN (Authorization: Bearer …) through public.report_annual_transactions,
 * so the database decides who may have it and which deals it lists, as it does for the SPA.
 */
import { Hono } from "hono";
import { COMPANY } from "#core/constants.ts";
import { formatMinor } from "#core/money/minor-units.ts";
import {
  annualReportCsv,
  annualReportFileName,
  annualRowSchema,
  TRANSACTION_TYPE_LABELS,
  type AnnualRow,
} from "#core/reports/annual-report.ts";
import { reportYear } from "#core/reports/period.ts";
import { restClient } from "#core/rest-client.ts";
import { bearerToken } from "../admin-auth.ts";
import type { EdgeContext, EdgeEnv } from "../env.ts";
import { A4, ACCENT, ghDate, MARGIN, MUTED, PdfWriter } from "../money/pdf-kit.ts";

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };
const RIGHT = A4.width - MARGIN;

export async function annualReportPdf(
  year: number,
  rows: readonly AnnualRow[],
  reacLicence: string | null,
): Promise<Uint8Array> {
  const w = await PdfWriter.create(
    `Annual transaction report ${year}`,
    `${COMPANY.legalName} · annual transaction report ${year}`,
  );
  w.at(COMPANY.legalName, MARGIN, w.y - 14, { size: 15, bold: true, color: ACCENT });
  w.at(`Annual transaction report ${year}`, RIGHT, w.y - 14, { size: 13, bold: true }, "right");
  w.at(
    reacLicence ? `REAC licence ${reacLicence}` : "REAC licence: not configured (REAC_LICENCE)",
    MARGIN,
    w.y - 30,
    { size: 9 },
  );
  w.at("Real Estate Agency Act, 2020 (Act 1047)", RIGHT, w.y - 30, { size: 8.5, color: MUTED }, "right");
  w.y -= 44;
  w.rule();
  w.y -= 14;
  if (rows.length === 0) w.paragraph(`No sale or letting was completed in ${year}.`, MARGIN, RIGHT - MARGIN);
  for (const r of rows) {
    w.ensure(40);
    w.at(ghDate(r.completed_on), MARGIN, w.y, { size: 9, bold: true });
    w.at(TRANSACTION_TYPE_LABELS[r.transaction_type], MARGIN + 62, w.y, { size: 9, bold: true });
    w.at(formatMinor(r.value, r.currency), RIGHT, w.y, { size: 9, bold: true }, "right");
    const place = [r.property, r.property_city].filter(Boolean).join(", ");
    w.at(place.length > 70 ? `${place.slice(0, 69)}…` : place, MARGIN + 110, w.y, { size: 9 });
    w.y -= 12;
    const facts = [
      `Client: ${r.client ?? "—"}`,
      `Agent: ${r.agent_name ?? "—"}`,
      `Commission: ${formatMinor(r.commission, r.currency)}`,
      `Certificate: ${r.certificate_no ?? "not recorded"}`,
    ].join("   ·   ");
    w.at(facts, MARGIN + 62, w.y, { size: 8, color: MUTED });
    w.y -= 16;
  }
  w.ensure(30);
  w.rule();
  w.y -= 14;
  w.at(`${rows.length} transaction${rows.length === 1 ? "" : "s"}`, MARGIN, w.y, { size: 9, bold: true });
  return w.bytes();
}

export function reportRoutes(): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();
  app.get("/api/reports/annual-transactions/:file", async (c) => {
    const m = /^(\d+)\.(csv|pdf)$/.exec(c.req.param("file") ?? "");
    const year = reportYear(m?.[1]);
    if (!m || !year.ok)
      return c.json(
        { error: "bad_request", message: year.ok ? "Ask for a .csv or a .pdf" : year.message },
        400,
      );
    const token = bearerToken(c.req.header("authorization"));
    if (!token) return c.json({ error: "unauthorized", message: "Sign in to download reports" }, 401);
    const db = restClient(c.var.edge.supabaseUrl, c.var.edge.publishableKey, { accessToken: token });
    const { data, error } = await db.rpc("report_annual_transactions", { report_year: year.year });
    if (error) {
      const status =
        error.code === "42501" ? 403 : error.code === "PGRST301" || error.code === "PGRST303" ? 401 : 400;
      return c.json({ error: "refused", message: error.message }, status);
    }
    const rows = annualRowSchema.array().parse(data ?? []);
    const ext = m[2] as "csv" | "pdf";
    const headers = {
      "content-disposition": `attachment; filename="${annualReportFileName(year.year, ext)}"`,
      "cache-control": "private, no-store",
    };
    if (ext === "csv")
      return c.body(annualReportCsv(rows), 200, { ...headers, "content-type": "text/csv; charset=utf-8" });
    const bytes = await annualReportPdf(year.year, rows, c.var.edge.reacLicence);
    return c.body(bytes.slice().buffer as ArrayBuffer, 200, {
      ...headers,
      "content-type": "application/pdf",
    });
  });
  return app;
}
