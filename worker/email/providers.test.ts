/**
 * The e-mail providers in workerd: which one the configuration selects (and every way the
 * configuration can be wrong), the exact request each sends — Resend's documented
 * `POST https://api.resend.com/emails` shape and the emulator outbox's — and how each answer is
 * classified (sent / back off / later without spending an attempt / never). The internet is not
 * reachable here, so Resend is a fetch stub that records the request and answers in Resend's
 * documented shapes (`{id}`; `{statusCode, name, message}`; Retry-After on 429).
 */
import { describe, expect, it } from "vitest";
import { outboxBatchSchema, outgoingEmailSchema } from "#core/schemas/email.ts";
import { outboxProvider } from "./outbox-provider.ts";
import type { EmailMessage } from "./provider.ts";
import { RESEND_DEFAULT_MAX_PER_SECOND, resendProvider } from "./resend-provider.ts";
import { selectEmailProvider, type EmailConfig } from "./select-provider.ts";
import { MISCONFIGURED_RETRY_SECONDS, THROTTLED_RETRY_SECONDS } from "./send-result.ts";

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers with `respond()`. */
function stubFetch(respond: (req: Recorded) => Response | Promise<Response>) {
  const requests: Recorded[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const req = new Request(input, init);
    const rec: Recorded = {
      url: req.url,
      method: req.method,
      headers: Object.fromEntries(req.headers),
      body: JSON.parse(await req.text()),
    };
    requests.push(rec);
    return respond(rec);
  };
  return { fetch: fetchStub, requests };
}

const resendError = (status: number, name: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ statusCode: status, name, message }, { status, headers });

