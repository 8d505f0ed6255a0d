/**
 * `npx tsx scripts/bench-email-campaign.ts` (with the stack running: `npm start`, same ports):
 * e-mail campaigns' figures. Seeds BENCH_RECIPIENTS (default 20,000) consenting contacts with a
 * tag of this run, a segment of that tag and a campaign; times "Send now" (queue_campaign as the
 * signed-in admin: the first chunk queued, the campaign handed to the edge's
 * send-scheduled-campaigns job; target ≤ 5 s) and until the job has queued the whole audience,
 * then kicks the edge's job runner until every mail is sent to the emulator's outbox and prints the
 * rate (target ≥ 200 messages/s) — and checks that every address got exactly one mail (outgoing
 * rows = recipients = distinct addresses, all sent). The message carries two links, so queueing
 * includes click tracking (HTML and plain text through the edge's /api/email/click with a signed
 * per-recipient token).
 *
 * BENCH_KILL=1: a third of the way through sending, the edge's Workers runtime (the workerd
 * process of this checkout's stack, which runs the delivery job) is killed with SIGKILL; the local
 * runtime restarts it. The mails its run held (claimed, some already handed to the outbox) wait for
 * their lease (120 s) and are sent again under the same idempotency keys: the bench then checks in
 * the outbox that each of those addresses has exactly one mail. Linux only (finds the process in /proc).
 * Cleans up after itself. Not a test: prints figures.
 */
import crypto from "node:crypto";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createClient } from "@supabase/supabase-js";
import { JOBS_KICK_PATH } from "#core/jobs.ts";
import { OUTBOX_MESSAGES_PATH } from "#core/schemas/email.ts";
import {
  DEMO_PASSWORD,
  LOCAL_BUILD_DIR,
  SITE_URL,
  SUPABASE_PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY,
  SUPABASE_URL,
} from "./local-env.ts";

const N = Number(process.env.BENCH_RECIPIENTS ?? 20_000);
const KILL = process.env.BENCH_KILL === "1";

