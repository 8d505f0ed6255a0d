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
  /** The sender named by the edge worker (null for the emulator's own auth mails). */
  from: string | null;
  to: string;
  subject: string;
  html: string;
  text: string | null;
  kind: string;
  headers: Record<string, string>;
  idempotency_key: string | null;
  /** Files attached by the sender (base64 content), as the provider took them. */
  attachments: StoredAttachment[];
}

export interface StoredAttachment {
  filename: string;
  content_type: string;
  content: string;
}

/** A mail handed over by a provider client (the edge worker's `outbox` provider). */
export interface ProviderMail extends OutgoingMail {
  from: string;
  headers: Record<string, string>;
  idempotencyKey: string | null;
  attachments: StoredAttachment[];
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

/** Stores a mail inside the caller's transaction (so it is "sent" only if the transaction commits). */
export async function sendMail(tx: Tx, mail: OutgoingMail): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `insert into _emulator.outbox (to_address, subject, html, text_body, kind) values ($1, $2, $3, $4, $5) returning id`,
    [mail.to, mail.subject, mail.html, mail.text ?? null, mail.kind ?? "auth"],
  );
  return Number(r.rows[0]!.id);
}

/**
 * Stores a provider's mail once per idempotency key, as Resend does: a key seen before stores
 * nothing and answers the first mail's id (`replayed`).
 */
export async function storeProviderMail(
  tx: Tx,
  mail: ProviderMail,
): Promise<{ id: number; replayed: boolean }> {
  const inserted = await tx.query<{ id: number }>(
    `insert into _emulator.outbox (to_address, subject, html, text_body, kind, from_address, headers, idempotency_key, attachments)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (idempotency_key) do nothing returning id`,
    [
      mail.to,
      mail.subject,
      mail.html,
      mail.text ?? null,
      mail.kind ?? "notification",
      mail.from,
      JSON.stringify(mail.headers),
      mail.idempotencyKey,
      JSON.stringify(mail.attachments),
    ],
  );
  if (inserted.rows[0]) return { id: Number(inserted.rows[0].id), replayed: false };
  const first = await tx.query<{ id: number }>(`select id from _emulator.outbox where idempotency_key = $1`, [
    mail.idempotencyKey,
  ]);
  return { id: Number(first.rows[0]!.id), replayed: true };
}

/** Newest first; optionally only mails to one address (case-insensitive). */
export async function listMails(
  tx: Tx,
  opts: { to?: string | null; limit?: number } = {},
): Promise<StoredMail[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const r = await tx.query<{
    id: number;
    created_at: Date;
    from_address: string | null;
    to_address: string;
    subject: string;
    html: string;
    text_body: string | null;
    kind: string;
    headers: Record<string, string> | null;
    idempotency_key: string | null;
    attachments: StoredAttachment[] | null;
  }>(
    `select id, created_at, from_address, to_address, subject, html, text_body, kind, headers, idempotency_key, attachments from _emulator.outbox
     where ($1::text is null or lower(to_address) = lower($1)) order by id desc limit $2`,
    [opts.to ?? null, limit],
  );
  return r.rows.map((m) => ({
    id: Number(m.id),
    created_at: m.created_at.toISOString(),
    from: m.from_address,
    to: m.to_address,
    subject: m.subject,
    html: m.html,
    text: m.text_body,
    kind: m.kind,
    headers: m.headers ?? {},
    idempotency_key: m.idempotency_key,
    attachments: m.attachments ?? [],
  }));
}
