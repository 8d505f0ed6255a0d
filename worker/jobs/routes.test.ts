/**
 * POST /api/jobs/kick, GET /api/jobs/status and the cron handler inside workerd, with the real
 * JobRunner and rate limiter. The token check is a stand-in here (the edge's verifier needs the
 * emulator: tests/edge/email-delivery.test.ts covers forged, signed-out and role-less tokens).
 * The worker project runs with EMAIL_PROVIDER unset, so the real deliver-emails job refuses to
 * touch any database and says why — which is also what production does when misconfigured.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import {
  JOBS_KICK_PATH,
  JOBS_KICK_RATE_LIMIT,
  JOBS_STATUS_PATH,
  jobsStatusSchema,
  kickAnswerSchema,
} from "#core/jobs.ts";
import type { AdminCheck } from "../admin-auth.ts";
import { createApp } from "../app.ts";
import { jobRunner, onScheduled } from "./routes.ts";

const STAFF_TOKEN = "staff-token";
const VISITOR_TOKEN = "visitor-token";
const ADMIN_TOKEN = "admin-token";
const ROLE_OF: Record<string, string | null> = {
  [STAFF_TOKEN]: "staff",
  [VISITOR_TOKEN]: null,
  [ADMIN_TOKEN]: "admin",
};

/** Stands in for the edge's verifier (admin-auth.ts): same answers, same role rule. */
const verifyAdmin = async (
  _: unknown,
  token: string | null,
  roles: readonly string[],
): Promise<AdminCheck> => {
  if (!token) return { ok: false, status: 401, code: "missing_token", message: "Sign in first" };
  if (!(token in ROLE_OF))
    return { ok: false, status: 401, code: "invalid_token", message: "Invalid access token" };
  const role = ROLE_OF[token];
  if (!role || !roles.includes(role))
    return {
      ok: false,
      status: 403,
      code: "forbidden",
      message: `Only ${roles.join(" and ")} users may do this`,
    };
  return { ok: true, userId: `u-${role}` };
};

const app = createApp({ verifyAdmin });
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const kick = (token: string | null, ip = freshIp()) =>
  app.request(
    `http://crm.localhost${JOBS_KICK_PATH}`,
    {
      method: "POST",
      headers: { "cf-connecting-ip": ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    },
    env,
  );

/**
 * Lets the runner finish what a test started: a test file must not end with an alarm due or in
 * flight (workerd's test runtime then never shuts down).
 */
afterEach(async () => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await jobRunner(env).status();
    if (!status.running && (status.alarmAt === null || Date.parse(status.alarmAt) > Date.now() + 5_000))
      return;
    if (Date.now() > deadline) throw new Error(`the runner did not settle: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
});

describe("POST /api/jobs/kick", () => {
  it("without a token: 401 with WWW-Authenticate", async () => {
    const res = await kick(null);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="jobs"');
    expect(await res.json()).toMatchObject({ error: "missing_token" });
  });

  it("a signed-in user without a back-office role: 403", async () => {
    const res = await kick(VISITOR_TOKEN);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: "forbidden",
      message: "Only admin and staff users may do this",
    });
  });

  it("staff: 202, and the runner runs its jobs at once", async () => {
    const before = Date.now();
    const res = await kick(STAFF_TOKEN);
    expect(res.status).toBe(202);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = kickAnswerSchema.parse(await res.json());
    expect(Date.parse(body.runAt)).toBeGreaterThanOrEqual(before - 1);
    // The real registry ran: deliver-emails refused to start without a provider, and said why.
    const deadline = Date.now() + 5_000;
    let lastRun = null;
    while (Date.now() < deadline) {
      const status = await jobRunner(env).status();
      lastRun = status.jobs.find((j) => j.name === "deliver-emails")?.lastRun ?? null;
      if (lastRun && Date.parse(lastRun.startedAt) >= before - 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(lastRun).toMatchObject({
      error: expect.stringMatching(/EMAIL_PROVIDER is not set/),
      figures: null,
    });
  });

  it(`more than ${JOBS_KICK_RATE_LIMIT.limit} kicks a minute from one address: 429 with Retry-After`, async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= JOBS_KICK_RATE_LIMIT.limit; i++) statuses.push((await kick(STAFF_TOKEN, ip)).status);
    expect(statuses.slice(0, JOBS_KICK_RATE_LIMIT.limit).every((s) => s === 202)).toBe(true);
    const refused = await kick(STAFF_TOKEN, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(JOBS_KICK_RATE_LIMIT.periodSeconds));
    expect((await kick(STAFF_TOKEN)).status, "another address is not affected").toBe(202);
  });
});

describe("GET /api/jobs/status", () => {
  it("admins see each job's schedule and last run; others are refused", async () => {
    const ok = await app.request(
      `http://crm.localhost${JOBS_STATUS_PATH}`,
      { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
      env,
    );
    expect(ok.status).toBe(200);
    const status = jobsStatusSchema.parse(await ok.json());
    expect(status.jobs.map((j) => j.name)).toContain("deliver-emails");
    expect(
      (
        await app.request(
          `http://crm.localhost${JOBS_STATUS_PATH}`,
          { headers: { authorization: `Bearer ${STAFF_TOKEN}` } },
          env,
        )
      ).status,
    ).toBe(403);
    expect((await app.request(`http://crm.localhost${JOBS_STATUS_PATH}`, {}, env)).status).toBe(401);
  });
});

describe("cron trigger", () => {
  it("arms the runner's alarm", async () => {
    const ctx = createExecutionContext();
    onScheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await jobRunner(env).status()).alarmAt).not.toBeNull();
  });
});
