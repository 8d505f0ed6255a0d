/**
 * The outbox as an e-mail provider: `POST /_outbox/api/send` takes a message from the edge
 * worker's `outbox` provider (worker/email/outbox-provider.ts) and stores it, with its sender,
 * headers and kind, instead of sending it anywhere. Shaped like Resend's `POST /emails` so the
 * worker's two providers behave alike: secret key only, JSON body checked by core's schema,
 * `Idempotency-Key` (the same key again stores nothing and answers the first id), `{id}` back,
 * errors as `{statusCode, name, message}`.
 *
 * `POST /_outbox/api/send-batch` takes up to 100 messages in one call, each with its own idempotency
 * key (one transaction instead of one per mail: the delivery job's bulk sends), and answers each.
 *
 * `POST /_outbox/api/faults` (secret key) makes the next sends to one address fail with a chosen
 * status — how tests show that a provider outage leaves the mail queued, not lost or doubled.
 */
import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { readCappedBody } from "#core/read-capped-body.ts";
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  outboxBatchSchema,
  outboxFaultSchema,
  outgoingEmailSchema,
  type OutboxFault,
} from "#core/schemas/email.ts";
import { fieldErrors } from "#core/schemas/forms.ts";
import type { EmulatorContext } from "../context.ts";
import { resolveRequestAuth } from "../http/request-auth.ts";
import { storeProviderMail, type ProviderMail } from "./mail.ts";

/** An HTML body of 500,000 characters may take up to 4 bytes each, plus attachments (5,000,000 base64 characters) and the rest. */
const MAX_SEND_BYTES = 7_200_000;
const MAX_FAULT_BYTES = 4_096;
/** A batch: the delivery job sends mail without attachments in batches, far below this. */
const MAX_BATCH_BYTES = 10_000_000;

function providerError(
  c: Context,
  status: number,
  name: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return c.json({ statusCode: status, name, message, ...extra }, status as ContentfulStatusCode);
}

/** Only the secret key (service_role, no user session) may hand mail to the outbox. */
async function refuseUnlessSecretKey(c: Context, ctx: EmulatorContext): Promise<Response | null> {
  const auth = await resolveRequestAuth(c, ctx.config, ctx.keys);
  if (!auth.ok)
    return providerError(
      c,
      401,
      "missing_api_key",
      `${auth.message}: send the secret key (apikey header or Authorization: Bearer)`,
    );
  if (auth.keyKind !== "secret" || auth.identity.role !== "service_role")
    return providerError(
      c,
      403,
      "restricted_api_key",
      "The outbox accepts mail only with the secret key; the publishable key and user sessions may not send",
    );
  return null;
}

/** The JSON body of a secret-key request, or the response refusing it (401/403 key, 415 not JSON, 413 too large, 400 not parseable). */
async function secretJsonBody(
  c: Context,
  ctx: EmulatorContext,
  cap: number,
): Promise<{ ok: true; body: unknown } | { ok: false; res: Response }> {
  const refused = await refuseUnlessSecretKey(c, ctx);
  if (refused) return { ok: false, res: refused };
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("application/json"))
    return {
      ok: false,
      res: providerError(
        c,
        415,
        "invalid_content_type",
        "Send the message as JSON (Content-Type: application/json)",
      ),
    };
  const bytes = await readCappedBody(c.req.raw, cap);
  if (bytes === null)
    return {
      ok: false,
      res: providerError(c, 413, "payload_too_large", `The request body is larger than ${cap} bytes`),
    };
  try {
    return { ok: true, body: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, res: providerError(c, 400, "invalid_json", "The request body is not valid JSON") };
  }
}

