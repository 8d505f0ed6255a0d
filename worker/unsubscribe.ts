/**
 * One-click unsubscribe of marketing mail (RFC 8058), on every host:
 *   GET  /unsubscribe?token=…  a small page naming the (half-hidden) address with ONE button — a
 *        GET never unsubscribes, so link scanners that open every link change nothing;
 *   POST /unsubscribe?token=…  unsubscribes: what mail providers send for
 *        `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and what the page's button sends.
 * The token is checked by the database (public.unsubscribe / unsubscribe_address: an HMAC only
 * the database can make), called with the publishable key; a tampered token changes nothing and
 * gets the same "link not valid" page. Pages are plain HTML from the edge: no SPA, no script.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { UNSUBSCRIBE_PATH } from "#core/email-marketing/merge.ts";
import { SITE_NAME } from "#core/seo/meta.ts";
import type { EdgeContext, EdgeEnv } from "./env.ts";

type UnsubscribeEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext; nonce: string } };

const tokenSchema = z
  .string()
  .min(40)
  .max(200)
  .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);

async function rpc(
  edge: EdgeContext,
  fn: "unsubscribe" | "unsubscribe_address",
  token: string,
): Promise<unknown> {
  const res = await fetch(`${edge.supabaseUrl.replace(/\/+$/, "")}/rest/v1/rpc/${fn}`, {
    method: "POST",
    headers: {
      apikey: edge.publishableKey,
      authorization: `Bearer ${edge.publishableKey}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`${fn} answered ${res.status}`);
  return res.json();
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(c: Context<UnsubscribeEnv>, status: 200 | 400 | 503, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} | ${SITE_NAME}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#0b5d3b;color:#fff;cursor:pointer}</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
  return c.html(html, status, { "cache-control": "no-store", "x-robots-tag": "noindex" });
}

const invalid = (c: Context<UnsubscribeEnv>) =>
  page(
    c,
    400,
    "This unsubscribe link is not valid",
    `<p>It may have been cut or changed. Use the link in the e-mail you received, or reply to that e-mail and we will take you off the list.</p>`,
  );

export function unsubscribeRoutes(): Hono<UnsubscribeEnv> {
  const app = new Hono<UnsubscribeEnv>();

  app.get(UNSUBSCRIBE_PATH, async (c) => {
    const token = tokenSchema.safeParse(c.req.query("token") ?? "");
    if (!token.success) return invalid(c);
    const address = z
      .string()
      .nullable()
      .safeParse(await rpc(c.var.edge, "unsubscribe_address", token.data).catch(() => undefined));
    if (!address.success)
      return page(c, 503, "Please try again shortly", "<p>We could not reach our records just now.</p>");
    if (!address.data) return invalid(c);
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token.data)}`;
    return page(
      c,
      200,
      "Unsubscribe from our e-mails?",
      `<p>${escape(address.data)} will receive no more news or offers from ${escape(SITE_NAME)}. Messages about your own enquiries, viewings and invoices still reach you.</p>
<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  app.post(UNSUBSCRIBE_PATH, async (c) => {
    const token = tokenSchema.safeParse(c.req.query("token") ?? "");
    if (!token.success) return invalid(c);
    const done = z
      .boolean()
      .safeParse(await rpc(c.var.edge, "unsubscribe", token.data).catch(() => undefined));
    if (!done.success)
      return page(
        c,
        503,
        "Please try again shortly",
        "<p>We could not reach our records just now; your request was not recorded.</p>",
      );
    if (!done.data) return invalid(c);
    return page(
      c,
      200,
      "You are unsubscribed",
      `<p>You will receive no more marketing e-mail from ${escape(SITE_NAME)}. If this was a mistake, tell your agent and they can add you back with your consent.</p>`,
    );
  });

  return app;
}
