/**
 * WhatsApp Business on the Cloud API's model, shared by the edge worker (provider and webhook),
 * the emulator's sandbox that plays the Cloud API locally, the back-office and the tests:
 *   - numbers: E.164 in the database ("+233241234567"), digits on the wire ("233241234567");
 *   - approved message templates: a name, a language and a body with numbered parameters
 *     ({{1}}, {{2}} …) — a message fills every parameter or is refused;
 *   - sending: POST {graph}/{phone-number-id}/messages with the template and its parameters;
 *   - the webhook: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app
 *     secret>`, carrying delivery statuses (sent, delivered, read, failed) and incoming messages.
 */
import { z } from "zod";
import { toE164 } from "../business-contacts/phone.ts";
import { hmacHex, sameText } from "../hmac.ts";

/** The edge's webhook (POST: events; GET: the Cloud API's verification handshake). */
export const WHATSAPP_WEBHOOK_PATH = "/api/whatsapp/webhook";
export const WHATSAPP_SIGNATURE_HEADER = "x-hub-signature-256";
/** The Graph API the Cloud API lives under (production's WHATSAPP_BASE_URL default). */
export const WHATSAPP_GRAPH_URL = "https://graph.facebook.com/v21.0";

/** The local sandbox (emulator/src/whatsapp/): its page, its API for tests, and the Graph base it plays. */
export const WHATSAPP_SANDBOX_PATH = "/_whatsapp";
export const WHATSAPP_SANDBOX_MESSAGES_PATH = `${WHATSAPP_SANDBOX_PATH}/api/messages`;
export const WHATSAPP_SANDBOX_GRAPH_PATH = `${WHATSAPP_SANDBOX_PATH}/v21.0`;
/** Local stacks only: what production keeps as secrets (`wrangler secret put …`). */
export const LOCAL_WHATSAPP_APP_SECRET = "local-ghana-realty-whatsapp-app-secret";
export const LOCAL_WHATSAPP_ACCESS_TOKEN = "EAAlocalGhanaRealtySandboxToken";
export const LOCAL_WHATSAPP_PHONE_NUMBER_ID = "100000000000001";
export const LOCAL_WHATSAPP_VERIFY_TOKEN = "local-ghana-realty-verify-token";
/** The business number the sandbox answers from (the company's WhatsApp line). */
export const LOCAL_WHATSAPP_BUSINESS_NUMBER = "233302000100";

// ── Numbers ────────────────────────────────────────────────────────────────────────────────

const E164 = /^\+[1-9]\d{7,14}$/;

/** A number as typed → E.164 (Ghana numbers get +233), or null when it is no valid number. */
export function whatsappE164(raw: string | null | undefined): string | null {
  const e164 = toE164(raw);
  return e164 && E164.test(e164) ? e164 : null;
}

/** "+233241234567" → "233241234567", the form the Cloud API sends and takes. */
export function waDigits(e164: string): string {
  return e164.replace(/^\+/, "");
}

