/**
 * Issue 17: the emulator under stress, on an emulator of this test's own (own port, own data
 * folder, the suite's fixtures, a short statement timeout):
 *   - item 5: a runaway statement of an anonymous caller is cancelled with 57014 after the
 *     role's statement timeout, and the requests queued behind it (a sign-in) are answered;
 *   - the crash test: several writers (rows, two-row transactions, uploads) while the emulator
 *     is killed with SIGKILL; after a restart every acknowledged write is there and nothing
 *     unacknowledged is half there.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_USERS, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "#scripts/local-env.ts";
import { migratedDataDir } from "../support/migrated-database.ts";
import { waitUntil } from "../support/wait.ts";
import { freePort, startOwnEmulator, stopOwnEmulator, type OwnEmulator } from "./own-emulator.ts";

const STATEMENT_TIMEOUT_MS = 1500;
const BUCKET = "crash-test";

let emu: OwnEmulator;
let port: number;
let dataDir: string;
const env = { EMULATOR_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) };

const service = (extra: Record<string, string> = {}) => ({
  apikey: LOCAL_SECRET_KEY,
  authorization: `Bearer ${LOCAL_SECRET_KEY}`,
  ...extra,
});

beforeAll(async () => {
  port = await freePort();
  // The suite's migrated template (tests/support/global-setup-schema.ts): migrating a fresh folder
  // took a minute of a busy machine.
  dataDir = await migratedDataDir("security");
  emu = await startOwnEmulator({ port, dataDir, env });
  const res = await fetch(`${emu.url}/storage/v1/bucket`, {
    method: "POST",
    headers: service({ "content-type": "application/json" }),
    body: JSON.stringify({ name: BUCKET, public: false }),
  });
  expect(res.status, await res.text()).toBe(200);
}, 180_000);

afterAll(async () => {
  await stopOwnEmulator(emu);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("crash test: SIGKILL mid-write", () => {
  interface Upload {
    name: string;
    sha: string;
  }
  const ackedRows = new Set<string>();
  const ackedPairs = new Set<string>();
  const ackedUploads: Upload[] = [];
  /** Every upload attempted, acknowledged or not: name → sha of the bytes sent. */
  const sent = new Map<string, string>();

  async function rowWriter(w: number, stop: () => boolean) {
    for (let seq = 1; !stop(); seq++) {
      try {
        const res = await fetch(`${emu.url}/rest/v1/sec_crash_rows`, {
          method: "POST",
          headers: service({ "content-type": "application/json", prefer: "return=representation" }),
          body: JSON.stringify({ writer: w, seq, payload: crypto.randomBytes(64).toString("hex") }),
        });
        if (res.status !== 201) continue;
        const [row] = (await res.json()) as { id: string }[];
        ackedRows.add(row!.id);
      } catch {
        return; // the emulator is gone
      }
    }
  }

  async function pairWriter(w: number, stop: () => boolean) {
    for (let seq = 1; !stop(); seq++) {
      try {
        const res = await fetch(`${emu.url}/rest/v1/rpc/sec_crash_pair`, {
          method: "POST",
          headers: service({ "content-type": "application/json" }),
          body: JSON.stringify({ writer_no: w, seq_no: seq, body: "x".repeat(2000) }),
        });
        if (res.status !== 200) continue;
        ackedPairs.add((await res.json()) as string);
      } catch {
        return;
      }
    }
  }

  async function uploadWriter(w: number, stop: () => boolean) {
    for (let seq = 1; !stop(); seq++) {
      const bytes = crypto.randomBytes(20_000 + Math.floor(Math.random() * 200_000));
      const name = `w${w}/${seq}.bin`;
      const sha = crypto.createHash("sha256").update(bytes).digest("hex");
      sent.set(name, sha);
      try {
        const res = await fetch(`${emu.url}/storage/v1/object/${BUCKET}/${name}`, {
          method: "POST",
          headers: service({ "content-type": "application/octet-stream" }),
          body: bytes,
        });
        if (res.status === 200) ackedUploads.push({ name, sha });
      } catch {
        return;
      }
    }
  }

  it("every acknowledged row, pair and upload survives; nothing is half written", async () => {
    let stopped = false;
    const stop = () => stopped;
    const writers = [
      rowWriter(1, stop),
      rowWriter(2, stop),
      pairWriter(3, stop),
      pairWriter(4, stop),
      uploadWriter(5, stop),
      uploadWriter(6, stop),
    ];
    // Let each kind of writer get some writes acknowledged (however long a busy machine takes),
    // then pull the plug while their next requests are in flight.
    await waitUntil(
      "acknowledged rows, pairs and uploads",
      async () => ackedRows.size > 5 && ackedPairs.size > 5 && ackedUploads.length > 3,
      { timeoutMs: 120_000, intervalMs: 50 },
    );
    emu.child.kill("SIGKILL");
    stopped = true;
    await Promise.all(writers);
    await new Promise<void>((r) =>
      emu.child.exitCode !== null || emu.child.signalCode !== null ? r() : emu.child.once("exit", () => r()),
    );
    console.info(
      `[crash test] acknowledged before SIGKILL: ${ackedRows.size} rows, ${ackedPairs.size} pairs, ${ackedUploads.length} uploads (${sent.size} sent)`,
    );
    expect(ackedRows.size, "rows acknowledged before the kill").toBeGreaterThan(5);
    expect(ackedPairs.size, "pairs acknowledged before the kill").toBeGreaterThan(5);
    expect(ackedUploads.length, "uploads acknowledged before the kill").toBeGreaterThan(3);

    emu = await startOwnEmulator({ port, dataDir, env });

    // Rows: every acknowledged one is there.
    const rows: { id: string; seq: number; pair_id: string | null }[] = [];
    for (let offset = 0; ; offset += 1000) {
      const res = await fetch(
        `${emu.url}/rest/v1/sec_crash_rows?select=id,seq,pair_id&order=id&offset=${offset}&limit=1000`,
        { headers: service() },
      );
      expect(res.status).toBe(200);
      const page = (await res.json()) as typeof rows;
      rows.push(...page);
      if (page.length < 1000) break;
    }
    const ids = new Set(rows.map((r) => r.id));
    const lostRows = [...ackedRows].filter((id) => !ids.has(id));
    expect(lostRows, "acknowledged rows missing after the crash").toEqual([]);

    // Pairs: each written in one transaction, so both rows or neither, acknowledged or not.
    const byPair = new Map<string, number>();
    for (const r of rows) if (r.pair_id) byPair.set(r.pair_id, (byPair.get(r.pair_id) ?? 0) + 1);
    const half = [...byPair].filter(([, n]) => n !== 2);
    expect(half, "pairs with only one of their two rows").toEqual([]);
    const lostPairs = [...ackedPairs].filter((p) => byPair.get(p) !== 2);
    expect(lostPairs, "acknowledged pairs missing after the crash").toEqual([]);

    // Uploads: every acknowledged one reads back byte for byte; every object listed is whole.
    for (const u of ackedUploads) {
      const res = await fetch(`${emu.url}/storage/v1/object/${BUCKET}/${u.name}`, { headers: service() });
      expect(res.status, `acknowledged upload ${u.name}`).toBe(200);
      expect(
        crypto
          .createHash("sha256")
          .update(Buffer.from(await res.arrayBuffer()))
          .digest("hex"),
        u.name,
      ).toBe(u.sha);
    }
    for (const folder of ["w5", "w6"]) {
      const res = await fetch(`${emu.url}/storage/v1/object/list/${BUCKET}`, {
        method: "POST",
        headers: service({ "content-type": "application/json" }),
        body: JSON.stringify({ prefix: folder, limit: 1000 }),
      });
      expect(res.status).toBe(200);
      for (const o of (await res.json()) as { name: string }[]) {
        const name = `${folder}/${o.name}`;
        const got = await fetch(`${emu.url}/storage/v1/object/${BUCKET}/${name}`, { headers: service() });
        expect(got.status, `listed object ${name} must be readable`).toBe(200);
        const sha = crypto
          .createHash("sha256")
          .update(Buffer.from(await got.arrayBuffer()))
          .digest("hex");
        expect(sha, `listed object ${name} must be whole`).toBe(sent.get(name));
      }
    }

    // And the restarted emulator takes new writes.
    const again = await fetch(`${emu.url}/rest/v1/sec_crash_rows`, {
      method: "POST",
      headers: service({ "content-type": "application/json", prefer: "return=minimal" }),
      body: JSON.stringify({ writer: 9, seq: 1, payload: "after the crash" }),
    });
    expect(again.status).toBe(201);
  }, 120_000);
});