const FROM = "Ghana Realty <notifications@ghanarealty.com>";
const message: EmailMessage = {
  to: "ama.owusu@example.com",
  subject: "Deal won: 3-bedroom house, East Legon",
  html: "<p>Deal won</p>",
  text: "Deal won",
  headers: {
    "List-Unsubscribe": "<https://ghanarealty.com/unsubscribe?t=abc>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
  kind: "marketing",
  idempotencyKey: "outgoing-email/4b0c6f7e-1d2a-4c1e-9a59-0d6a2f6f1a11",
};

describe("provider selection", () => {
  const local: EmailConfig = {
    EMAIL_PROVIDER: "outbox",
    EMAIL_FROM: FROM,
    SUPABASE_URL: "http://127.0.0.1:54321",
    SUPABASE_SECRET_KEY: "sb_secret_x",
  };

  it("outbox on a local stack; resend with its key and rate", () => {
    const outbox = selectEmailProvider(local);
    expect(outbox.ok && outbox.provider.name).toBe("outbox");
    const resend = selectEmailProvider({
      EMAIL_PROVIDER: "resend",
      EMAIL_FROM: FROM,
      RESEND_API_KEY: "re_123",
    });
    expect(resend.ok && [resend.provider.name, resend.provider.maxPerSecond]).toEqual([
      "resend",
      RESEND_DEFAULT_MAX_PER_SECOND,
    ]);
    const faster = selectEmailProvider({
      EMAIL_PROVIDER: "resend",
      EMAIL_FROM: FROM,
      RESEND_API_KEY: "re_123",
      RESEND_MAX_PER_SECOND: "10",
    });
    expect(faster.ok && [faster.provider.maxPerSecond, faster.provider.concurrency]).toEqual([10, 10]);
  });

  it.each([
    [{ ...local, EMAIL_PROVIDER: undefined }, /EMAIL_PROVIDER is not set/],
    [{ ...local, EMAIL_PROVIDER: "" }, /EMAIL_PROVIDER is not set/],
    [{ ...local, EMAIL_PROVIDER: "sendgrid" }, /EMAIL_PROVIDER "sendgrid" is unknown/],
    [{ ...local, EMAIL_FROM: undefined }, /EMAIL_FROM is missing or invalid/],
    [{ ...local, EMAIL_FROM: "Ghana Realty" }, /EMAIL_FROM is missing or invalid/],
    [{ ...local, SUPABASE_URL: "https://abcd.supabase.co" }, /works only with the local emulator/],
    [{ ...local, SUPABASE_SECRET_KEY: undefined }, /needs SUPABASE_SECRET_KEY/],
    [{ EMAIL_PROVIDER: "resend", EMAIL_FROM: FROM }, /needs the RESEND_API_KEY secret/],
    [
      { EMAIL_PROVIDER: "resend", EMAIL_FROM: FROM, RESEND_API_KEY: "re_1", RESEND_MAX_PER_SECOND: "fast" },
      /RESEND_MAX_PER_SECOND must be a whole number/,
    ],
  ] as [EmailConfig, RegExp][])("refuses %j", (config, reason) => {
    const selection = selectEmailProvider(config);
    expect(selection.ok).toBe(false);
    if (!selection.ok) expect(selection.error).toMatch(reason);
  });
});

describe("resend provider", () => {
  it("POSTs Resend's documented request: bearer key, idempotency key, from/to[]/subject/html/text/headers/tags", async () => {
    const stub = stubFetch(() => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
    const provider = resendProvider({ apiKey: "re_test_key", from: FROM, fetch: stub.fetch });
    expect(await provider.send(message)).toEqual({ ok: true, id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    expect(stub.requests).toHaveLength(1);
    const req = stub.requests[0]!;
    expect(req.url).toBe("https://api.resend.com/emails");
    expect(req.method).toBe("POST");
    expect(req.headers).toMatchObject({
      authorization: "Bearer re_test_key",
      "content-type": "application/json",
      "idempotency-key": message.idempotencyKey,
    });
    expect(req.body).toEqual({
      from: FROM,
      to: ["ama.owusu@example.com"],
      subject: message.subject,
      html: "<p>Deal won</p>",
      text: "Deal won",
      headers: message.headers,
      tags: [{ name: "kind", value: "marketing" }],
    });
  });

  it("leaves out text and headers when the message has none (Resend derives the text)", async () => {
    const stub = stubFetch(() => Response.json({ id: "x1" }));
    await resendProvider({ apiKey: "re_k", from: FROM, fetch: stub.fetch }).send({
      to: "kofi@example.com",
      subject: "Hi",
      html: "<p>Hi</p>",
      text: null,
      headers: {},
    });
    expect(Object.keys(stub.requests[0]!.body as object).sort()).toEqual([
      "from",
      "html",
      "subject",
      "tags",
      "to",
    ]);
    expect(stub.requests[0]!.headers["idempotency-key"]).toBeUndefined();
  });

  it.each([
    [
      "422 validation_error → never",
      resendError(422, "validation_error", "Invalid `to` field."),
      { retry: "never" },
    ],
    [
      "400 invalid_idempotency_key → never",
      resendError(400, "invalid_idempotency_key", "The key must be between 1-256 chars."),
      { retry: "never" },
    ],
    [
      "409 invalid_idempotent_request → never",
      resendError(
        409,
        "invalid_idempotent_request",
        "Same idempotency key used with a different request payload.",
      ),
      { retry: "never" },
    ],
    [
      "409 concurrent_idempotent_requests → later 5 s",
      resendError(
        409,
        "concurrent_idempotent_requests",
        "Same idempotency key used while original request is still in progress.",
      ),
      { retry: "later", retryAfterSeconds: 5 },
    ],
    [
      "429 with Retry-After → later, stop the run",
      resendError(429, "rate_limit_exceeded", "Too many requests.", { "retry-after": "2" }),
      { retry: "later", retryAfterSeconds: 2, stopRun: true },
    ],
    [
      "429 with only ratelimit-reset → later",
      resendError(429, "daily_quota_exceeded", "You have reached your daily email sending quota.", {
        "ratelimit-reset": "3600",
      }),
      { retry: "later", retryAfterSeconds: 3600, stopRun: true },
    ],
    [
      "429 without a time → later at the default",
      resendError(429, "rate_limit_exceeded", "Too many requests."),
      { retry: "later", retryAfterSeconds: THROTTLED_RETRY_SECONDS, stopRun: true },
    ],
    [
      "401 missing_api_key → later, stop",
      resendError(401, "missing_api_key", "Missing API key in the authorization header."),
      { retry: "later", retryAfterSeconds: MISCONFIGURED_RETRY_SECONDS, stopRun: true },
    ],
    [
      "403 invalid_api_key → later, stop",
      resendError(403, "invalid_api_key", "API key is invalid."),
      { retry: "later", retryAfterSeconds: MISCONFIGURED_RETRY_SECONDS, stopRun: true },
    ],
    [
      "500 → back off",
      resendError(500, "internal_server_error", "An unexpected error occurred."),
      { retry: "backoff" },
    ],
    ["200 without an id → back off", Response.json({}), { retry: "backoff" }],
  ] as [string, Response, object][])("%s", async (_, answer, expected) => {
    const stub = stubFetch(() => answer);
    const result = await resendProvider({ apiKey: "re_k", from: FROM, fetch: stub.fetch }).send(message);
    expect(result).toMatchObject({ ok: false, ...expected });
    expect(result.ok === false && result.error).toMatch(/^resend \d{3}/);
  });

  it("names Resend's error in the result, for the queue's last_error", async () => {
    const stub = stubFetch(() => resendError(422, "validation_error", "Invalid `to` field."));
    const result = await resendProvider({ apiKey: "re_k", from: FROM, fetch: stub.fetch }).send(message);
    expect(result.ok === false && result.error).toBe("resend 422 validation_error: Invalid `to` field.");
  });

  it("a network failure is a transient failure, not a crash", async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError("fetch failed: connection refused");
    };
    const result = await resendProvider({ apiKey: "re_k", from: FROM, fetch: failing }).send(message);
    expect(result).toMatchObject({
      ok: false,
      retry: "backoff",
      error: expect.stringMatching(/resend unreachable: fetch failed/),
    });
  });
});

describe("outbox provider", () => {
  it("POSTs the message to the emulator's outbox with the secret key, in core's schema", async () => {
    const stub = stubFetch(() => Response.json({ id: "17" }));
    const provider = outboxProvider({
      supabaseUrl: "http://127.0.0.1:54321/",
      secretKey: "sb_secret_x",
      from: FROM,
      fetch: stub.fetch,
    });
    expect(await provider.send(message)).toEqual({ ok: true, id: "17" });
    const req = stub.requests[0]!;
    expect(req.url).toBe("http://127.0.0.1:54321/_outbox/api/send");
    expect(req.headers).toMatchObject({
      apikey: "sb_secret_x",
      authorization: "Bearer sb_secret_x",
      "idempotency-key": message.idempotencyKey,
    });
    expect(outgoingEmailSchema.safeParse(req.body).success, "the outbox's own schema accepts it").toBe(true);
    expect(req.body).toMatchObject({
      from: FROM,
      to: message.to,
      headers: message.headers,
      kind: "marketing",
    });
  });

  it("sends a batch in one call, each mail under its own key, and judges each answer like a single send's", async () => {
    const stub = stubFetch(() =>
      Response.json({
        results: [
          { id: "21" },
          {
            statusCode: 422,
            name: "validation_error",
            message: "Invalid message — to: Not an e-mail address",
          },
          { statusCode: 429, name: "simulated_failure", message: "Slow down", retry_after: 7 },
          { statusCode: 503, name: "simulated_failure", message: "Down" },
        ],
      }),
    );
    const provider = outboxProvider({
      supabaseUrl: "http://127.0.0.1:54321",
      secretKey: "sb_secret_x",
      from: FROM,
      fetch: stub.fetch,
    });
    const batch = [1, 2, 3, 4].map((n) => ({
      ...message,
      to: `buyer${n}@example.com`,
      idempotencyKey: `outgoing-email/${n}`,
    }));
    const results = await provider.sendBatch!(batch);
    expect(stub.requests).toHaveLength(1);
    const req = stub.requests[0]!;
    expect(req.url).toBe("http://127.0.0.1:54321/_outbox/api/send-batch");
    expect(req.headers).toMatchObject({ apikey: "sb_secret_x", authorization: "Bearer sb_secret_x" });
    expect(outboxBatchSchema.safeParse(req.body).success).toBe(true);
    const items = (req.body as { messages: { idempotency_key: string; message: unknown }[] }).messages;
    expect(items.map((m) => m.idempotency_key)).toEqual([
      "outgoing-email/1",
      "outgoing-email/2",
      "outgoing-email/3",
      "outgoing-email/4",
    ]);
    expect(items.every((m) => outgoingEmailSchema.safeParse(m.message).success)).toBe(true);
    expect(results.map((r) => (r.ok ? "sent" : r.retry))).toEqual(["sent", "never", "later", "backoff"]);
    expect(results[2]).toMatchObject({ retryAfterSeconds: 7, stopRun: true });
  });

  it("a batch call that fails as a whole is that failure for every mail", async () => {
    const batch = [1, 2].map((n) => ({ ...message, idempotencyKey: `outgoing-email/${n}` }));
    const down = outboxProvider({
      supabaseUrl: "http://127.0.0.1:54321",
      secretKey: "sb_secret_x",
      from: FROM,
      fetch: stubFetch(() => resendError(500, "internal", "boom")).fetch,
    });
    expect((await down.sendBatch!(batch)).map((r) => (r.ok ? "sent" : r.retry))).toEqual([
      "backoff",
      "backoff",
    ]);
    const short = outboxProvider({
      supabaseUrl: "http://127.0.0.1:54321",
      secretKey: "sb_secret_x",
      from: FROM,
      fetch: stubFetch(() => Response.json({ results: [{ id: "1" }] })).fetch,
    });
    expect((await short.sendBatch!(batch)).map((r) => (r.ok ? "sent" : r.retry))).toEqual([
      "backoff",
      "backoff",
    ]);
  });
});
