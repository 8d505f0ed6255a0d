/**
 * Marketing mail's two edge endpoints:
 *   GET  /api/email/click?l=<link>&t=<token>  a link in a campaign mail: the database checks the
 *        signed recipient token and that the link is that campaign's (public.record_email_click,
 *        publishable key), records the click and gives back the link's own URL — the only place
 *        this redirects to, so it is never an open redirect. Anything else: a 404 page.
 *   POST /api/email/events  the e-mail provider's webhook (Resend: Svix-signed with
 *        EMAIL_WEBHOOK_SECRET): a bounce or complaint suppresses the address for marketing and
 *        marks its recipient (public.record_email_delivery_event, secret key). A bad signature is
 *        a 401 before the body is parsed; a malformed body a 400; other event types a 200 no-op.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  EMAIL_CLICK_PATH,
  EMAIL_EVENTS_PATH,
  clickQuerySchema,
  clickTargetSchema,
  emailEventSchema,
  suppressionOf,
  verifyWebhook,
} from "#core/email-marketing/sending.ts";
import type { EdgeContext, EdgeEnv } from "./env.ts";
import { serviceDb } from "./lib/service-db.ts";

type MarketingEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };

function notALink(c: Context<MarketingEnv>) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Link not found</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>This link is not valid</h1><p>It may have been cut or changed. Open the link from the e-mail you received.</p></body></html>`,
    404,
    { "cache-control": "no-store", "x-robots-tag": "noindex" },
  );
}

export function emailMarketingRoutes(now: () => Date = () => new Date()): Hono<MarketingEnv> {
  const app = new Hono<MarketingEnv>();

  app.get(EMAIL_CLICK_PATH, async (c) => {
    const q = clickQuerySchema.safeParse({ l: c.req.query("l"), t: c.req.query("t") });
    if (!q.success) return notALink(c);
    const edge = c.var.edge;
    let answer: unknown;
    try {
      const res = await fetch(`${edge.supabaseUrl.replace(/\/+$/, "")}/rest/v1/rpc/record_email_click`, {
        method: "POST",
        headers: {
          apikey: edge.publishableKey,
          authorization: `Bearer ${edge.publishableKey}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ link: q.data.l, token: q.data.t }),
      });
      if (!res.ok) throw new Error(`record_email_click answered ${res.status}`);
      answer = await res.json();
    } catch (err) {
      console.error("[email-click]", err);
      return c.text("We could not open this link just now; please try again shortly.", 503, {
        "retry-after": "10",
        "cache-control": "no-store",
      });
    }
    const target = clickTargetSchema.safeParse(answer);
    if (!target.success) return notALink(c);
    return c.redirect(target.data, 302);
  });

  app.post(EMAIL_EVENTS_PATH, async (c) => {
    const secret = c.env.EMAIL_WEBHOOK_SECRET?.trim();
    if (!secret) return c.json({ error: "not_configured", message: "EMAIL_WEBHOOK_SECRET is not set" }, 503);
    const body = await c.req.text();
    const signed = await verifyWebhook(
      secret,
      {
        id: c.req.header("svix-id") ?? null,
        timestamp: c.req.header("svix-timestamp") ?? null,
        signature: c.req.header("svix-signature") ?? null,
      },
      body,
      now(),
    );
    if (!signed)
      return c.json({ error: "invalid_signature", message: "The webhook signature does not match" }, 401);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return c.json({ error: "invalid_body", message: "The body is not JSON" }, 400);
    }
    const event = emailEventSchema.safeParse(json);
    if (!event.success) return c.json({ error: "invalid_body", message: z.prettifyError(event.error) }, 400);
    const reason = suppressionOf(event.data.type);
    if (!reason) return c.json({ recorded: 0, ignored: event.data.type });
    const addresses = [event.data.data.to].flat();
    const db = serviceDb(c.env);
    for (const address of addresses) {
      const { error } = await db.rpc("record_email_delivery_event", { event: reason, address });
      // The provider retries a non-2xx answer: say so rather than dropping the event.
      if (error)
        return c.json({ error: "unavailable", message: error.message }, 503, { "retry-after": "30" });
    }
    return c.json({ recorded: addresses.length, event: reason });
  });

  return app;
}