describe("item 5: statement timeout", () => {
  it("cancels an anonymous caller's runaway statement with 57014; a sign-in queued behind it is answered", async () => {
    const slow = fetch(`${emu.url}/rest/v1/rpc/sec_slow_count`, {
      method: "POST",
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, "content-type": "application/json" },
      body: JSON.stringify({ n: 40_000 }),
      signal: AbortSignal.timeout(120_000),
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { code?: string; message?: string },
    }));
    await new Promise((r) => setTimeout(r, 300));
    const signIn = fetch(`${emu.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
      signal: AbortSignal.timeout(120_000),
    }).then((r) => ({ status: r.status }));
    const [s, a] = await Promise.all([slow, signIn]);
    expect(s.status).toBe(500);
    expect(s.body).toMatchObject({ code: "57014", message: "canceling statement due to statement timeout" });
    // 57014 is the cancellation: the cross join of 40,000 × 40,000 rows runs for many minutes,
    // so an answer at all means the timeout ended it. How soon after the 1.5 s it came (the
    // thread's end and the folder's reopen) is the machine's speed, not asserted.
    expect(a.status, "the sign-in queued behind it is answered").toBe(200);
    // The database is whole afterwards.
    const after = await fetch(`${emu.url}/rest/v1/properties?select=slug&limit=1`, {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY },
    });
    expect(after.status).toBe(200);
    expect(((await after.json()) as unknown[]).length).toBe(1);
  }, 240_000);
});
