/**
 * The action plans' runner survives a kill -9 mid-step (like the campaign sender's BENCH_KILL):
 * a runner process (the edge's job code, action-plan-runner.child.mjs) runs the first step of a
 * plan for several contacts — a WhatsApp template, queued by the step and sent to the sandbox,
 * whose answers are held back so sends are in flight — and is killed with SIGKILL while it holds
 * them. The messages the sandbox accepted are marked sent by its 'sent' webhook; the rest wait for
 * their lease and are sent by the stack's own runner. Every contact gets the message exactly once
 * (nothing twice, nothing skipped), and every run does each step once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  LOCAL_WHATSAPP_ACCESS_TOKEN,
  LOCAL_WHATSAPP_PHONE_NUMBER_ID,
  WHATSAPP_SANDBOX_GRAPH_PATH,
  WHATSAPP_SANDBOX_MESSAGES_PATH,
  WHATSAPP_SANDBOX_PATH,
  type SandboxMessage,
} from "#core/whatsapp/whatsapp.ts";
import { SUPABASE_SECRET_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { waitUntil } from "../support/wait.ts";
import { kickJobs } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const TEMPLATE = `kill_test_${tag}`;
const CONTACTS = 6;
const LEASE_SECONDS = 8;
let staff: TestUser;
let token = "";
let child: ChildProcess | null = null;

const sandboxDelay = (ms: number) =>
  fetch(`${SUPABASE_URL}${WHATSAPP_SANDBOX_PATH}/api/settings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reply_delay_ms: ms }),
  });

/** Our template's messages in the sandbox, per recipient (E.164 digits). */
async function sandboxCounts(): Promise<Map<string, number>> {
  const res = await fetch(`${SUPABASE_URL}${WHATSAPP_SANDBOX_MESSAGES_PATH}?limit=500`);
  const counts = new Map<string, number>();
  for (const m of ((await res.json()) as { messages: SandboxMessage[] }).messages)
    if (m.template === TEMPLATE) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
  return counts;
}

function startRunner(clock?: string): Promise<ChildProcess> {
  const proc = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "action-plan-runner.child.mjs")],
    {
      env: {
        ...process.env,
        RUNNER_LEASE_SECONDS: String(LEASE_SECONDS),
        ...(clock ? { RUNNER_CLOCK: clock } : {}),
        RUNNER_ENV: JSON.stringify({
          SUPABASE_URL,
          SUPABASE_SECRET_KEY,
          WHATSAPP_ACCESS_TOKEN: LOCAL_WHATSAPP_ACCESS_TOKEN,
          WHATSAPP_PHONE_NUMBER_ID: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
          WHATSAPP_BASE_URL: `${SUPABASE_URL}${WHATSAPP_SANDBOX_GRAPH_PATH}`,
        }),
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let err = "";
  proc.stderr!.on("data", (d: Buffer) => {
    err += d.toString();
    process.stderr.write(`[runner] ${d.toString()}`);
  });
  return new Promise((resolve, reject) => {
    proc.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) resolve(proc);
    });
    proc.on("exit", (code) => reject(new Error(`the runner exited (${code}): ${err.slice(0, 2000)}`)));
  });
}

beforeAll(async () => {
  staff = await createTestUser({ role: "staff" });
  const { data } = await (await signedInClient(staff.email, staff.password)).auth.getSession();
  token = data.session!.access_token;
  const t = await service
    .from("whatsapp_templates")
    .insert({ name: TEMPLATE, category: "utility", body: "Hello {{1}}, this is a test of the runner." });
  if (t.error) throw new Error(t.error.message);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await sandboxDelay(0);
  await service.from("action_plans").delete().like("name", `%${tag}%`);
  const { data } = await service.from("contacts").select("id").eq("last_name", `Kill-${tag}`);
  const ids = ((data ?? []) as { id: string }[]).map((r) => r.id);
  if (ids.length) {
    await service.from("whatsapp_messages").delete().in("contact_id", ids);
    await service.from("contacts").delete().in("id", ids);
  }
  await service.from("whatsapp_templates").delete().eq("name", TEMPLATE);
  if (staff) await deleteTestUser(staff.id);
});

