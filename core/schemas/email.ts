/**
 * One outgoing e-mail as the platform hands it to a provider: built by the edge worker's delivery
 * job (worker/email/) and accepted by the emulator's outbox (`POST /_outbox/api/send`, local and
 * tests). One schema on both sides, so what the worker sends is what the outbox takes, and a
 * malformed message is refused with the field and the reason. Limits follow `outgoing_emails`.
 */
import { z } from "zod";

/** The emulator's outbox endpoints (local stacks and tests only; not part of hosted Supabase). */
export const OUTBOX_SEND_PATH = "/_outbox/api/send";
export const OUTBOX_MESSAGES_PATH = "/_outbox/api/messages";
/** Many messages in one call, each with its own idempotency key (the delivery job's bulk sends). */
export const OUTBOX_SEND_BATCH_PATH = "/_outbox/api/send-batch";
/** Tests make the next sends to an address fail (provider outages, throttling) on purpose. */
export const OUTBOX_FAULTS_PATH = "/_outbox/api/faults";

export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_HTML_MAX = 500_000;
export const EMAIL_TEXT_MAX = 200_000;
export const EMAIL_ADDRESS_MAX = 254;
export const EMAIL_HEADERS_MAX = 30;
export const EMAIL_HEADER_VALUE_MAX = 2_000;
/** Providers' idempotency keys (Resend: 1–256 characters, remembered for 24 h). */
export const IDEMPOTENCY_KEY_MAX = 256;
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** Same rule as the outgoing_emails check constraint, so a row the queue took is a valid `to`. */
const ADDRESS = /^[^@\s<>"]+@[^@\s<>"]+\.[^@\s<>"]+$/;
export const emailAddressSchema = z
  .string()
  .trim()
  .max(EMAIL_ADDRESS_MAX, `An address has at most ${EMAIL_ADDRESS_MAX} characters`)
  .regex(ADDRESS, "Not an e-mail address (name@example.com)");

/** `notifications@example.com` or `Ghana Realty <notifications@example.com>`. */
export const senderSchema = z
  .string()
  .trim()
  .max(320)
  .regex(
    /^(?:[^<>\r\n"]{1,200} <[^@\s<>"]+@[^@\s<>"]+\.[^@\s<>"]+>|[^@\s<>"]+@[^@\s<>"]+\.[^@\s<>"]+)$/,
    'A sender is "name@example.com" or "Name <name@example.com>"',
  );

/** Headers the provider writes itself; a message may not set or override them. */
export const RESERVED_EMAIL_HEADERS = [
  "from",
  "to",
  "cc",
  "bcc",
  "subject",
  "date",
  "message-id",
  "sender",
  "return-path",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
] as const;

/**
 * Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) on marketing mail.
 * Names are letters, digits and dashes; values one line (no CR/LF: no header injection).
 */
export const emailHeadersSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/, "A header name is letters, digits and dashes"),
    z
      .string()
      .max(EMAIL_HEADER_VALUE_MAX)
      .regex(/^[^\r\n]*$/, "A header value is one line"),
  )
  .refine((h) => Object.keys(h).length <= EMAIL_HEADERS_MAX, `At most ${EMAIL_HEADERS_MAX} headers`)
  .refine(
    (h) =>
      Object.keys(h).every(
        (name) => !(RESERVED_EMAIL_HEADERS as readonly string[]).includes(name.toLowerCase()),
      ),
    {
      message: `These headers are set by the provider: ${RESERVED_EMAIL_HEADERS.join(", ")}`,
    },
  );

/** What `outgoing_emails.kind` holds: notification, transactional, marketing … */
export const emailKindSchema = z
  .string()
  .regex(/^[a-z][a-z_]{1,39}$/, "A kind is 2–40 lower-case letters or underscores");

/** Files attached to a mail (invoices and receipts as PDF): base64 content, as Resend takes them. */
export const EMAIL_ATTACHMENTS_MAX = 10;
/** Σ base64 characters of one mail's attachments (≈ 3.75 MB of files). */
export const EMAIL_ATTACHMENTS_MAX_CHARS = 5_000_000;
export const emailAttachmentSchema = z.strictObject({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\\/\r\n"<>:|?*]+$/, "A file name without path or control characters"),
  content: z
    .string()
    .min(4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "Attachment content is base64"),
  content_type: z
    .string()
    .regex(
      /^[a-z]+\/[a-z0-9.+-]+(; ?charset=[A-Za-z0-9-]+)?$/i,
      "A MIME type, e.g. application/pdf or text/calendar; charset=utf-8",
    )
    .default("application/octet-stream"),
});
export type EmailAttachment = z.input<typeof emailAttachmentSchema>;
export const emailAttachmentsSchema = z
  .array(emailAttachmentSchema)
  .max(EMAIL_ATTACHMENTS_MAX, `At most ${EMAIL_ATTACHMENTS_MAX} attachments`)
  .refine(
    (list) => list.reduce((n, a) => n + a.content.length, 0) <= EMAIL_ATTACHMENTS_MAX_CHARS,
    "The attachments are too large for one mail",
  );

/** The message a provider sends (the `send()` argument, minus the idempotency key). */
export const outgoingEmailSchema = z.strictObject({
  from: senderSchema,
  to: emailAddressSchema,
  subject: z.string().trim().min(1, "A subject is required").max(EMAIL_SUBJECT_MAX),
  html: z.string().min(1, "An HTML body is required").max(EMAIL_HTML_MAX),
  text: z.string().max(EMAIL_TEXT_MAX).nullish(),
  headers: emailHeadersSchema.default({}),
  kind: emailKindSchema.default("notification"),
  attachments: emailAttachmentsSchema.default([]),
});
export type OutgoingEmail = z.input<typeof outgoingEmailSchema>;

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX, `An idempotency key has at most ${IDEMPOTENCY_KEY_MAX} characters`)
  .regex(/^[\x21-\x7e]+$/, "An idempotency key is printable ASCII without spaces");

/** `{id}` — what the outbox (like Resend) answers for an accepted message. */
export const sentEmailSchema = z.object({ id: z.string().min(1) });

/** At most this many messages in one batch call. */
export const OUTBOX_BATCH_MAX = 100;

/** A batch call's body: each message (checked one by one, so one bad message refuses only itself) with its own idempotency key. */
export const outboxBatchSchema = z.strictObject({
  messages: z
    .array(z.strictObject({ idempotency_key: idempotencyKeySchema, message: z.unknown() }))
    .min(1)
    .max(OUTBOX_BATCH_MAX),
});

/** A provider's refusal (Resend's shape); `retry_after` stands for the Retry-After header of a single send. */
export const providerErrorSchema = z.object({
  statusCode: z.number().int(),
  name: z.string(),
  message: z.string(),
  retry_after: z.number().int().optional(),
});

/** A batch call's answer: per message, in order, accepted `{id}` or refused. */
export const outboxBatchAnswerSchema = z.object({
  results: z.array(z.union([sentEmailSchema, providerErrorSchema])),
});

/** A simulated provider failure for the next `count` sends to `to` (tests of the delivery job). */
export const outboxFaultSchema = z.strictObject({
  to: emailAddressSchema,
  status: z.number().int().min(400).max(599),
  count: z.number().int().min(1).max(100).default(1),
  message: z.string().max(500).default("Simulated provider failure"),
  retry_after: z.number().int().min(1).max(3600).optional(),
});
export type OutboxFault = z.output<typeof outboxFaultSchema>;