/** The Cloud API's "233241234567" (wa_id, from) → "+233241234567"; null when it is not a number. */
export function fromWaDigits(digits: string): string | null {
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

// ── Templates ──────────────────────────────────────────────────────────────────────────────

export const TEMPLATE_CATEGORIES = ["utility", "marketing", "authentication"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, string> = {
  utility: "Utility (confirmations, reminders, links)",
  marketing: "Marketing",
  authentication: "Authentication",
};

/** A template as the database keeps it (public.whatsapp_templates), mirroring what Meta approved. */
export const whatsappTemplateSchema = z.object({
  id: z.string(),
  name: z.string().regex(/^[a-z0-9_]{1,512}$/),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/),
  category: z.enum(TEMPLATE_CATEGORIES),
  body: z.string().min(1).max(1024),
  param_count: z.coerce.number().int().min(0),
  description: z.string().nullable(),
  is_active: z.boolean(),
});
export type WhatsAppTemplate = z.output<typeof whatsappTemplateSchema>;
export const WHATSAPP_TEMPLATE_COLUMNS = Object.keys(whatsappTemplateSchema.shape).join(", ");

/** How many parameters a template body takes: its highest {{n}} (Meta numbers them 1…n). */
export function templateParamCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

/** Why these parameters do not fit the template (the sentence shown and stored), or null. */
export function templateParamsProblem(
  template: Pick<WhatsAppTemplate, "name" | "param_count">,
  params: readonly string[],
): string | null {
  if (params.length !== template.param_count)
    return `The template "${template.name}" takes ${template.param_count} parameter${template.param_count === 1 ? "" : "s"}; ${params.length} ${params.length === 1 ? "was" : "were"} given.`;
  const empty = params.findIndex((p) => p.trim() === "");
  if (empty >= 0) return `Parameter {{${empty + 1}}} of "${template.name}" is empty.`;
  if (params.some((p) => p.length > 1024)) return "A template parameter is limited to 1024 characters.";
  return null;
}

/** The text a template shows with its parameters filled in (for the timeline and the sandbox). */
export function renderTemplate(body: string, params: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

// ── Sending (Cloud API) ────────────────────────────────────────────────────────────────────

/** POST /{phone-number-id}/messages with a template (the only kind a business may start a conversation with). */
export const cloudTemplateMessageSchema = z.object({
  messaging_product: z.literal("whatsapp"),
  recipient_type: z.literal("individual").optional(),
  to: z.string().regex(/^[1-9]\d{7,14}$/, "to: E.164 digits without +"),
  type: z.literal("template"),
  template: z.object({
    name: z.string().regex(/^[a-z0-9_]{1,512}$/),
    language: z.object({ code: z.string().min(2).max(10) }),
    components: z
      .array(
        z.object({
          type: z.literal("body"),
          parameters: z
            .array(z.object({ type: z.literal("text"), text: z.string().min(1).max(1024) }))
            .max(20),
        }),
      )
      .max(1)
      .optional(),
  }),
  /** Echoed in this message's status webhooks: our message id, so a status finds its row even before the answer was stored. */
  biz_opaque_callback_data: z.string().max(512).optional(),
});
export type CloudTemplateMessage = z.infer<typeof cloudTemplateMessageSchema>;

export function cloudTemplateMessage(input: {
  toE164: string;
  template: string;
  language: string;
  params: readonly string[];
  reference: string;
}): CloudTemplateMessage {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: waDigits(input.toE164),
    type: "template",
    template: {
      name: input.template,
      language: { code: input.language },
      ...(input.params.length
        ? { components: [{ type: "body", parameters: input.params.map((text) => ({ type: "text", text })) }] }
        : {}),
    },
    biz_opaque_callback_data: input.reference,
  };
}

export const cloudSendResponseSchema = z.object({
  messaging_product: z.literal("whatsapp"),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1).max(200) })).min(1),
});

export const cloudErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).partial().optional(),
  }),
});

// ── The webhook ────────────────────────────────────────────────────────────────────────────

/** sha256=<hex HMAC-SHA256 of the raw body with the app secret> — what Meta sends (and the sandbox). */
export async function whatsappSignature(appSecret: string, body: string | Uint8Array): Promise<string> {
  return `sha256=${await hmacHex("SHA-256", appSecret, body)}`;
}

/** The header matches the body (constant-time), or the call is forged. */
export async function validWhatsAppSignature(
  appSecret: string,
  body: string | Uint8Array,
  received: string | null | undefined,
): Promise<boolean> {
  if (!received || !/^sha256=[0-9a-f]{64}$/i.test(received.trim())) return false;
  return sameText((await whatsappSignature(appSecret, body)).toLowerCase(), received.trim().toLowerCase());
}

export const DELIVERY_STATUSES = ["sent", "delivered", "read", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().min(1).max(40),
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(20).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(z.object({ code: z.number().optional(), title: z.string().max(500).optional() }).passthrough())
    .max(10)
    .optional(),
});