/** Mails in the emulator's outbox to one address. */
async function outboxCount(address: string): Promise<number> {
  const res = await fetch(`${SUPABASE_URL}${OUTBOX_MESSAGES_PATH}?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}

/** The workerd process of this checkout's running stack (its working directory is the local build). */
function stackWorkerd(): number | null {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (
        readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "workerd" &&
        readlinkSync(`/proc/${entry}/cwd`) === LOCAL_BUILD_DIR
      )
        return Number(entry);
    } catch {
      // The process ended meanwhile, or is not ours to read.
    }
  }
  return null;
}
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
  console.log(
    `[bench:campaign] seeded ${N} consenting contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const list = must(
    await admin
      .from("email_lists")
      .insert({
        name: `Bench ${run}`,
        kind: "segment",
        filter: { tags: [`bench-${run}`] },
        owner_id: adminId,
      })
      .select("id")
      .single(),
    "list",
  );
  const campaign = must(
    await admin
      .from("email_campaigns")
      .insert({
        name: `Bench ${run}`,
        list_id: list.id,
        subject: "{{first_name}}, new listings in {{city}}",
        body: "Dear {{full_name}},\nThree new homes this week: https://ghanarealty.com/properties?sort=newest\nOr book a viewing at https://ghanarealty.com/consultation.",
        owner_id: adminId,
      })
      .select("id")
      .single(),
    "campaign",
  );
  campaignId = campaign.id;

  const tq = performance.now();
  const queued = must(
    await admin.rpc("queue_campaign", { campaign: campaign.id, site_origin: SITE_URL }),
    "queue_campaign",
  );
  const queueMs = performance.now() - tq;
  console.log(
    `[bench:campaign] Send now: ${queued} recipients, answered in ${(queueMs / 1000).toFixed(2)} s (target ≤ 5 s; the first chunk queued, the job queues the rest)`,
  );

  const ts = tq;
  let sent = 0;
  let lastKick = 0;
  let allQueuedS: number | null = null;
  let killedAt: { sent: number; held: { to_address: string }[] } | null = null;
  const deadline = ts + Number(process.env.BENCH_SEND_TIMEOUT_MS ?? 300_000);
  while (sent < queued && performance.now() < deadline) {
    if (performance.now() - lastKick > 2_000) {
      lastKick = performance.now();
      await fetch(`${SITE_URL}${JOBS_KICK_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 500));
    const figures = must(await admin.rpc("email_campaign_figures", { campaign: campaign.id }), "figures") as {
      sent: number;
      failed: number;
    }[];
    sent = figures[0]?.sent ?? 0;
    if (
      allQueuedS === null &&
      (
        must(
          await admin.from("email_campaigns").select("status").eq("id", campaign.id).single(),
          "status",
        ) as { status: string }
      ).status === "sent"
    )
      allQueuedS = (performance.now() - ts) / 1000;
    if (KILL && !killedAt && sent >= queued / 3) {
      const pid = stackWorkerd();
      if (!pid)
        throw new Error(`no workerd process runs in ${LOCAL_BUILD_DIR}: is this checkout's stack running?`);
      process.kill(pid, "SIGKILL");
      // What the killed run held: claimed, maybe handed to the outbox, not recorded.
      const held = must(
        await service
          .from("outgoing_emails")
          .select("to_address")
          .eq("status", "sending")
          .like("dedup_key", `campaign/${campaign.id}/%`)
          .limit(5000),
        "held rows",
      ) as { to_address: string }[];
      killedAt = { sent, held };
      let delivered = 0;
      for (const { to_address } of held) delivered += await outboxCount(to_address);
      console.log(
        `[bench:campaign] kill -9 of the edge's workerd (pid ${pid}) at ${sent} sent; ${held.length} mails were held by its run, ${delivered} of them already in the outbox (they will be sent again)`,
      );
    }
  }
  const sendS = (performance.now() - ts) / 1000;
  console.log(
    `[bench:campaign] whole audience queued ${allQueuedS === null ? "(not yet)" : `${allQueuedS.toFixed(1)} s`} after Send now`,
  );
  console.log(
    `[bench:campaign] sent ${sent} of ${queued} to the outbox in ${sendS.toFixed(1)} s after Send now: ${(sent / sendS).toFixed(0)} messages/s (target ≥ 200)${KILL ? " — including the 120 s lease the killed run's mails waited" : ""}`,
  );
  if (killedAt) {
    // Each address of this run is unique: exactly one mail each in the outbox, however often it was sent.
    let once = 0;
    const extra: string[] = [];
    for (const { to_address } of killedAt.held) {
      const n = await outboxCount(to_address);
      if (n === 1) once++;
      else extra.push(`${to_address}: ${n}`);
    }
    console.log(
      `[bench:campaign] after the kill: ${once} of ${killedAt.held.length} held addresses have exactly one mail in the outbox${extra.length ? `; NOT ONCE: ${extra.slice(0, 10).join(", ")}` : ""}`,
    );
    if (extra.length) process.exitCode = 1;
  }

  // Each address once: recipients are unique per (campaign, address) and mails per dedup_key; both counts must equal the audience.
  const mails = await service
    .from("outgoing_emails")
    .select("id", { count: "exact", head: true })
    .like("dedup_key", `campaign/${campaign.id}/%`);
  const recipients = await service
    .from("email_campaign_recipients")
    .select("id", { count: "exact", head: true })
    .eq("campaign_id", campaign.id);
  const ok = mails.count === queued && recipients.count === queued && sent === queued;
  console.log(
    `[bench:campaign] outgoing mails ${mails.count}, recipients ${recipients.count}, sent ${sent}, audience ${queued}: ${ok ? "each address once" : "MISMATCH"}`,
  );
  if (!ok) process.exitCode = 1;
} catch (err) {
  console.error("[bench:campaign] failed:", err);
  process.exitCode = 1;
} finally {
  // Set-based deletes by this run's tag (one statement each).
  if (campaignId)
    await service.from("outgoing_emails").delete().like("dedup_key", `campaign/${campaignId}/%`);
  await service.from("email_campaigns").delete().eq("name", `Bench ${run}`);
  await service.from("email_lists").delete().eq("name", `Bench ${run}`);
  // Contacts in chunks: each delete runs the audit trigger and the foreign-key checks.
  for (;;) {
    const ids = ((
      await service.from("contacts").select("id").like("email", `%.${run}@example.com`).limit(200)
    ).data ?? []) as { id: string }[];
    if (!ids.length) break;
    const removed = await service
      .from("contacts")
      .delete()
      .in(
        "id",
        ids.map((r) => r.id),
      );
    if (removed.error) {
      console.error(`[bench:campaign] cleanup: ${removed.error.message}`);
      break;
    }
  }
}
