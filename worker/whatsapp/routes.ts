/**
 * The WhatsApp Cloud API's webhook:
 *   GET  /api/whatsapp/webhook  the verification handshake: `hub.mode=subscribe`, `hub.verify_token`
 *        (WHATSAPP_VERIFY_TOKEN) → 200 with `hub.challenge` as text; anything else 403.
 *   POST /api/whatsapp/webhook  delivery statuses and incoming messages. The raw body (at most the
 *        API's 16 KB: 413 beyond) must carry `X-Hub-Signature-256: sha256=<HMAC-SHA256 with
 *        WHATSAPP_APP_SECRET>` (401 otherwise, nothing read further); a body that is not the
 *        Cloud API's shape is a 400. The database applies it once (receive_whatsapp_events: a
 *        replayed body answers 200 {outcome: "duplicate"} and changes nothing), then the people it
 *        notified (an owner whose contact wrote, admins for a new lead) are poked through the hub.
 *        503 when the database cannot be reached: the Cloud API retries.
 */
import { Hono } from "hono";
import { z } from "zod";
import { FORM_MAX_BODY_BYTES } from "#core/form-fields.ts";
import { sha256Hex } from "#core/hmac.ts";
import { readCappedBody } from "#core/read-capped-body.ts";
import {
  validWhatsAppSignature,
  webhookEvents,
  WHATSAPP_SIGNATURE_HEADER,
  WHATSAPP_WEBHOOK_PATH,
  whatsappWebhookSchema,
} from "#core/whatsapp/whatsapp.ts";
import type { EdgeContext, EdgeEnv } from "../env.ts";
import { hubPublisher } from "../inbox-live.ts";
import { serviceDb } from "../lib/service-db.ts";

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };

const receivedSchema = z.object({
  outcome: z.enum(["processed", "duplicate"]),
  statuses: z.number().optional(),
  received: z.number().optional(),
  new_leads: z.number().optional(),
  leads: z.array(z.string()).optional(),
  contacts: z.array(z.string()).optional(),
  pokes: z.array(z.object({ userId: z.string(), notificationId: z.string(), kind: z.string() })).optional(),
});

export function whatsappRoutes(): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();

  app.get(WHATSAPP_WEBHOOK_PATH, (c) => {
    const expected = c.env.WHATSAPP_VERIFY_TOKEN?.trim();
    if (!expected) return c.text("WhatsApp is not configured", 503);
    const challenge = c.req.query("hub.challenge") ?? "";
    if (
      c.req.query("hub.mode") !== "subscribe" ||
      c.req.query("hub.verify_token") !== expected ||
      !/^[\w-]{1,200}$/.test(challenge)
    )
      return c.text("Verification failed", 403);
    return c.text(challenge, 200, { "cache-control": "no-store" });
  });

  app.post(WHATSAPP_WEBHOOK_PATH, async (c) => {
    const secret = c.env.WHATSAPP_APP_SECRET?.trim();
    if (!secret) return c.json({ error: "not_configured", message: "WHATSAPP_APP_SECRET is not set" }, 503);
    const raw = await readCappedBody(c.req.raw, FORM_MAX_BODY_BYTES);
    if (raw === null)
      return c.json({ error: "too_large", message: `At most ${FORM_MAX_BODY_BYTES} bytes` }, 413);
    if (!(await validWhatsAppSignature(secret, raw, c.req.header(WHATSAPP_SIGNATURE_HEADER)))) {
      console.warn("[whatsapp] webhook refused: the signature does not match the body");
      return c.json({ error: "bad_signature", message: "X-Hub-Signature-256 does not match the body" }, 401);
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      return c.json({ error: "invalid", message: "The body is not JSON" }, 400);
    }
    const parsed = whatsappWebhookSchema.safeParse(json);
    if (!parsed.success) return c.json({ error: "invalid", message: "Not a WhatsApp Business webhook" }, 400);
    const events = webhookEvents(parsed.data);
    const { data, error } = await serviceDb(c.env).rpc("receive_whatsapp_events", {
      body_sha256: await sha256Hex(raw),
      events: events as never,
    });
    const answer = error ? null : receivedSchema.safeParse(data);
    if (!answer?.success) {
      console.error(`[whatsapp] recording the webhook failed: ${error?.message ?? "unexpected answer"}`);
      return c.json({ error: "unavailable", message: "Try again shortly" }, 503, { "Retry-After": "30" });
    }
    const r = answer.data;
    if (r.outcome === "duplicate")
      return c.json({ received: true, outcome: "duplicate", message: "This delivery was handled before" });
    // Ids only: open contact pages and inboxes refetch through their own RLS.
    const leads = (r.leads ?? []).slice(0, 100);
    const wrote = (r.contacts ?? []).slice(0, 100);
    const updates = [
      ...(leads.length ? [{ module: "inbox" as const, action: "created" as const, ids: leads }] : []),
      ...(wrote.length ? [{ module: "contacts" as const, action: "updated" as const, ids: wrote }] : []),
    ];
    if (r.pokes?.length || updates.length)
      c.executionCtx.waitUntil(hubPublisher(c.env)({ updates, pokes: r.pokes?.slice(0, 100) }));
    return c.json({
      received: true,
      outcome: "processed",
      statuses: r.statuses ?? 0,
      messages: r.received ?? 0,
      new_leads: r.new_leads ?? 0,
    });
  });

  return app;
}
