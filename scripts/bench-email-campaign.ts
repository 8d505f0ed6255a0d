/**
 * `npx tsx scripts/bench-email-campaign.ts` (with the stack running: `npm start`, same ports):
 * issue 15's campaign figures. Seeds BENCH_RECIPIENTS (default 20,000) consenting contacts with a
 * tag of this run, a segment of that tag and a campaign; times queue_campaign (the whole audience
 * written as recipients and outgoing mails in one transaction; target ≤ 5 s), then kicks the edge's
 * job runner until every mail is sent to the emulator's outbox and prints the rate (target ≥ 200
 * messages/s) — and checks that every address got exactly one mail (outgoing rows = recipients =
 * distinct addresses). The message carries two links, so queueing includes click tracking (each
 * mail's links rewritten to the edge's /api/email/click with a signed per-recipient token).
 * Cleans up after itself. Not a test: prints figures.
 */
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { createClient } from "@supabase/supabase-js";
import { JOBS_KICK_PATH } from "#core/jobs.ts";
import { DEMO_PASSWORD, SITE_URL, SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, SUPABASE_URL } from "./local-env.ts";

const N = Number(process.env.BENCH_RECIPIENTS ?? 20_000);
const run = crypto.randomUUID().slice(0, 8);
const opts = { auth: { persistSession: false, autoRefreshToken: false } } as const;
const service = createClient(SUPABASE_URL, SUPABASE_SECRET_KEY, opts);
const admin = createClient(SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, opts);

function must<T>(r: { data: T; error: { message: string } | null }, what: string): NonNullable<T> {
  if (r.error) throw new Error(`${what}: ${r.error.message}`);
  if (r.data === null || r.data === undefined) throw new Error(`${what}: no data`);
  return r.data;
}

const signedIn = await admin.auth.signInWithPassword({ email: "admin@demo.test", password: DEMO_PASSWORD });
if (signedIn.error) throw new Error(`sign-in: ${signedIn.error.message}`);
const adminId = signedIn.data.user.id;
const token = signedIn.data.session.access_token;
const CITIES = ["Accra", "Tema", "Kumasi", "Takoradi", "Cape Coast"];
const FIRST = ["Ama", "Kofi", "Akosua", "Kwame", "Efua", "Yaw", "Abena", "Kwesi", "Adjoa", "Kojo"];

let campaignId = "";
try {
  const t0 = performance.now();
  for (let i = 0; i < N; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, N - i) }, (_, j) => {
      const n = i + j;
      return {
        first_name: FIRST[n % FIRST.length],
        last_name: `Bench ${n}`,
        email: `bench${n}.${run}@example.com`,
        city: CITIES[n % CITIES.length],
        tags: [`bench-${run}`],
        marketing_consent: true,
        consent_status: "given",
        consent_at: new Date().toISOString(),
        owner_id: adminId,
      };
    });
    const seeded = await service.from("contacts").insert(rows);
    if (seeded.error) throw new Error(`seed contacts: ${seeded.error.message}`);
  }
  console.log(`[bench:campaign] seeded ${N} consenting contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const list = must(await admin.from("email_lists").insert({ name: `Bench ${run}`, kind: "segment", filter: { tags: [`bench-${run}`] }, owner_id: adminId }).select("id").single(), "list");
  const campaign = must(
    await admin.from("email_campaigns").insert({ name: `Bench ${run}`, list_id: list.id, subject: "{{first_name}}, new listings in {{city}}", body: "Dear {{full_name}},\nThree new homes this week: https://ghanarealty.com/properties?sort=newest\nOr book a viewing at https://ghanarealty.com/consultation.", owner_id: adminId }).select("id").single(),
    "campaign",
  );
  campaignId = campaign.id;

  const tq = performance.now();
  const queued = must(await admin.rpc("queue_campaign", { campaign: campaign.id, site_origin: SITE_URL }), "queue_campaign");
  const queueMs = performance.now() - tq;
  console.log(`[bench:campaign] queue_campaign: ${queued} recipients queued in ${(queueMs / 1000).toFixed(2)} s (target ≤ 5 s)`);

  const ts = performance.now();
  let sent = 0;
  let lastKick = 0;
  const deadline = ts + Number(process.env.BENCH_SEND_TIMEOUT_MS ?? 300_000);
  while (sent < queued && performance.now() < deadline) {
    if (performance.now() - lastKick > 2_000) {
      lastKick = performance.now();
      await fetch(`${SITE_URL}${JOBS_KICK_PATH}`, { method: "POST", headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 500));
    const figures = must(await admin.rpc("email_campaign_figures", { campaign: campaign.id }), "figures") as { sent: number; failed: number }[];
    sent = figures[0]?.sent ?? 0;
  }
  const sendS = (performance.now() - ts) / 1000;
  console.log(`[bench:campaign] sent ${sent} of ${queued} to the outbox in ${sendS.toFixed(1)} s: ${(sent / sendS).toFixed(0)} messages/s (target ≥ 200)`);

  // Each address once: recipients are unique per (campaign, address) and mails per dedup_key; both counts must equal the audience.
  const mails = await service.from("outgoing_emails").select("id", { count: "exact", head: true }).like("dedup_key", `campaign/${campaign.id}/%`);
  const recipients = await service.from("email_campaign_recipients").select("id", { count: "exact", head: true }).eq("campaign_id", campaign.id);
  const ok = mails.count === queued && recipients.count === queued;
  console.log(`[bench:campaign] outgoing mails ${mails.count}, recipients ${recipients.count}, audience ${queued}: ${ok ? "each address once" : "MISMATCH"}`);
} catch (err) {
  console.error("[bench:campaign] failed:", err);
  process.exitCode = 1;
} finally {
  // Set-based deletes by this run's tag (one statement each).
  if (campaignId) await service.from("outgoing_emails").delete().like("dedup_key", `campaign/${campaignId}/%`);
  await service.from("email_campaigns").delete().eq("name", `Bench ${run}`);
  await service.from("email_lists").delete().eq("name", `Bench ${run}`);
  // Contacts in chunks: each delete runs the audit trigger and the foreign-key checks.
  for (;;) {
    const ids = ((await service.from("contacts").select("id").like("email", `%.${run}@example.com`).limit(200)).data ?? []) as { id: string }[];
    if (!ids.length) break;
    const removed = await service.from("contacts").delete().in("id", ids.map((r) => r.id));
    if (removed.error) {
      console.error(`[bench:campaign] cleanup: ${removed.error.message}`);
      break;
    }
  }
}
