/**
 * Background jobs and e-mail delivery on the running stack: the edge worker's JobRunner Durable
 * Object (its real alarm under `vite preview`), the deliver-emails job with the secret key, the
 * real queue RPCs in the emulator's Postgres, and the emulator's outbox as the provider.
 *  - a notification's e-mail copy reaches the outbox exactly once, seconds after a kick;
 *  - a provider failure leaves the row queued with a back-off, and no mail, until it succeeds;
 *  - a run that crashed holding a row (before or after the provider took the mail) delays it only
 *    until its lease ends, and the recipient still gets exactly one mail;
 *  - the kick endpoint and the outbox's send endpoint refuse bad callers and bad bodies.
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOBS_STATUS_PATH, jobsStatusSchema } from "#core/jobs.ts";
import { OUTBOX_FAULTS_PATH, OUTBOX_MESSAGES_PATH, OUTBOX_SEND_PATH } from "#core/schemas/email.ts";
import {
  DEMO_USERS,
  SITE_PORT,
  SUPABASE_PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY,
  SUPABASE_URL,
} from "#scripts/local-env.ts";
import { queueRow } from "../support/outgoing-emails.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
  processAdmin,
} from "../support/supabase.ts";
import { waitUntil } from "../support/wait.ts";
import { edge, kickAndAwaitRun, kickJobs } from "./support.ts";

const CRM = `crm.localhost:${SITE_PORT}`;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const created: TestUser[] = [];
let staffToken = "";
let staffId = "";
/** An admin's token: reading /api/jobs/status to know a kicked run has happened. */
let adminToken = "";

interface OutboxMail {
  id: number;
  from: string | null;
  to: string;
  subject: string;
  html: string;
  kind: string;
  headers: Record<string, string>;
  idempotency_key: string | null;
}

const tokenOf = async (email: string, opts: { aal?: "aal1" | "aal2" } = {}) =>
  (await (await signedInClient(email, undefined, opts)).auth.getSession()).data.session!.access_token;

async function mailsTo(address: string, subject: string): Promise<OutboxMail[]> {
  const res = await fetch(`${SUPABASE_URL}${OUTBOX_MESSAGES_PATH}?to=${encodeURIComponent(address)}`);
  const { messages } = (await res.json()) as { messages: OutboxMail[] };
  return messages.filter((m) => m.subject === subject);
}

const queued = (notificationId: string) => queueRow("notification_id", notificationId);

/** A fresh staff member who wants deal mails (email_deals on). */
async function newColleague(): Promise<TestUser> {
  const user = await createTestUser({ role: "staff" });
  created.push(user);
  const settings = await service.from("user_settings").upsert({ user_id: user.id, email_deals: true });
  if (settings.error) throw new Error(settings.error.message);
  return user;
}

/** staff@demo.test notifies them (a deals-category kind, so the copy is queued by the trigger). */
async function notify(
  user: TestUser,
  title: string,
  kind = "deal_won",
): Promise<{ notificationId: string; subject: string }> {
  const staff = await signedInClient(DEMO_USERS.staff);
  const subject = `${title} ${tag}`;
  const notificationId = crypto.randomUUID();
  const insert = await staff.from("notifications").insert({
    id: notificationId,
    user_id: user.id,
    kind,
    title: subject,
    body: "Cantonments 3-bedroom, GHS 2,400,000",
    link: "/deals",
    actor_id: staffId,
  });
  if (insert.error) throw new Error(`notifying failed: ${insert.error.message}`);
  return { notificationId, subject };
}

