/**
 * `npm run bench:hub` — fan-out benchmark of the realtime hub (docs/modules/team-chat.md).
 *
 * 50 authenticated admin sockets (5 users × 10 tabs) join one fresh channel; together they send
 * 50 messages/s for 10 s (each socket 1/s, well inside the per-socket rate limit). Every message
 * is written through the Data API with the sender's token and fanned out to the other 49 sockets.
 * Reported: fan-out latency (sender's send → each other socket's receipt, same clock) p50/p95/p99,
 * deliveries per second, the broadcast spread (first → last receipt of one stored message: the
 * hub's own fan-out cost, without the database write) and the sender's round trip.
 *
 * Needs the running stack (npm start, or emulator + vite dev): SITE_PORT / EMULATOR_PORT /
 * E2E_SITE_URL as for the tests. Knobs: BENCH_CLIENTS, BENCH_RATE (msg/s), BENCH_SECONDS.
 * The channel and the users are removed at the end.
 */
import { HUB_RATE_LIMIT } from "#core/constants.ts";
import { openHub, type HubSocket } from "#tests/hub/hub-socket.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Math.min(5, CLIENTS);
const TARGET_P99_MS = 50;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const perSocketRate = RATE / CLIENTS;
  if (perSocketRate * (HUB_RATE_LIMIT.windowMs / 1000) > HUB_RATE_LIMIT.frames - 2) {
    throw new Error(`BENCH_RATE ${RATE} over ${CLIENTS} sockets exceeds the hub's per-socket limit`);
  }
  const admin = serviceClient();
  const channelId = `bench-${Date.now().toString(36)}`;
  const users: TestUser[] = [];
  const sockets: HubSocket[] = [];
  try {
    const { error: chErr } = await admin
      .from("team_channels")
      .insert({ id: channelId, name: `Benchmark ${channelId}` });
    if (chErr) throw new Error(`creating the channel failed: ${chErr.message}`);
    for (let i = 0; i < USERS; i++) users.push(await createTestUser({ role: "admin" }));
    const tokens = await Promise.all(
      users.map(async (u) => {
        const c = await signedInClient(u.email, u.password);
        return (await c.auth.getSession()).data.session!.access_token;
      }),
    );

    for (let i = 0; i < CLIENTS; i++) {
      const s = await openHub();
      s.send({ type: "auth", token: tokens[i % USERS] });
      await s.next((f) => f.type === "auth_success");
      s.send({ type: "join_channel", channelId });
      await s.next((f) => f.type === "channel_members");
      sockets.push(s);
    }
    console.log(
      `bench:hub — ${CLIENTS} sockets (${USERS} admins) in #${channelId}; ${RATE} msg/s for ${SECONDS} s`,
    );

    const sentAt = new Map<string, number>();
    const fanout: number[] = [];
    const roundTrip: number[] = [];
    const firstLast = new Map<string, [number, number]>();
    let deliveries = 0;
    let errors = 0;
    sockets.forEach((s, idx) => {
      s.ws.addEventListener("message", (e) => {
        const now = performance.now();
        const f = JSON.parse(String(e.data)) as { type: string; ref?: string; message?: { message: string } };
        if (f.type === "error") errors++;
        if (f.type !== "team_message" || !f.message) return;
        const key = f.message.message;
        const t0 = sentAt.get(key);
        if (t0 === undefined) return;
        const fl = firstLast.get(key);
        if (fl) fl[1] = now;
        else firstLast.set(key, [now, now]);
        if (f.ref?.startsWith(`s${idx}-`)) roundTrip.push(now - t0);
        else {
          fanout.push(now - t0);
          deliveries++;
        }
      });
    });

    const total = RATE * SECONDS;
    const interval = 1000 / RATE;
    const start = performance.now();
    for (let n = 0; n < total; n++) {
      const due = start + n * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const idx = n % CLIENTS;
      const text = `bench ${n} ${Math.random().toString(36).slice(2, 8)}`;
      sentAt.set(text, performance.now());
      sockets[idx]!.send({
        type: "team_message",
        action: "insert",
        channelId,
        message: text,
        ref: `s${idx}-${n}`,
      });
    }
    const sendDone = performance.now();
    const expected = total * (CLIENTS - 1);
    const deadline = Date.now() + 15_000;
    while (deliveries < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const elapsed = (performance.now() - start) / 1000;

    const spread = [...firstLast.values()].map(([a, b]) => b - a).sort((a, b) => a - b);
    fanout.sort((a, b) => a - b);
    roundTrip.sort((a, b) => a - b);
    const fmt = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `sent ${total} messages in ${((sendDone - start) / 1000).toFixed(1)} s (${(total / ((sendDone - start) / 1000)).toFixed(1)} msg/s offered)`,
    );
    console.log(
      `fan-out deliveries: ${deliveries}/${expected} (${(deliveries / elapsed).toFixed(0)} deliveries/s), error frames: ${errors}`,
    );
    console.log(
      `fan-out latency  p50 ${fmt(percentile(fanout, 50))}  p95 ${fmt(percentile(fanout, 95))}  p99 ${fmt(percentile(fanout, 99))}  max ${fmt(fanout.at(-1) ?? NaN)}`,
    );
    console.log(
      `broadcast spread (first → last of the ${CLIENTS} receipts of one message) p50 ${fmt(percentile(spread, 50))}  p99 ${fmt(percentile(spread, 99))}`,
    );
    console.log(
      `sender round trip p50 ${fmt(percentile(roundTrip, 50))}  p99 ${fmt(percentile(roundTrip, 99))}`,
    );
    const p99 = percentile(fanout, 99);
    console.log(
      p99 <= TARGET_P99_MS && deliveries === expected
        ? `target met (p99 ≤ ${TARGET_P99_MS} ms)`
        : `target NOT met (p99 ≤ ${TARGET_P99_MS} ms, all delivered)`,
    );
  } finally {
    for (const s of sockets) s.close();
    await admin.from("team_channels").delete().eq("id", channelId);
    await Promise.all(users.map((u) => deleteTestUser(u.id)));
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
