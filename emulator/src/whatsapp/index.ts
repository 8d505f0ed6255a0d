/**
 * A WhatsApp Cloud API sandbox inside the local stack (like the Paystack one), so the site's
 * WhatsApp messages run end to end offline — in Chromium too. The edge worker's
 * WHATSAPP_BASE_URL points here locally (<emulator>/_whatsapp/v21.0), with the sandbox's access
 * token and phone number id (core/whatsapp LOCAL_WHATSAPP_*):
 *   POST /_whatsapp/:version/:phone_number_id/messages   the Cloud API's send: a template with its
 *        parameters, checked against the approved templates (public.whatsapp_templates): an
 *        unknown template is #132001, a wrong number of parameters #132000 (HTTP 400, Meta's
 *        error shape); accepted → {messaging_product, contacts, messages: [{id: "wamid.…"}]} and,
 *        right after, the 'sent' status webhook. No idempotency key, as the real API.
 *   GET  /_whatsapp                                      the page: messages sent, buttons to mark
 *        delivered / read / failed and to reply as the contact (POST …/messages/:id/status,
 *        …/messages/:id/reply), a form to write in from any number (POST /_whatsapp/inbound)
 *   GET  /_whatsapp/api/messages[?to=digits][&direction=inbound][&limit=n]   JSON {messages}, newest first
 *   POST /_whatsapp/api/messages/:id/status {status}, /_whatsapp/api/messages/:id/reply {text},
 *        /_whatsapp/api/inbound {from, name?, text}     the same as the buttons, for tests
 *   POST /_whatsapp/api/settings {reply_delay_ms}        tests: hold each send's answer (a slow API)
 * Every webhook is signed like Meta's: X-Hub-Signature-256 = sha256=HMAC-SHA256(app secret, body),
 * posted to the site (config.whatsappSandbox.webhookUrl) and retried a few times, as Meta retries.
 * Not part of hosted Supabase; production talks to graph.facebook.com.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { readCappedBody } from "#core/read-capped-body.ts";
import {
  cloudTemplateMessageSchema,
  LOCAL_WHATSAPP_BUSINESS_NUMBER,
  renderTemplate,
  WHATSAPP_SANDBOX_PATH,
  WHATSAPP_SIGNATURE_HEADER,
  whatsappSignature,
} from "#core/whatsapp/whatsapp.ts";
import type { EmulatorContext } from "../context.ts";
import { sandboxPage } from "./page.ts";
import { sandboxStore, type StoredMessage } from "./store.ts";

const WABA_ID = "200000000000002";
const statusSchema = z.object({ status: z.enum(["delivered", "read", "failed"]) });
const replySchema = z.object({ text: z.string().trim().min(1).max(4096) });
const inboundSchema = z.object({
  from: z
    .string()
    .transform((s) => s.replace(/[\s+()-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^[1-9]\d{7,14}$/, "from: the sender's number with its country code, e.g. 233241234567"),
    ),
  name: z.string().trim().max(200).optional(),
  text: z.string().trim().min(1).max(4096),
});
const listSchema = z.object({
  to: z
    .string()
    .regex(/^\+?\d{8,15}$/)
    .transform((s) => s.replace(/^\+/, ""))
    .optional(),
  direction: z.enum(["outbound", "inbound"]).default("outbound"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const metaError = (c: Context, status: 400 | 401 | 404, code: number, message: string, details?: string) =>
  c.json(
    {
      error: {
        message: `(#${code}) ${message}`,
        type: "OAuthException",
        code,
        ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
        fbtrace_id: "sandbox",
      },
    },
    status,
  );

const newWamid = () => `wamid.sandbox${crypto.randomUUID().replace(/-/g, "")}`;
const seconds = () => String(Math.floor(Date.now() / 1000));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function whatsappSandboxApp(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const { appSecret, accessToken, phoneNumberId, webhookUrl } = ctx.config.whatsappSandbox;
  const store = sandboxStore(ctx);
  let replyDelayMs = 0;

  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: LOCAL_WHATSAPP_BUSINESS_NUMBER,
                phone_number_id: phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  });

  /** Posts a signed webhook about message `m`, as Meta does (retrying a failed delivery a few times). */
  async function deliver(m: StoredMessage, payload: unknown): Promise<string> {
    const body = JSON.stringify(payload);
    const signature = await whatsappSignature(appSecret, body);
    let outcome = "not sent";
    for (const wait of [0, 1000, 3000, 9000]) {
      if (wait) await sleep(wait);
      try {
        const res = await fetch(webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", [WHATSAPP_SIGNATURE_HEADER]: signature },
          body,
          signal: AbortSignal.timeout(20_000),
        });
        outcome = String(res.status);
        if (res.status < 500) break;
      } catch (err) {
        outcome = `unreachable: ${(err as Error).message}`;
      }
    }
    if (!/^2/.test(outcome)) console.warn(`[whatsapp sandbox] webhook to ${webhookUrl}: ${outcome}`);
    await store.setWebhook(m.id, body, outcome);
    return outcome;
  }

  const statusWebhook = (m: StoredMessage, status: "sent" | "delivered" | "read" | "failed") =>
    deliver(
      m,
      envelope({
        statuses: [
          {
            id: m.wa_message_id,
            status,
            timestamp: seconds(),
            recipient_id: m.to,
            ...(m.reference ? { biz_opaque_callback_data: m.reference } : {}),
            ...(status === "failed"
              ? { errors: [{ code: 131026, title: "Message undeliverable (sandbox)" }] }
              : { conversation: { id: "sandbox", origin: { type: "utility" } } }),
          },
        ],
      }),
    );

  async function writeIn(from: string, name: string | undefined, text: string, replyTo?: StoredMessage) {
    const m = await store.add({
      wa_message_id: newWamid(),
      direction: "inbound",
      to: LOCAL_WHATSAPP_BUSINESS_NUMBER,
      from,
      name: name ?? null,
      body: text,
      status: "delivered",
    });
    const outcome = await deliver(
      m,
      envelope({
        contacts: [{ profile: { name: name || `+${from}` }, wa_id: from }],
        messages: [
          {
            from,
            id: m.wa_message_id,
            timestamp: seconds(),
            type: "text",
            text: { body: text },
            ...(replyTo
              ? { context: { from: LOCAL_WHATSAPP_BUSINESS_NUMBER, id: replyTo.wa_message_id } }
              : {}),
          },
        ],
      }),
    );
    return { ...m, webhook_status: outcome };
  }

  // ── The Cloud API ──────────────────────────────────────────────────────────────────────────
  app.post("/:version{v\\d+\\.\\d+}/:phoneNumberId/messages", async (c) => {
    if (c.req.header("authorization") !== `Bearer ${accessToken}`)
      return metaError(c, 401, 190, "Invalid OAuth access token - Cannot parse access token");
    if (c.req.param("phoneNumberId") !== phoneNumberId)
      return metaError(c, 400, 100, "Unsupported post request. Object with ID does not exist");
    const bytes = await readCappedBody(c.req.raw, 65_536);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes ?? new Uint8Array()));
    } catch {
      return metaError(c, 400, 100, "Invalid parameter", "The body is not JSON");
    }
    const parsed = cloudTemplateMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return metaError(c, 400, 100, "Invalid parameter", `${issue?.path.join(".")}: ${issue?.message}`);
    }
    const msg = parsed.data;
    const template = await store.template(msg.template.name, msg.template.language.code);
    if (!template?.is_active)
      return metaError(
        c,
        404,
        132001,
        "Template name does not exist in the translation",
        `template name (${msg.template.name}) does not exist in ${msg.template.language.code}`,
      );
    const params = msg.template.components?.[0]?.parameters.map((p) => p.text) ?? [];
    if (params.length !== template.param_count)
      return metaError(
        c,
        400,
        132000,
        "Number of parameters does not match the expected number of params",
        `body: number of localizable_params (${params.length}) does not match the expected number of params (${template.param_count})`,
      );
    const stored = await store.add({
      wa_message_id: newWamid(),
      direction: "outbound",
      to: msg.to,
      template: msg.template.name,
      language: msg.template.language.code,
      parameters: params,
      body: renderTemplate(template.body, params),
      status: "sent",
      reference: msg.biz_opaque_callback_data ?? null,
    });
    void statusWebhook(stored, "sent");
    if (replyDelayMs > 0) await sleep(replyDelayMs);
    return c.json({
      messaging_product: "whatsapp",
      contacts: [{ input: msg.to, wa_id: msg.to }],
      messages: [{ id: stored.wa_message_id, message_status: "accepted" }],
    });
  });

  // ── The page and its buttons ───────────────────────────────────────────────────────────────
  /** Form posts only from the sandbox's own page (another site must not play the contact). */
  const fromThisPage = (c: Context) => {
    const origin = c.req.header("origin");
    if (!origin || origin === "null") return true;
    try {
      const u = new URL(origin);
      return u.port === String(ctx.config.port) && ["127.0.0.1", "localhost"].includes(u.hostname);
    } catch {
      return false;
    }
  };

  async function render(c: Context, notice?: string) {
    const [out, replies] = await Promise.all([
      store.list({ direction: "outbound", limit: 100 }),
      store.list({ direction: "inbound", limit: 50 }),
    ]);
    c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
    return c.html(sandboxPage(out, replies, notice));
  }

  app.get("/", (c) => render(c));

  app.post("/messages/:id/status", async (c) => {
    if (!fromThisPage(c)) return c.text("Forbidden", 403);
    const m = await store.get(c.req.param("id"));
    const form = statusSchema.safeParse(await c.req.parseBody());
    if (!m || m.direction !== "outbound" || !form.success) return render(c, "No such message or status.");
    await store.setStatus(m.id, form.data.status);
    await statusWebhook(m, form.data.status);
    return c.redirect(WHATSAPP_SANDBOX_PATH, 303);
  });

  app.post("/messages/:id/reply", async (c) => {
    if (!fromThisPage(c)) return c.text("Forbidden", 403);
    const m = await store.get(c.req.param("id"));
    const form = replySchema.safeParse(await c.req.parseBody());
    if (!m || m.direction !== "outbound" || !form.success) return render(c, "Write a reply first.");
    await writeIn(m.to, undefined, form.data.text, m);
    return c.redirect(WHATSAPP_SANDBOX_PATH, 303);
  });

  app.post("/inbound", async (c) => {
    if (!fromThisPage(c)) return c.text("Forbidden", 403);
    const form = inboundSchema.safeParse(await c.req.parseBody());
    if (!form.success) return render(c, form.error.issues[0]?.message ?? "Check the form.");
    await writeIn(form.data.from, form.data.name, form.data.text);
    return c.redirect(WHATSAPP_SANDBOX_PATH, 303);
  });

  // ── The API for tests ──────────────────────────────────────────────────────────────────────
  app.get("/api/messages", async (c) => {
    const q = listSchema.safeParse(c.req.query());
    if (!q.success) return c.json({ message: q.error.issues[0]?.message ?? "bad query" }, 400);
    const messages = await store.list(q.data);
    return c.json({ messages: messages.map(({ webhook_body: _body, ...m }) => m) });
  });

  const jsonOf = async (c: Context) => {
    const bytes = await readCappedBody(c.req.raw, 16_384);
    try {
      return JSON.parse(new TextDecoder().decode(bytes ?? new Uint8Array())) as unknown;
    } catch {
      return null;
    }
  };

  app.post("/api/messages/:id/status", async (c) => {
    const m = await store.get(c.req.param("id"));
    const body = statusSchema.safeParse(await jsonOf(c));
    if (!m || m.direction !== "outbound") return c.json({ message: "No such message" }, 404);
    if (!body.success) return c.json({ message: "status: delivered | read | failed" }, 400);
    await store.setStatus(m.id, body.data.status);
    return c.json({
      id: m.id,
      status: body.data.status,
      webhook_status: await statusWebhook(m, body.data.status),
    });
  });

  app.post("/api/messages/:id/reply", async (c) => {
    const m = await store.get(c.req.param("id"));
    const body = replySchema.safeParse(await jsonOf(c));
    if (!m || m.direction !== "outbound") return c.json({ message: "No such message" }, 404);
    if (!body.success) return c.json({ message: "text: the reply" }, 400);
    const reply = await writeIn(m.to, undefined, body.data.text, m);
    return c.json({ id: reply.id, wa_message_id: reply.wa_message_id, webhook_status: reply.webhook_status });
  });

  app.post("/api/inbound", async (c) => {
    const body = inboundSchema.safeParse(await jsonOf(c));
    if (!body.success) return c.json({ message: body.error.issues[0]?.message ?? "from, text" }, 400);
    const m = await writeIn(body.data.from, body.data.name, body.data.text);
    return c.json({ id: m.id, wa_message_id: m.wa_message_id, webhook_status: m.webhook_status });
  });

  app.post("/api/settings", async (c) => {
    const body = z.object({ reply_delay_ms: z.number().int().min(0).max(60_000) }).safeParse(await jsonOf(c));
    if (!body.success) return c.json({ message: "reply_delay_ms: 0–60000" }, 400);
    replyDelayMs = body.data.reply_delay_ms;
    return c.json({ reply_delay_ms: replyDelayMs });
  });

  app.all("*", (c) => metaError(c, 404, 100, "Unknown path components"));
  return app;
}
