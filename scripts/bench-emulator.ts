/**
 * `npm run bench:emulator`: latency and throughput of the emulator's REST surface through
 * supabase-js, as the app calls it. Not a test: it prints figures.
 *
 *   - median / p99 of a primary-key select, an embedded select over three tables
 *     (authors → books → tags through the join table) and an insert;
 *   - throughput with 50 concurrent clients doing primary-key selects, and the error count.
 *
 * Uses the emulator at SUPABASE_URL (EMULATOR_PORT) when it answers; otherwise starts its own on a
 * spare port with a throw-away data folder and stops it afterwards.
 * Knobs: BENCH_N (sequential requests per case, default 400), BENCH_SECONDS (load phase, 5),
 * BENCH_CLIENTS (50).
 */
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { answers, startPrivateEmulator, stats, type PrivateEmulator } from "./bench/measure.ts";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, SUPABASE_URL } from "./local-env.ts";

const N = Number(process.env.BENCH_N ?? 400);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const TARGET_MEDIAN_MS = 5;

const noPersist = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

async function measure(
  label: string,
  n: number,
  fn: (i: number) => PromiseLike<{ error: unknown }>,
): Promise<{ label: string; median: number; p99: number; mean: number; errors: number }> {
  for (let i = 0; i < Math.min(30, n); i++) await fn(-1 - i); // warm-up
  const samples: number[] = [];
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const { error } = await fn(i);
    samples.push(performance.now() - t0);
    if (error) errors++;
  }
  return { label, ...stats(samples), errors };
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

let own: PrivateEmulator | null = null;

async function stopOwn() {
  const o = own;
  own = null;
  await o?.stop();
}

async function main() {
  let url = SUPABASE_URL;
  if (!(await answers(url))) {
    console.log(`[bench] nothing answers at ${url}; starting a private emulator…`);
    own = await startPrivateEmulator();
    url = own.url;
  }
  console.log(
    `[bench] emulator ${url} · ${N} sequential requests per case · ${CLIENTS} clients for ${SECONDS} s`,
  );

  const anon: SupabaseClient = createClient(url, SUPABASE_PUBLISHABLE_KEY, noPersist);
  const admin: SupabaseClient = createClient(url, SUPABASE_SECRET_KEY, noPersist);
  const tag = crypto.randomUUID().slice(0, 8);

  // Fixture: one author, 10 books, 3 tags each.
  const { data: author, error: e1 } = await admin
    .from("cf_authors")
    .insert({ name: `bench ${tag}` })
    .select("id")
    .single();
  if (e1 || !author) throw new Error(`fixture: ${e1?.message}`);
  const { data: books, error: e2 } = await admin
    .from("cf_books")
    .insert(
      Array.from({ length: 10 }, (_, i) => ({
        author_id: author.id,
        title: `bench ${tag} ${i}`,
        pages: 100 + i,
        genres: ["bench"],
      })),
    )
    .select("id");
  if (e2 || !books) throw new Error(`fixture: ${e2?.message}`);
  const { data: tags, error: e3 } = await admin
    .from("cf_tags")
    .insert([1, 2, 3].map((i) => ({ name: `bench-${tag}-${i}` })))
    .select("id");
  if (e3 || !tags) throw new Error(`fixture: ${e3?.message}`);
  const { error: e4 } = await admin
    .from("cf_book_tags")
    .insert(books.flatMap((b) => tags.map((t) => ({ book_id: b.id, tag_id: t.id }))));
  if (e4) throw new Error(`fixture: ${e4.message}`);
  const pk = books[0]!.id as number;

  try {
    const results = [];
    results.push(
      await measure("primary-key select", N, () => anon.from("cf_books").select("*").eq("id", pk).single()),
    );
    results.push(
      await measure("embedded select (3 tables)", N, () =>
        anon
          .from("cf_authors")
          .select("id, name, cf_books!author_id(id, title, cf_tags(name))")
          .eq("id", author.id)
          .single(),
      ),
    );
    results.push(
      await measure("insert", N, (i) =>
        admin.from("cf_books").insert({ author_id: author.id, title: `bench ${tag} ins ${i}`, pages: 1 }),
      ),
    );

    // Load: CLIENTS independent supabase-js clients, each looping primary-key selects.
    const clients = Array.from({ length: CLIENTS }, () =>
      createClient(url, SUPABASE_PUBLISHABLE_KEY, noPersist),
    );
    let ok = 0;
    let errors = 0;
    const loadSamples: number[] = [];
    const firstErrors: string[] = [];
    const until = performance.now() + SECONDS * 1000;
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (c) => {
        while (performance.now() < until) {
          const s = performance.now();
          try {
            const { error } = await c.from("cf_books").select("*").eq("id", pk).single();
            loadSamples.push(performance.now() - s);
            if (error) {
              errors++;
              if (firstErrors.length < 3) firstErrors.push(`${error.code}: ${error.message}`);
            } else ok++;
          } catch (e) {
            errors++;
            if (firstErrors.length < 3) firstErrors.push(String(e));
          }
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    const load = stats(loadSamples);

    console.log("");
    console.log("case                          median      p99         mean        errors");
    for (const r of results) {
      console.log(
        `${r.label.padEnd(30)}${fmt(r.median).padEnd(12)}${fmt(r.p99).padEnd(12)}${fmt(r.mean).padEnd(12)}${r.errors}`,
      );
    }
    console.log("");
    console.log(
      `throughput (${CLIENTS} concurrent clients, primary-key select): ${(ok / elapsed).toFixed(0)} req/s over ${elapsed.toFixed(1)} s · ` +
        `${ok} ok · ${errors} errors · latency under load median ${fmt(load.median)}, p99 ${fmt(load.p99)}`,
    );
    if (firstErrors.length) console.log(`first errors: ${firstErrors.join(" | ")}`);
    const pkMedian = results[0]!.median;
    console.log(
      `target: median primary-key select ≤ ${TARGET_MEDIAN_MS} ms → ${pkMedian <= TARGET_MEDIAN_MS ? "met" : "NOT met"} (${fmt(pkMedian)}); ` +
        `no errors at ${CLIENTS} clients → ${errors === 0 ? "met" : "NOT met"}`,
    );
  } finally {
    await admin.from("cf_authors").delete().eq("id", author.id);
    await admin.from("cf_tags").delete().like("name", `bench-${tag}-%`);
  }
}

main()
  .then(stopOwn)
  .catch(async (e) => {
    console.error(`[bench] failed: ${e instanceof Error ? e.message : String(e)}`);
    await stopOwn();
    process.exit(1);
  });