const incomingSchema = z.object({
  from: z.string().regex(/^[1-9]\d{7,14}$/),
  id: z.string().min(1).max(200),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().min(1).max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z
    .object({ text: z.string().max(256) })
    .partial()
    .optional(),
});

export const whatsappWebhookSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        id: z.string().max(100),
        changes: z
          .array(
            z.object({
              field: z.string().max(60),
              value: z.object({
                messaging_product: z.literal("whatsapp").optional(),
                metadata: z
                  .object({ display_phone_number: z.string().max(30), phone_number_id: z.string().max(40) })
                  .partial()
                  .optional(),
                contacts: z
                  .array(
                    z.object({
                      wa_id: z.string().max(20),
                      profile: z
                        .object({ name: z.string().max(200) })
                        .partial()
                        .optional(),
                    }),
                  )
                  .max(100)
                  .optional(),
                statuses: z.array(statusSchema).max(1000).optional(),
                messages: z.array(incomingSchema).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WhatsAppWebhook = z.infer<typeof whatsappWebhookSchema>;

/** One delivery status, as the database records it (public.receive_whatsapp_events). */
export interface StatusEvent {
  type: "status";
  wa_message_id: string;
  status: DeliveryStatus;
  at: string;
  reference: string | null;
  error: string | null;
}

/** One message a contact sent us. */
export interface IncomingEvent {
  type: "message";
  wa_message_id: string;
  from: string;
  name: string | null;
  body: string;
  at: string;
}

export type WhatsAppEvent = StatusEvent | IncomingEvent;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoOf = (seconds: string) => new Date(Number(seconds) * 1000).toISOString();

/** The events of a verified webhook body, flattened (statuses we do not know, e.g. "deleted", are left out). */
export function webhookEvents(payload: WhatsAppWebhook): WhatsAppEvent[] {
  const out: WhatsAppEvent[] = [];
  for (const entry of payload.entry)
    for (const change of entry.changes) {
      const v = change.value;
      for (const s of v.statuses ?? []) {
        if (!(DELIVERY_STATUSES as readonly string[]).includes(s.status)) continue;
        const ref = s.biz_opaque_callback_data;
        out.push({
          type: "status",
          wa_message_id: s.id,
          status: s.status as DeliveryStatus,
          at: isoOf(s.timestamp),
          reference: ref && UUID.test(ref) ? ref.toLowerCase() : null,
          error: s.errors?.length
            ? s.errors
                .map((e) => [e.code, e.title].filter(Boolean).join(" "))
                .join("; ")
                .slice(0, 500)
            : null,
        });
      }
      for (const m of v.messages ?? []) {
        const from = fromWaDigits(m.from);
        if (!from) continue;
        const body =
          m.text?.body ??
          m.button?.text ??
          `(${m.type} message: open WhatsApp on the business phone to see it)`;
        out.push({
          type: "message",
          wa_message_id: m.id,
          from,
          name: v.contacts?.find((c) => c.wa_id === m.from)?.profile?.name?.trim() || null,
          body: body.slice(0, 4096),
          at: isoOf(m.timestamp),
        });
      }
    }
  return out;
}

/** An incoming message that withdraws the WhatsApp opt-in (Meta asks businesses to honour it). */
export function isOptOut(body: string): boolean {
  return /^\s*(stop|unsubscribe|stop all|opt out)\s*[.!]?\s*$/i.test(body);
}

/** The sandbox's API: one message as tests and the page see it (newest first). */
export const sandboxMessageSchema = z.object({
  id: z.string(),
  wa_message_id: z.string(),
  to: z.string(),
  template: z.string(),
  language: z.string(),
  parameters: z.array(z.string()),
  body: z.string(),
  status: z.enum(["accepted", ...DELIVERY_STATUSES]),
  reference: z.string().nullable(),
  webhook_status: z.string().nullable(),
  created_at: z.string(),
});
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;