const outboxPost = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${SUPABASE_URL}${path}`, {
    method: "POST",
    headers: {
      apikey: SUPABASE_SECRET_KEY,
      authorization: `Bearer ${SUPABASE_SECRET_KEY}`,
      "content-type": "application/json",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  const staff = await signedInClient(DEMO_USERS.staff);
  staffToken = (await staff.auth.getSession()).data.session!.access_token;
  staffId = (await staff.auth.getUser()).data.user!.id;
  adminToken = (await (await processAdmin()).auth.getSession()).data.session!.access_token;
});

afterAll(async () => {
  for (const u of created) await deleteTestUser(u.id);
});

describe("deliver-emails through the job runner", () => {
  it("a notification's e-mail copy lands in the outbox exactly once, seconds after a kick, and its row is marked sent", async () => {
    const user = await newColleague();
    const { notificationId, subject } = await notify(user, "Deal won");
    const row = await queued(notificationId);
    expect(row).toMatchObject({ status: "pending", attempts: 0 });

    const t0 = Date.now();
    const res = await kickJobs(staffToken);
    expect(res.status, res.text).toBe(202);
    const [mail] = await waitUntil("the mail in the outbox", async () => {
      const mails = await mailsTo(user.email, subject);
      return mails.length ? mails : null;
    });
    const landedMs = Date.now() - t0;
    console.log(`[email-delivery] kick → mail in the outbox: ${landedMs} ms`);
    // Sent by the kick, not by the runner's next one-minute round: well inside that minute even
    // on a loaded machine (a speed figure of its own would fail a busy run, not a fault).
    expect(landedMs).toBeLessThan(30_000);
    expect(mail).toMatchObject({
      to: user.email,
      kind: "notification",
      from: expect.stringMatching(/<[^>]+@[^>]+>$/),
      idempotency_key: `outgoing-email/${row.id}`,
    });
    expect(mail!.html).toContain("Cantonments 3-bedroom, GHS 2,400,000");
    expect(mail!.html).toContain(`href="http://crm.localhost:${SITE_PORT}/deals"`);

    const sent = await waitUntil("the row marked sent", async () =>
      (await queued(notificationId)).status === "sent" ? queued(notificationId) : null,
    );
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lease_until: null, last_error: null });
    expect(Date.parse(sent.sent_at!)).toBeGreaterThanOrEqual(t0 - 1_000);

    // Another run does not send it again.
    await kickAndAwaitRun(staffToken, adminToken);
    expect(await mailsTo(user.email, subject)).toHaveLength(1);
  });

  it("a provider failure leaves the row pending with a back-off and sends nothing, until a later run succeeds", async () => {
    const user = await newColleague();
    // The provider (the outbox) answers 503 to the next send to this address.
    const fault = await outboxPost(OUTBOX_FAULTS_PATH, {
      to: user.email,
      status: 503,
      message: "Provider is down for maintenance",
    });
    expect(fault.status).toBe(201);
    const { notificationId, subject } = await notify(user, "Invoice paid", "invoice_paid");

    const t0 = Date.now();
    expect((await kickJobs(staffToken)).status).toBe(202);
    const failed = await waitUntil("the failed attempt recorded", async () => {
      const r = await queued(notificationId);
      return r.attempts === 1 && r.status === "pending" ? r : null;
    });
    expect(failed.last_error).toMatch(/outbox 503 simulated_failure: Provider is down for maintenance/);
    const backoff = Date.parse(failed.not_before) - t0;
    expect(backoff, "retry in about a minute (1, 2, 4, 8 min)").toBeGreaterThan(55_000);
    expect(backoff).toBeLessThan(70_000);
    expect(await mailsTo(user.email, subject)).toHaveLength(0);

    // Not due yet: another run leaves it alone.
    await kickAndAwaitRun(staffToken, adminToken);
    expect(await queued(notificationId)).toMatchObject({ status: "pending", attempts: 1 });

    // The back-off has passed: the next run sends it, once.
    await service
      .from("outgoing_emails")
      .update({ not_before: new Date().toISOString() })
      .eq("notification_id", notificationId);
    expect((await kickJobs(staffToken)).status).toBe(202);
    await waitUntil("the retry sent", async () => (await queued(notificationId)).status === "sent");
    expect(await queued(notificationId)).toMatchObject({ attempts: 2 });
    expect(await mailsTo(user.email, subject)).toHaveLength(1);
  });

  it.each([
    ["after the provider took the mail", true],
    ["before it sent anything", false],
  ])(
    "a run that crashed %s holds the row only until its lease ends; the mail is sent exactly once",
    async (_, providerTookIt) => {
      const user = await newColleague();
      const { notificationId, subject } = await notify(
        user,
        providerTookIt ? "Deal lost" : "Deal stage changed",
      );
      const row = await queued(notificationId);
      // What a crashed run leaves behind: the row claimed (attempt 1) with a lease still running…
      await service
        .from("outgoing_emails")
        .update({
          status: "sending",
          attempts: 1,
          lease_until: new Date(Date.now() + 10 * 60_000).toISOString(),
        })
        .eq("id", row.id);
      // …and, maybe, the mail already handed to the provider under the row's idempotency key.
      if (providerTookIt) {
        const res = await outboxPost(
          OUTBOX_SEND_PATH,
          {
            from: "Ghana Realty <notifications@ghanarealty.example>",
            to: user.email,
            subject,
            html: "<p>sent by the crashed run</p>",
            kind: "notification",
          },
          { "Idempotency-Key": `outgoing-email/${row.id}` },
        );
        expect(res.status).toBe(200);
      }

      await kickAndAwaitRun(staffToken, adminToken);
      expect(await queued(notificationId), "inside the lease nobody touches it").toMatchObject({
        status: "sending",
        attempts: 1,
      });

      // The lease ends (moved into the past, as the back-off above, rather than waited for).
      await service
        .from("outgoing_emails")
        .update({ lease_until: new Date(Date.now() - 1_000).toISOString() })
        .eq("id", row.id);
      expect((await kickJobs(staffToken)).status).toBe(202);
      await waitUntil(
        "the row sent after the lease",
        async () => (await queued(notificationId)).status === "sent",
      );
      expect(await queued(notificationId)).toMatchObject({ attempts: 2, lease_until: null });
      const mails = await mailsTo(user.email, subject);
      expect(mails, "exactly one mail reached the recipient").toHaveLength(1);
      expect(mails[0]!.idempotency_key).toBe(`outgoing-email/${row.id}`);
    },
  );

  it("the admin status shows the job's last run and its figures", async () => {
    const res = await edge(JOBS_STATUS_PATH, {
      host: CRM,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status, res.text).toBe(200);
    const status = jobsStatusSchema.parse(JSON.parse(res.text));
    const job = status.jobs.find((j) => j.name === "deliver-emails");
    expect(job?.lastRun).toMatchObject({ error: null, figures: { provider: "outbox" } });
    expect(job!.runs).toBeGreaterThan(0);
    expect(status.alarmAt, "the runner stays armed").not.toBeNull();
  });
});

describe("POST /api/jobs/kick refuses", () => {
  it("a missing token (401)", async () => {
    const res = await kickJobs(null);
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toBe('Bearer realm="jobs"');
  });

  it("a forged token, a tampered one and a signed-out session (401)", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256");
    const kid = (await exportJWK(publicKey)).kid ?? "forged";
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({
      sub: staffId,
      role: "authenticated",
      aal: "aal1",
      session_id: crypto.randomUUID(),
    })
      .setProtectedHeader({ alg: "ES256", kid })
      .setIssuer(`${SUPABASE_URL}/auth/v1`)
      .setAudience("authenticated")
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    expect((await kickJobs(forged)).status).toBe(401);

    const [h, p, s] = staffToken.split(".");
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, exp: now + 86_400 })).toString("base64url")}.${s}`;
    expect((await kickJobs(tampered)).status).toBe(401);

    const user = await createTestUser({ role: "staff" });
    created.push(user);
    const client = await signedInClient(user.email, user.password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect((await kickJobs(token)).status, "valid before sign-out").toBe(202);
    await client.auth.signOut();
    const after = await kickJobs(token);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.text)).toMatchObject({ error: "session_ended" });
  });

  it("a signed-in user without a back-office role (403); an admin may kick (202)", async () => {
    const visitor = await kickJobs(await tokenOf(DEMO_USERS.visitor));
    expect(visitor.status).toBe(403);
    expect(JSON.parse(visitor.text)).toMatchObject({ error: "forbidden" });
    expect((await kickJobs(adminToken)).status).toBe(202);
  });

  it("an admin with a verified factor who has only entered the password (403 aal2_required)", async () => {
    const res = await kickJobs(await tokenOf(DEMO_USERS.mfa, { aal: "aal1" }));
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toMatchObject({ error: "aal2_required" });
  });
});