/** Contacts of this test (owned by staff, consenting) with fresh Ghana numbers. */
async function contacts(
  n: number,
  extra: Record<string, unknown> = {},
): Promise<{ ids: string[]; numbers: string[] }> {
  const out = { ids: [] as string[], numbers: [] as string[] };
  for (let i = 0; i < n; i++) {
    const phone = `+23320${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const { data, error } = await service
      .from("contacts")
      .insert({
        first_name: `Runner${i}`,
        last_name: `Kill-${tag}`,
        phone,
        owner_id: staff.id,
        whatsapp_opt_in: true,
        marketing_consent: true,
        consent_status: "given",
        consent_source: "in_person",
        ...extra,
      })
      .select("id, phone")
      .single();
    if (error) throw new Error(error.message);
    out.ids.push((data as { id: string }).id);
    out.numbers.push((data as { phone: string }).phone.replace("+", ""));
  }
  return out;
}

/**
 * The plan "WhatsApp the test template, then wait 30 days", applied by hand to the contacts and
 * parked an hour ahead until the test's runner is up, so the stack's own runner does not take
 * them first.
 */
async function parkedPlan(
  name: string,
  contactIds: string[],
  quiet: { quiet_start: number; quiet_end: number },
): Promise<string> {
  const plan = await service.rpc("save_action_plan", {
    plan_id: null as unknown as string,
    fields: { name: `${name} ${tag}`, scope: "shared", is_active: true, trigger_kind: "manual", ...quiet },
    steps: [
      { kind: "whatsapp", config: { template: TEMPLATE, language: "en", params: ["{{first_name}}"] } },
      { kind: "wait", config: { amount: 30, unit: "days" } },
    ] as never,
  });
  expect(plan.error).toBeNull();
  const planId = plan.data as string;
  const applied = await (await signedInClient(staff.email, staff.password)).rpc("apply_action_plan", {
    plan_id: planId,
    contact_ids: contactIds,
  });
  expect(applied.data).toEqual({ started: contactIds.length, running: 0, not_visible: 0 });
  const parked = new Date(Date.now() + 3_600_000).toISOString();
  await service.from("action_plan_runs").update({ next_step_at: parked }).eq("plan_id", planId);
  return planId;
}

it("respects quiet hours and consent: at 21:00 in Accra the message waits for 08:00; without opt-in it is skipped", async () => {
  const optedIn = await contacts(1);
  const silent = await contacts(1, { whatsapp_opt_in: false });
  const planId = await parkedPlan("Quiet test", [...optedIn.ids, ...silent.ids], {
    quiet_start: 20,
    quiet_end: 8,
  });
  const once = await startRunner("2026-12-01T21:00:00.000Z");
  await service
    .from("action_plan_runs")
    .update({ next_step_at: new Date().toISOString() })
    .eq("plan_id", planId);
  once.stdin!.write("go\n");
  await new Promise((r) => once.once("exit", r));
  const runs = (
    await service
      .from("action_plan_runs")
      .select("contact_id, position, next_step_at, last_event")
      .eq("plan_id", planId)
  ).data as Array<{ contact_id: string; position: number; next_step_at: string; last_event: string }>;
  const waiting = runs.find((r) => r.contact_id === optedIn.ids[0])!;
  expect(waiting.position).toBe(0);
  expect(new Date(waiting.next_step_at).toISOString()).toBe("2026-12-02T08:00:00.000Z");
  expect(waiting.last_event).toBe(`Waiting (quiet hours) to WhatsApp template ${TEMPLATE}`);
  const skipped = runs.find((r) => r.contact_id === silent.ids[0])!;
  expect(skipped.position).toBe(1);
  expect(skipped.last_event).toBe(
    `Skipped WhatsApp template ${TEMPLATE}: the contact has not opted in to WhatsApp messages`,
  );
  const queued = (
    await service
      .from("whatsapp_messages")
      .select("id")
      .in("contact_id", [...optedIn.ids, ...silent.ids])
  ).data;
  expect(queued, "nothing queued at night, nothing without opt-in").toEqual([]);
  await service.from("action_plans").update({ is_active: false }).eq("id", planId);
}, 60_000);

it("a kill -9 of the runner mid-step sends nothing twice and skips nothing", async () => {
  const { ids: contactIds, numbers } = await contacts(CONTACTS);
  // Never quiet (the test runs at any hour): quiet_start = quiet_end.
  const planId = await parkedPlan("Kill test", contactIds, { quiet_start: 0, quiet_end: 0 });

  await sandboxDelay(4_000);
  child = await startRunner();
  await service
    .from("action_plan_runs")
    .update({ next_step_at: new Date().toISOString() })
    .eq("plan_id", planId);
  // The sandbox has taken some messages and holds its answers: the runner is mid-send.
  const accepted = await waitUntil("the first messages in the sandbox", async () => {
    const counts = await sandboxCounts();
    return counts.size >= 2 ? counts : null;
  });
  child.kill("SIGKILL");
  await new Promise((r) => child!.once("exit", r));
  const atKill = (await service.from("whatsapp_messages").select("status").in("contact_id", contactIds))
    .data as { status: string }[];
  expect(accepted.size, "killed mid-step: some messages out, some not").toBeLessThan(CONTACTS);
  expect(
    atKill.some((m) => m.status === "sending" || m.status === "queued"),
    "the killed runner held messages",
  ).toBe(true);

  // The stack's own runner (kicked) takes over once the dead runner's leases end.
  await sandboxDelay(0);
  const sent = await waitUntil(
    "every message sent",
    async () => {
      const rows = (await service.from("whatsapp_messages").select("status").in("contact_id", contactIds))
        .data as { status: string }[];
      if (rows.length === CONTACTS && rows.every((m) => m.status === "sent")) return rows;
      await kickJobs(token);
      return null;
    },
    { timeoutMs: 90_000, intervalMs: 1_000 },
  );
  expect(sent).toHaveLength(CONTACTS);
  const counts = await sandboxCounts();
  expect(
    numbers.map((n) => counts.get(n) ?? 0),
    "each contact got the message exactly once",
  ).toEqual(numbers.map(() => 1));
  const runs = (await service.from("action_plan_runs").select("position, status").eq("plan_id", planId)).data;
  // The wait after the message was due at once: every run went through both steps.
  expect(runs).toEqual(numbers.map(() => ({ position: 2, status: "completed" })));
  const steps = (
    await service
      .from("contact_activities")
      .select("id")
      .in("contact_id", contactIds)
      .eq("kind", "action_plan")
      .eq("details->>step", "1")
  ).data;
  expect(steps, "each run did its first step once").toHaveLength(CONTACTS);
}, 180_000);
