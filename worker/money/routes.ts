/**
 * The money documents' PDFs:
 *   GET /api/invoices/{id}/pdf   an issued invoice, quotation, proforma or credit note
 *   GET /api/receipts/{id}/pdf   a receipt or refund note
 * Like the public invoice page, the unguessable id is the key: the same RPCs with the
 * publishable key (drafts and unknown ids are 404). `?download=1` asks the browser to save it.
 */
import { Hono, type Context } from "hono";
import { invoicePdfPath, receiptPdfPath } from "#core/payments/payment-endpoints.ts";
import { restClient } from "#core/rest-client.ts";
import type { EdgeContext, EdgeEnv } from "../env.ts";
import { DocumentUnavailableError, renderDocument, UUID, type RenderKind } from "./documents.ts";

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };

export function moneyDocumentRoutes(): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();
  const serve = (kind: RenderKind) => async (c: Context<RoutesEnv>) => {
    const id = c.req.param("id") ?? "";
    if (!UUID.test(id)) return c.json({ error: "not_found", message: "No such document" }, 404);
    const db = restClient(c.var.edge.supabaseUrl, c.var.edge.publishableKey);
    try {
      const pdf = await renderDocument(db, kind, id, c.var.edge.reacLicence);
      if (!pdf)
        return c.json(
          {
            error: "not_found",
            message: kind === "invoice_pdf" ? "No issued document at this link" : "No receipt at this link",
          },
          404,
        );
      const disposition = c.req.query("download") ? "attachment" : "inline";
      return c.body(pdf.bytes.slice().buffer as ArrayBuffer, 200, {
        "content-type": "application/pdf",
        "content-disposition": `${disposition}; filename="${pdf.number}.pdf"`,
        // Amounts change with payments: never cached by a shared cache.
        "cache-control": "private, no-store",
      });
    } catch (err) {
      if (err instanceof DocumentUnavailableError)
        return c.json({ error: "unavailable", message: err.message }, 503, { "Retry-After": "30" });
      throw err;
    }
  };
  app.get(invoicePdfPath(":id"), serve("invoice_pdf"));
  app.get(receiptPdfPath(":id"), serve("receipt_pdf"));
  return app;
}
