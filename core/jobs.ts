/**
 * The edge worker's background-job endpoints, shared by the worker (worker/jobs/routes.ts) and the
 * SPA (app/lib/kick-jobs-api.ts): paths, the per-IP kick limit, and the answers' shapes.
 */
import { z } from "zod";

/** POST, `Authorization: Bearer <access token>` of a staff member or admin: run the jobs now. */
export const JOBS_KICK_PATH = "/api/jobs/kick";
/** GET, admin token: each job's schedule and last run (figures, error). */
export const JOBS_STATUS_PATH = "/api/jobs/status";

/** Kicks per client IP and window (a kick is cheap and coalesced; this only stops floods). */
export const JOBS_KICK_RATE_LIMIT = { limit: 60, periodSeconds: 60 } as const;

export const kickAnswerSchema = z.object({
  kicked: z.literal(true),
  /** When the jobs run: now, or right after the run in progress. */
  runAt: z.string(),
  running: z.boolean(),
});
export type KickAnswerBody = z.infer<typeof kickAnswerSchema>;

const figureSchema = z.union([z.number(), z.string(), z.boolean(), z.null()]);
export const jobsStatusSchema = z.object({
  alarmAt: z.string().nullable(),
  running: z.boolean(),
  jobs: z.array(
    z.object({
      name: z.string(),
      everyMs: z.number(),
      nextDueAt: z.string().nullable(),
      runs: z.number(),
      failures: z.number(),
      lastRun: z
        .object({
          startedAt: z.string(),
          durationMs: z.number(),
          more: z.boolean(),
          figures: z.record(z.string(), figureSchema).nullable(),
          error: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type JobsStatusBody = z.infer<typeof jobsStatusSchema>;
