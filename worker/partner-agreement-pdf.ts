/**
 * A co-broking agreement as an A4 PDF, for the partner in the portal and for the team:
 *   GET /api/partners/agreements/{id}.pdf
 * Read WITH THE CALLER'S TOKEN, so RLS decides: a partner gets only their own agreements, the team
 * what its role may read; any other id is the same 404 as an id that does not exist (the answer
 * never tells a row the caller cannot read from one that is not there).
 */
import { Hono } from "hono";
import * as v from "valibot";
import { COMPANY } from "#core/constants.ts";
import {
  agreementIdFromFile,
  agreementPdfFileName,
  splitSentence,
} from "#core/collaboration-management/agreement-document.ts";
import {
  AGREEMENT_COLUMNS,
  AGREEMENT_STATUS_LABELS,
  agreementRowSchema,
} from "#core/collaboration-management/partner-schema.ts";
import type { AgreementRow } from "#core/collaboration-management/partner-schema.ts";
import { restClient } from "#core/rest-client.ts";
import { bearerToken } from "./admin-auth.ts";
import type { EdgeContext, EdgeEnv } from "./env.ts";
import { A4, ACCENT, ghDate, MARGIN, MUTED, PdfWriter } from "./money/pdf-kit.ts";

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };
const RIGHT = A4.width - MARGIN;

const agreementWithPartner = v.object({
  ...agreementRowSchema.entries,
  partners: v.nullable(v.object({ name: v.string(), reac_licence_number: v.string() })),
});
type AgreementWithPartner = v.InferOutput<typeof agreementWithPartner>;

function factLine(w: PdfWriter, label: string, value: string) {
  w.ensure(16);
  w.at(label, MARGIN, w.y, { size: 9, color: MUTED });
  w.paragraph(value, MARGIN + 130, RIGHT - MARGIN - 130, { size: 10 });
  w.y -= 4;
}

export async function agreementPdf(
  a: AgreementRow & { partners: AgreementWithPartner["partners"] },
  reacLicence: string | null,
): Promise<Uint8Array> {
  const w = await PdfWriter.create(
    `Co-broking agreement: ${a.title}`,
    `${COMPANY.legalName} · co-broking agreement · ${a.title}`,
  );
  w.at(COMPANY.legalName, MARGIN, w.y - 14, { size: 15, bold: true, color: ACCENT });
  w.at("Co-broking agreement", RIGHT, w.y - 14, { size: 13, bold: true }, "right");
  w.at(reacLicence ? `REAC licence ${reacLicence}` : "REAC licence: not configured", MARGIN, w.y - 30, {
    size: 9,
  });
  w.at(`Status: ${AGREEMENT_STATUS_LABELS[a.status]}`, RIGHT, w.y - 30, { size: 9 }, "right");
  w.y -= 44;
  w.rule();
  w.y -= 22;
  w.paragraph(a.title, MARGIN, RIGHT - MARGIN, { size: 13, bold: true });
  w.y -= 8;
  factLine(w, "Agency", `${COMPANY.legalName}, ${COMPANY.phone}`);
  factLine(
    w,
    "Partner",
    a.partners ? `${a.partners.name} (REAC licence ${a.partners.reac_licence_number})` : "—",
  );
  factLine(w, "Period", `${ghDate(a.starts_on)} to ${a.ends_on ? ghDate(a.ends_on) : "open-ended"}`);
  factLine(w, "Commission split", splitSentence(a.split_percent));
  if (a.document_name) factLine(w, "Signed copy", `${a.document_name} (kept with the agreement)`);
  w.y -= 6;
  w.rule();
  w.y -= 18;
  w.at("Terms", MARGIN, w.y, { size: 10.5, bold: true });
  w.y -= 16;
  for (const para of (a.terms?.trim() || "No further terms were recorded.").split(/\n{2,}/)) {
    w.paragraph(para.replace(/\s*\n\s*/g, " "), MARGIN, RIGHT - MARGIN, { size: 10 });
    w.y -= 6;
  }
  w.ensure(40);
  w.y -= 10;
  w.rule();
  w.y -= 14;
  w.at(`Recorded ${ghDate(a.created_at)} · last changed ${ghDate(a.updated_at)}`, MARGIN, w.y, {
    size: 8,
    color: MUTED,
  });
  return w.bytes();
}

export function partnerAgreementRoutes(): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();
  app.get("/api/partners/agreements/:file", async (c) => {
    const id = agreementIdFromFile(c.req.param("file"));
    if (!id)
      return c.json(
        { error: "bad_request", message: "Ask for an agreement as /api/partners/agreements/<id>.pdf" },
        400,
      );
    const token = bearerToken(c.req.header("authorization"));
    if (!token) return c.json({ error: "unauthorized", message: "Sign in to download the agreement" }, 401);
    const db = restClient(c.var.edge.supabaseUrl, c.var.edge.publishableKey, { accessToken: token });
    const { data, error } = await db
      .from("partner_agreements")
      .select(`${AGREEMENT_COLUMNS}, partners(name, reac_licence_number)`)
      .eq("id", id)
      .maybeSingle();
    if (error) {
      const status = error.code === "PGRST301" || error.code === "PGRST303" ? 401 : 503;
      return c.json({ error: "unavailable", message: error.message }, status);
    }
    if (!data) return c.json({ error: "not_found", message: "No such agreement" }, 404);
    const agreement = v.parse(agreementWithPartner, data);
    const bytes = await agreementPdf(agreement, c.var.edge.reacLicence);
    return c.body(bytes.slice().buffer as ArrayBuffer, 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${agreementPdfFileName(agreement.title, agreement.starts_on)}"`,
      "cache-control": "private, no-store",
    });
  });
  return app;
}
