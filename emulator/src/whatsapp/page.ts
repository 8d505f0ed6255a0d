/**
 * The sandbox's page (GET /_whatsapp): the messages the site sent, newest first — template,
 * parameters, the text the contact would read, to whom, the status — with buttons that play the
 * contact's phone (delivered, read, failed, a reply), and a form to write in from any number (an
 * unknown one becomes a new lead). Plain forms, no script.
 */
import { WHATSAPP_SANDBOX_PATH } from "#core/whatsapp/whatsapp.ts";
import { escapeHtml } from "../outbox/mail.ts";
import type { StoredMessage } from "./store.ts";

const e = escapeHtml;

function outbound(m: StoredMessage): string {
  const base = `${WHATSAPP_SANDBOX_PATH}/messages/${e(m.id)}`;
  const statusButton = (status: "delivered" | "read" | "failed", label: string) =>
    `<form method="post" action="${base}/status"><input type="hidden" name="status" value="${status}"><button>${label}</button></form>`;
  return `<article aria-labelledby="m-${e(m.id)}">
  <h2 id="m-${e(m.id)}">To +${e(m.to)} · <code>${e(m.template)}</code> (${e(m.language)})</h2>
  <p class="meta">Status <strong data-status>${e(m.status)}</strong> · <time datetime="${e(m.created_at)}">${e(m.created_at)}</time>${m.webhook_status ? ` · last webhook answered ${e(m.webhook_status)}` : ""}</p>
  <blockquote>${e(m.body)}</blockquote>
  ${m.parameters.length ? `<p class="meta">Parameters: ${m.parameters.map((p, i) => `{{${i + 1}}} = “${e(p)}”`).join(", ")}</p>` : ""}
  <div class="actions">
    ${statusButton("delivered", "Mark delivered")}
    ${statusButton("read", "Mark read")}
    ${statusButton("failed", "Mark failed")}
  </div>
  <form method="post" action="${base}/reply" class="reply">
    <label>Reply as +${e(m.to)} <input name="text" required maxlength="4096" autocomplete="off"></label>
    <button>Send reply</button>
  </form>
</article>`;
}

function inbound(m: StoredMessage): string {
  return `<li>From +${e(m.from ?? "")}${m.name ? ` (${e(m.name)})` : ""}: “${e(m.body)}” · <time datetime="${e(m.created_at)}">${e(m.created_at)}</time>${m.webhook_status ? ` · webhook answered ${e(m.webhook_status)}` : ""}</li>`;
}

export function sandboxPage(out: StoredMessage[], replies: StoredMessage[], notice?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>WhatsApp sandbox</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem;color:#1a1a1a;background:#f0f2f5}
h1{font-size:1.4rem} h2{font-size:1.05rem;margin:0} .meta{color:#555;margin:.2rem 0}
.note{background:#fef3c7;color:#78350f;border-radius:8px;padding:.5rem .75rem}
article,section{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}
blockquote{margin:.5rem 0;padding:.5rem .75rem;background:#dcf8c6;border-radius:8px}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0} form{margin:0}
button{padding:.4rem .8rem;border-radius:6px;border:1px solid #888;background:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #0b7a4b;outline-offset:2px}
input{padding:.35rem .5rem;border:1px solid #888;border-radius:6px;max-width:100%}
.reply label,.new label{display:inline-flex;gap:.5rem;align-items:center;flex-wrap:wrap}
</style></head>
<body>
<h1>WhatsApp sandbox <small>(${out.length} sent, newest first)</small></h1>
<p class="note" role="note">Plays the WhatsApp Cloud API for the local stack: nothing reaches a phone. Each button sends a webhook signed like Meta's (X-Hub-Signature-256) to the site.</p>
${notice ? `<p role="status">${e(notice)}</p>` : ""}
<section aria-labelledby="new-h">
  <h2 id="new-h">Write in from any number</h2>
  <form method="post" action="${WHATSAPP_SANDBOX_PATH}/inbound" class="new">
    <label>From <input name="from" inputmode="tel" required placeholder="233241234567"></label>
    <label>Name <input name="name" maxlength="200"></label>
    <label>Message <input name="text" required maxlength="4096"></label>
    <button>Send to the business</button>
  </form>
</section>
${out.map(outbound).join("\n") || "<p>The site has not sent any WhatsApp message yet.</p>"}
${replies.length ? `<section aria-labelledby="in-h"><h2 id="in-h">Messages sent to the business</h2><ul>${replies.map(inbound).join("")}</ul></section>` : ""}
</body></html>`;
}