describe("the outbox's send endpoint (the local provider) refuses", () => {
  const valid = () => ({
    from: "Ghana Realty <news@ghanarealty.example>",
    to: `buyer-${tag}@tests.example`,
    subject: `Weekly listings ${tag}`,
    html: "<p>New in East Legon</p>",
    kind: "marketing",
  });

  it("the publishable key and a missing key, naming the secret key", async () => {
    const publishable = await fetch(`${SUPABASE_URL}${OUTBOX_SEND_PATH}`, {
      method: "POST",
      headers: { apikey: SUPABASE_PUBLISHABLE_KEY, "content-type": "application/json" },
      body: JSON.stringify(valid()),
    });
    expect(publishable.status).toBe(403);
    expect(await publishable.json()).toMatchObject({
      name: "restricted_api_key",
      message: expect.stringMatching(/only with the secret key/),
    });
    const none = await fetch(`${SUPABASE_URL}${OUTBOX_SEND_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(valid()),
    });
    expect(none.status).toBe(401);
    const userToken = await fetch(`${SUPABASE_URL}${OUTBOX_SEND_PATH}`, {
      method: "POST",
      headers: {
        apikey: SUPABASE_PUBLISHABLE_KEY,
        authorization: `Bearer ${staffToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(valid()),
    });
    expect(userToken.status, "a user session may not send either").toBe(403);
  });

  it("bodies that are not JSON, not parseable, or not a valid message — with the field and the reason", async () => {
    const notJson = await fetch(`${SUPABASE_URL}${OUTBOX_SEND_PATH}`, {
      method: "POST",
      headers: { apikey: SUPABASE_SECRET_KEY, "content-type": "text/plain" },
      body: "hello",
    });
    expect(notJson.status).toBe(415);
    const broken = await outboxPost(OUTBOX_SEND_PATH, "{not json");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ name: "invalid_json" });

    const invalid = await outboxPost(OUTBOX_SEND_PATH, {
      ...valid(),
      to: "nobody",
      subject: "",
      headers: { "X-Note": "one\r\nBcc: victim@example.com" },
      extra: 1,
    });
    expect(invalid.status).toBe(422);
    const body = (await invalid.json()) as { name: string; message: string; errors: Record<string, string> };
    expect(body.name).toBe("validation_error");
    expect(body.errors).toMatchObject({
      to: expect.stringMatching(/e-mail address/),
      subject: expect.stringMatching(/required/),
      headers: expect.stringMatching(/one line/),
    });
    expect(Object.keys(body.errors)).toContain("_form");
    expect(body.message).toMatch(/^Invalid message — /);

    const badKey = await outboxPost(OUTBOX_SEND_PATH, valid(), { "Idempotency-Key": "has spaces in it" });
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toMatchObject({ name: "invalid_idempotency_key" });
    expect(await mailsTo(valid().to, valid().subject), "nothing refused was stored").toHaveLength(0);
  });

  it("accepts the secret key, keeps headers and kind, and stores one mail per idempotency key", async () => {
    const headers = {
      "List-Unsubscribe": `<https://ghanarealty.example/unsubscribe?t=${tag}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    const key = `campaign-test/${tag}`;
    const first = await outboxPost(OUTBOX_SEND_PATH, { ...valid(), headers }, { "Idempotency-Key": key });
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: string };
    const again = await outboxPost(OUTBOX_SEND_PATH, { ...valid(), headers }, { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual({ id });
    const mails = await mailsTo(valid().to, valid().subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      id: Number(id),
      kind: "marketing",
      headers,
      from: valid().from,
      idempotency_key: key,
    });
  });
});
