/**
 * The emulator's mail "transport": every mail the product sends (auth mails now, campaigns and
 * staff notifications later) is stored in `_emulator.outbox` instead of leaving the machine, and
 * is readable at /_outbox (HTML) and /_outbox/api/messages (JSON).
 */
import type { Tx } from "../db.ts";

export type MailKind = "auth" | "campaign" | "notification" | (string & {});

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text?: string | null;
  kind?: MailKind;
}

export interface StoredMail {
  id: number;
  created_at: string;
  to: string;
  subject: string;
  html: string;
  text: string | null;
  kind: string;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** Stores a mail inside the caller's transaction (so it is "sent" only if the transaction commits). */
export async function sendMail(tx: Tx, mail: OutgoingMail): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `insert into _emulator.outbox (to_address, subject, html, text_body, kind) values ($1, $2, $3, $4, $5) returning id`,
    [mail.to, mail.subject, mail.html, mail.text ?? null, mail.kind ?? "auth"],
  );
  return Number(r.rows[0]!.id);
}

/** Newest first; optionally only mails to one address (case-insensitive). */
export async function listMails(tx: Tx, opts: { to?: string | null; limit?: number } = {}): Promise<StoredMail[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const r = await tx.query<{ id: number; created_at: Date; to_address: string; subject: string; html: string; text_body: string | null; kind: string }>(
    `select id, created_at, to_address, subject, html, text_body, kind from _emulator.outbox
     where ($1::text is null or lower(to_address) = lower($1)) order by id desc limit $2`,
    [opts.to ?? null, limit],
  );
  return r.rows.map((m) => ({
    id: Number(m.id),
    created_at: m.created_at.toISOString(),
    to: m.to_address,
    subject: m.subject,
    html: m.html,
    text: m.text_body,
    kind: m.kind,
  }));
}