export function mountOutboxSend(app: Hono, ctx: EmulatorContext): void {
  /** Pending simulated failures per lower-cased address, consumed one per send. */
  const faults = new Map<string, OutboxFault[]>();
  const takeFault = (to: string): OutboxFault | undefined => {
    const pending = faults.get(to.toLowerCase());
    const fault = pending?.shift();
    if (pending && !pending.length) faults.delete(to.toLowerCase());
    return fault;
  };

  app.post("/api/send", async (c) => {
    const read = await secretJsonBody(c, ctx, MAX_SEND_BYTES);
    if (!read.ok) return read.res;
    const parsed = outgoingEmailSchema.safeParse(read.body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const summary = Object.entries(errors)
        .map(([field, message]) => `${field}: ${message}`)
        .join("; ");
      return providerError(c, 422, "validation_error", `Invalid message — ${summary}`, { errors });
    }
    const rawKey = c.req.header(IDEMPOTENCY_KEY_HEADER);
    const key = rawKey === undefined ? null : idempotencyKeySchema.safeParse(rawKey);
    if (key && !key.success)
      return providerError(
        c,
        400,
        "invalid_idempotency_key",
        key.error.issues[0]?.message ?? "Invalid idempotency key",
      );

    const mail = parsed.data;
    const fault = takeFault(mail.to);
    if (fault) {
      if (fault.retry_after) c.header("Retry-After", String(fault.retry_after));
      return providerError(c, fault.status, "simulated_failure", fault.message);
    }

    const stored = await ctx.db.admin((tx) =>
      storeProviderMail(tx, {
        ...mail,
        text: mail.text ?? null,
        idempotencyKey: key?.data ?? null,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          content_type: a.content_type,
          content: a.content,
        })),
      }),
    );
    if (stored.replayed) c.header("Idempotent-Replayed", "true");
    return c.json({ id: String(stored.id) });
  });

  // Many messages, one transaction: each is checked, faulted and de-duplicated by its own key as
  // a single send would be, and answered in order (`{id}` or the refusal a single send would get).
  app.post("/api/send-batch", async (c) => {
    const read = await secretJsonBody(c, ctx, MAX_BATCH_BYTES);
    if (!read.ok) return read.res;
    const batch = outboxBatchSchema.safeParse(read.body);
    if (!batch.success)
      return providerError(
        c,
        422,
        "validation_error",
        `Invalid batch — ${Object.entries(fieldErrors(batch.error))
          .map(([f, m]) => `${f}: ${m}`)
          .join("; ")}`,
      );
    const results: Array<
      { id: string } | { statusCode: number; name: string; message: string; retry_after?: number }
    > = [];
    const toStore: Array<{ index: number; mail: ProviderMail }> = [];
    batch.data.messages.forEach((item, index) => {
      const parsed = outgoingEmailSchema.safeParse(item.message);
      if (!parsed.success) {
        const summary = Object.entries(fieldErrors(parsed.error))
          .map(([field, message]) => `${field}: ${message}`)
          .join("; ");
        results[index] = {
          statusCode: 422,
          name: "validation_error",
          message: `Invalid message — ${summary}`,
        };
        return;
      }
      const mail = parsed.data;
      const fault = takeFault(mail.to);
      if (fault) {
        results[index] = {
          statusCode: fault.status,
          name: "simulated_failure",
          message: fault.message,
          ...(fault.retry_after ? { retry_after: fault.retry_after } : {}),
        };
        return;
      }
      const attachments = mail.attachments.map((a) => ({
        filename: a.filename,
        content_type: a.content_type,
        content: a.content,
      }));
      toStore.push({
        index,
        mail: { ...mail, text: mail.text ?? null, idempotencyKey: item.idempotency_key, attachments },
      });
    });
    if (toStore.length) {
      const stored = await ctx.db.admin(async (tx) => {
        const ids: number[] = [];
        for (const s of toStore) ids.push((await storeProviderMail(tx, s.mail)).id);
        return ids;
      });
      toStore.forEach((s, k) => (results[s.index] = { id: String(stored[k]) }));
    }
    return c.json({ results });
  });

  app.post("/api/faults", async (c) => {
    const read = await secretJsonBody(c, ctx, MAX_FAULT_BYTES);
    if (!read.ok) return read.res;
    const parsed = outboxFaultSchema.safeParse(read.body);
    if (!parsed.success)
      return providerError(c, 422, "validation_error", "Invalid fault", {
        errors: fieldErrors(parsed.error),
      });
    const fault = parsed.data;
    const address = fault.to.toLowerCase();
    const list = faults.get(address) ?? [];
    for (let i = 0; i < fault.count; i++) list.push(fault);
    faults.set(address, list);
    return c.json({ to: fault.to, pending: list.length }, 201);
  });

  app.delete("/api/faults", async (c) => {
    const refused = await refuseUnlessSecretKey(c, ctx);
    if (refused) return refused;
    const to = c.req.query("to");
    if (to) faults.delete(to.toLowerCase());
    else faults.clear();
    return c.body(null, 204);
  });
}
