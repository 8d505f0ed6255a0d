/**
 * The job runner's HTTP and cron entry points:
 *   POST /api/jobs/kick    signed-in staff/admin: every job runs now (the SPA calls it,
 *                          fire-and-forget, after an action that queued mail) — 202 {kicked, runAt, running}
 *   GET  /api/jobs/status  admin: the schedule and each job's last run
 *   scheduled()            the cron trigger (`* * * * *`, wrangler.toml): arms the runner's alarm if
 *                          it is not armed, so the schedule mends itself after anything
 * Kicks are limited per client IP (JOBS_KICK_RATE_LIMIT) before the token is even checked. Tokens
 * go through the edge's one verifier (admin-auth.ts → core/auth: JWKS, live session, AAL rule, role).
 */
import { Hono, type Context } from "hono";
import { JOBS_KICK_PATH, JOBS_KICK_RATE_LIMIT, JOBS_STATUS_PATH } from "#core/jobs.ts";
import { ROLES } from "#core/roles.ts";
import { bearerToken, type AdminCheck } from "../admin-auth.ts";
import type { EdgeContext, EdgeEnv } from "../env.ts";
import { clientIp } from "../forms.ts";
import { JOB_RUNNER_NAME } from "./job-runner.ts";

export interface JobRoutesDeps {
  /** The edge's token check: a live session whose role is one of `roles`. */
  verifyAdmin: (ctx: EdgeContext, token: string | null, roles: readonly string[]) => Promise<AdminCheck>;
}

/** Who may kick: every back-office role. Who may read the status: admins. */
export const JOBS_KICK_ROLES = ROLES;
export const JOBS_STATUS_ROLES = ["admin"] as const;

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };

/** The one JobRunner instance. */
export function jobRunner(env: Pick<EdgeEnv, "JOB_RUNNER">) {
  return env.JOB_RUNNER.getByName(JOB_RUNNER_NAME);
}

/** The cron trigger's handler. */
export function onScheduled(_controller: ScheduledController, env: EdgeEnv, ctx: ExecutionContext): void {
  ctx.waitUntil(
    jobRunner(env)
      .wake()
      .catch((err: unknown) => console.error("[jobs] waking the runner failed:", err)),
  );
}

function refuse(c: Context<RoutesEnv>, check: { status: 401 | 403 | 503; code: string; message: string }) {
  if (check.status === 401) c.header("WWW-Authenticate", 'Bearer realm="jobs"');
  if (check.status === 503) c.header("Retry-After", "10");
  return c.json({ error: check.code, message: check.message }, check.status);
}

export function jobRoutes(deps: JobRoutesDeps): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();

  app.post(JOBS_KICK_PATH, async (c) => {
    const limiter = c.env.JOBS_KICK_RATE_LIMITER;
    if (limiter && !(await limiter.limit({ key: `jobs-kick:${clientIp(c.req.raw)}` })).success) {
      c.header("Retry-After", String(JOBS_KICK_RATE_LIMIT.periodSeconds));
      return c.json(
        { error: "rate_limited", message: "Too many kicks; the jobs run every minute anyway" },
        429,
      );
    }
    const check = await deps.verifyAdmin(
      c.var.edge,
      bearerToken(c.req.header("authorization")),
      JOBS_KICK_ROLES,
    );
    if (!check.ok) return refuse(c, check);
    const answer = await jobRunner(c.env).kick();
    return c.json({ kicked: true, runAt: answer.runAt, running: answer.running }, 202, {
      "cache-control": "no-store",
    });
  });

  app.get(JOBS_STATUS_PATH, async (c) => {
    const check = await deps.verifyAdmin(
      c.var.edge,
      bearerToken(c.req.header("authorization")),
      JOBS_STATUS_ROLES,
    );
    if (!check.ok) return refuse(c, check);
    return c.json(await jobRunner(c.env).status(), 200, { "cache-control": "no-store" });
  });

  return app;
}
