/**
 * Edge worker benchmark (`npm run bench:edge`): requests/s and p50/p99 latency with autocannon for
 * a share page, /sitemap-properties.xml, a property page shell and a static asset, against the
 * running site (start it first: `npm start`, or `LOCAL_STACK=1 npx vite dev` / `vite preview`).
 * Caches are warmed first; the dynamic routes should reach at least half the static throughput.
 *
 * Targets run in interleaved rounds and the median of each is reported, so a shared machine's
 * load swings hit every route alike.
 *
 *   SITE_PORT=8793 npm run bench:edge   # BENCH_SECONDS=5 per run, BENCH_ROUNDS=3, BENCH_CONNECTIONS=10
 *   BENCH_URL=http://127.0.0.1:8787 npm run bench:edge
 */
import autocannon from "autocannon";
import { SITE_PORT } from "./local-env.ts";

const base = process.env.BENCH_URL ?? `http://127.0.0.1:${SITE_PORT}`;
const host = process.env.BENCH_HOST ?? `localhost:${new URL(base).port || SITE_PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function get(path: string): Promise<Response> {
  return fetch(new URL(path, base), { headers: { host, "user-agent": "bench-edge" } });
}

async function discover(): Promise<{ name: string; path: string; dynamic: boolean }[]> {
  const sitemap = await (await get("/sitemap-properties.xml")).text();
  const property = sitemap.match(/<loc>https?:\/\/[^/]+(\/property\/[^<]+)<\/loc>/)?.[1];
  if (!property) throw new Error("no listing in /sitemap-properties.xml — is the stack seeded?");
  const slug = property.slice("/property/".length);
  const shell = await (await get("/")).text();
  const hashed = shell.match(/<script\b[^>]*\ssrc="(\/assets\/[^"]+)"/)?.[1];
  // In a build the bundle is /assets/index-<hash>.js; under `vite dev` there is none, so use a public file.
  const asset = hashed ?? "/og-default.jpg";
  return [
    { name: `static asset ${asset}`, path: asset, dynamic: false },
    { name: "share page", path: `/share/property/${slug}`, dynamic: true },
    { name: "sitemap-properties.xml", path: "/sitemap-properties.xml", dynamic: true },
    { name: "property page shell", path: property, dynamic: true },
  ];
}

interface Row {
  name: string;
  dynamic: boolean;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function bench(path: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const result = await autocannon({
    url: new URL(path, base).toString(),
    connections,
    duration: seconds,
    headers: { host, "user-agent": "bench-edge" },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const targets = await discover();
  for (const t of targets) for (let i = 0; i < 5; i++) await (await get(t.path)).arrayBuffer(); // warm caches
  const runs = new Map<string, Awaited<ReturnType<typeof bench>>[]>();
  for (let round = 0; round < rounds; round++)
    for (const t of targets) {
      const r = await bench(t.path);
      runs.set(t.name, [...(runs.get(t.name) ?? []), r]);
    }
  const rows: Row[] = targets.map((t) => {
    const rs = runs.get(t.name)!;
    return {
      name: t.name,
      dynamic: t.dynamic,
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    };
  });
  for (const r of rows)
    console.log(
      `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${r.non2xx ? `   non-2xx ${r.non2xx}` : ""}`,
    );
  const staticRps = rows.find((r) => !r.dynamic)!.rps;
  const worst = Math.min(...rows.filter((r) => r.dynamic).map((r) => r.rps));
  const ratio = worst / staticRps;
  console.log(
    `\nslowest dynamic route / static asset = ${(ratio * 100).toFixed(0)} % (target ≥ 50 %) → ${ratio >= 0.5 ? "PASS" : "FAIL"}`,
  );
  console.log(
    `(${base}, Host ${host}, ${connections} connections, median of ${rounds} interleaved ${seconds}-s runs)`,
  );
  if (ratio < 0.5 || rows.some((r) => r.non2xx > 0)) process.exitCode = 1;
}

await main();
