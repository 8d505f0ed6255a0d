/**
 * Edge worker entry (wrangler.toml `main`). The app lives in app.ts; its database-facing
 * dependencies default to Supabase (publishable key for reads, secret key for form inserts).
 * The cron trigger wakes the background-job runner (worker/jobs/), a Durable Object of this worker.
 */
import { createApp } from "./app.ts";
import type { EdgeEnv } from "./env.ts";
import { onScheduled } from "./jobs/routes.ts";

export type { EdgeEnv as Bindings } from "./env.ts";
export { JobRunner } from "./jobs/job-runner.ts";

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: onScheduled,
} satisfies ExportedHandler<EdgeEnv>;
