// The edge's job runner for tests/edge/action-plan-runner.test.ts, as a process the test can kill:
// the same job code the JobRunner Durable Object runs (worker/jobs/), against the running stack's
// database and WhatsApp sandbox. By default it runs turn after turn until killed; with
// RUNNER_CLOCK it runs one turn of the plan steps as if it were that instant, when told "go".
import { actionPlanStepsRun } from "../../worker/jobs/action-plan-steps.ts";
import { deliverWhatsAppRun } from "../../worker/jobs/deliver-whatsapp.ts";

const env = JSON.parse(process.env.RUNNER_ENV ?? "{}");
const leaseSeconds = Number(process.env.RUNNER_LEASE_SECONDS ?? 120);
const clock = process.env.RUNNER_CLOCK;
process.stdout.write("ready\n");
if (clock) {
  await new Promise((resolve) => process.stdin.once("data", resolve));
  const steps = await actionPlanStepsRun(env, new Date(), { leaseSeconds, clock: () => new Date(clock) });
  process.stdout.write(`${JSON.stringify(steps.figures)}\n`);
  process.exit(0);
}
for (;;) {
  const steps = await actionPlanStepsRun(env, new Date(), { leaseSeconds });
  const sent = await deliverWhatsAppRun(env, new Date(), { leaseSeconds, budgetMs: 60_000 });
  if (steps.figures.ran || sent.figures.sent)
    process.stdout.write(`${JSON.stringify({ steps: steps.figures, sent: sent.figures })}\n`);
  await new Promise((r) => setTimeout(r, 200));
}
