/**
 * E-mail attachments named by a queued mail (outgoing_emails.attachments): inline files pass
 * through; `{render: "invoice_pdf" | "receipt_pdf", record_id}` is rendered here at sending, from
 * the stored document (issued documents never change, so a retry attaches the same PDF). A
 * document that no longer exists fails the mail for good; a database hiccup retries it later.
 */
import { z } from "zod";
import type { RestClient } from "#core/rest-client.ts";
import type { EmailAttachment } from "#core/schemas/email.ts";
import { DocumentUnavailableError, renderDocument, toBase64 } from "./documents.ts";

const renderSpecSchema = z.object({
  filename: z.string(),
  content_type: z.string().default("application/pdf"),
  render: z.enum(["invoice_pdf", "receipt_pdf"]),
  record_id: z.string(),
});

export type RenderedAttachments =
  | { ok: true; attachments: EmailAttachment[] }
  | { ok: false; error: string; retry: "backoff" | "never" };
export type AttachmentRenderer = (specs: readonly Record<string, unknown>[]) => Promise<RenderedAttachments>;

export function attachmentRenderer(db: RestClient, reacLicence: string | null): AttachmentRenderer {
  return async (specs) => {
    const out: EmailAttachment[] = [];
    for (const spec of specs) {
      if (!("render" in spec)) {
        out.push(spec as unknown as EmailAttachment); // inline: the message schema checks it
        continue;
      }
      const parsed = renderSpecSchema.safeParse(spec);
      if (!parsed.success)
        return {
          ok: false,
          error: "Not sendable: an attachment names no document to render",
          retry: "never",
        };
      try {
        const pdf = await renderDocument(db, parsed.data.render, parsed.data.record_id, reacLicence);
        if (!pdf)
          return {
            ok: false,
            error: `Not sendable: ${parsed.data.filename} is no longer an issued document`,
            retry: "never",
          };
        out.push({
          filename: parsed.data.filename,
          content_type: parsed.data.content_type,
          content: toBase64(pdf.bytes),
        });
      } catch (err) {
        if (err instanceof DocumentUnavailableError)
          return { ok: false, error: err.message, retry: "backoff" };
        return {
          ok: false,
          error: `Rendering ${parsed.data.filename} failed: ${(err as Error).message}`,
          retry: "backoff",
        };
      }
    }
    return { ok: true, attachments: out };
  };
}
