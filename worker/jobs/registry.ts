/**
 * Every background job of the edge worker, run by the JobRunner Durable Object (job-runner.ts).
 * To add one: write `worker/jobs/<name>.ts` exporting `defineJob({ name, run })` (see job.ts for
 * the rules: bounded, idempotent, crash-safe) and add it to this list — one import, one entry.
 */
import { deliverEmails } from "./deliver-emails.ts";
import type { Job } from "./job.ts";
import { publishScheduledPosts } from "./publish-scheduled-posts.ts";

export const JOBS: readonly Job[] = [deliverEmails, publishScheduledPosts];

const names = JOBS.map((j) => j.name);
const twice = names.find((n, i) => names.indexOf(n) !== i);
if (twice) throw new Error(`two jobs are named "${twice}"`);
