/**
 * The outbox pages: GET /_outbox (a readable list of every stored mail, newest first) and
 * GET /_outbox/api/messages[?to=address][&limit=n] (JSON, for tests that follow mailed links and
 * check headers); POST /_outbox/api/send and /_outbox/api/faults are the provider side (send.ts).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { EmulatorContext } from "../context.ts";
import { escapeHtml, listMails, type StoredMail } from "./mail.ts";
import { mountOutboxSend } from "./send.ts";

const Query = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

function page(mails: StoredMail[], to: string | undefined): string {
  const rows = mails
    .map(
      (m) => `<article>
  <header><h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">#${m.id} · ${m.from ? `from ${escapeHtml(m.from)} · ` : ""}to <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.kind)} · <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at)}</time></p></header>
  <iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(`<base target="_blank">${m.html}`)}"></iframe>
  ${m.attachments.length ? `<p class="meta">Attached: ${m.attachments.map((a) => `${escapeHtml(a.filename)} (${escapeHtml(a.content_type)}, ${Math.round((a.content.length * 3) / 4 / 1024)} KB)`).join(", ")}</p>` : ""}
  ${m.text ? `<details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>` : ""}
  ${m.attachments.length ? `<p class="meta">Attached: ${m.attachments.map((a) => `<a download="${escapeHtml(a.filename)}" href="data:${escapeHtml(a.content_type)};base64,${escapeHtml(a.content)}">${escapeHtml(a.filename)}</a>`).join(", ")}</p>` : ""}
  ${
    Object.keys(m.headers).length
      ? `<details><summary>Headers</summary><pre>${escapeHtml(
          Object.entries(m.headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join("\n"),
        )}</pre></details>`
      : ""
  }
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox${to ? ` · ${escapeHtml(to)}` : ""}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem;color:#1a1a1a;background:#fafafa}
h1{font-size:1.4rem} h2{font-size:1.1rem;margin:0} .meta{color:#555;margin:.2rem 0 .6rem}
article{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}
iframe{width:100%;min-height:12rem;border:1px solid #eee;border-radius:4px;background:#fff}
form{margin:0 0 1rem} input{padding:.3rem .5rem} pre{white-space:pre-wrap}
</style></head>
<body><h1>Outbox <small>(${mails.length} mail${mails.length === 1 ? "" : "s"}, newest first)</small></h1>
<form method="get"><label>Recipient <input type="email" name="to" value="${escapeHtml(to ?? "")}"></label> <button>Filter</button> <a href="?">All</a></form>
${rows || "<p>No mail has been sent yet.</p>"}
</body></html>`;
}

export function outboxApp(ctx: EmulatorContext): Hono {
  const app = new Hono();
  mountOutboxSend(app, ctx);
  app.get("/api/messages", async (c) => {
    const q = Query.safeParse(c.req.query());
    if (!q.success)
      return c.json({ message: `Invalid query: ${q.error.issues[0]?.message ?? "bad parameter"}` }, 400);
    const messages = await ctx.db.admin((tx) => listMails(tx, q.data));
    return c.json({ messages });
  });
  app.get("/", (c) => listPage(c));
  app.get("/index.html", (c) => listPage(c));
  app.get("*", (c) =>
    c.req.path.endsWith("/_outbox/") ? listPage(c) : c.json({ message: "Not found" }, 404),
  );
  app.all("*", (c) => c.json({ message: "Not found" }, 404));
  return app;

  async function listPage(c: Context) {
    const q = Query.safeParse(c.req.query());
    const opts = q.success ? q.data : {};
    const mails = await ctx.db.admin((tx) => listMails(tx, opts));
    c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'");
    return c.html(page(mails, opts.to));
  }
}
