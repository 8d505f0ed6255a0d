/**
 * Every background job of the edge worker, run by the JobRunner Durable Object (job-runner.ts).
 * To add one: write `worker/jobs/<name>.ts` exporting `defineJob({ name, run })` (see job.ts for
 * the rules: bounded, idempotent, crash-safe) and add it to this list — one import, one entry.
 */
import { actionPlanSteps } from "./action-plan-steps.ts";
import { appointmentMail } from "./appointment-mail.ts";
import { deliverEmails } from "./deliver-emails.ts";
import { deliverWhatsApp } from "./deliver-whatsapp.ts";
import { invoiceReminders } from "./invoice-reminders.ts";
import type { Job } from "./job.ts";
import { listingMatches } from "./listing-matches.ts";
import { publishScheduledPosts } from "./publish-scheduled-posts.ts";
import { purgeTrashedFiles } from "./purge-trashed-files.ts";
import { sendScheduledCampaigns } from "./send-scheduled-campaigns.ts";
import { sweepFileObjects } from "./sweep-file-objects.ts";

export const JOBS: readonly Job[] = [
  deliverEmails,
  invoiceReminders,
  appointmentMail,
  listingMatches,
  publishScheduledPosts,
  sendScheduledCampaigns,
  purgeTrashedFiles,
  actionPlanSteps,
  deliverWhatsApp,
  sweepFileObjects,
];

const names = JOBS.map((j) => j.name);
const twice = names.find((n, i) => names.indexOf(n) !== i);
if (twice) throw new Error(`two jobs are named "${twice}"`);
