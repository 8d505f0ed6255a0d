/**
 * Edge caching of generated content (sitemaps, feed, listing/post lookups).
 *
 * Two layers: a small per-isolate memory map (seconds; keeps hot paths off I/O) in front of the
 * Cache API (minutes; shared by the isolates of a data centre). Every key carries the current
 * *content version*; `markStale()` (admin regenerate, debounced app start) writes a new version,
 * so everything generated before is ignored from then on and rebuilt from live data on the next
 * request. The version itself lives in the Cache API (and in memory for a few seconds).
 * Note: the Cache API is per data centre and a no-op on *.workers.dev hosts; there, only the
 * memory layer caches, with its short TTLs, so staleness stays bounded to seconds.
 */

const CACHE_HOST = "https://edge-cache.ghana-realty.internal";
const VERSION_KEY = `${CACHE_HOST}/__content-version`;
/** How long an isolate trusts its copy of the version (other isolates see a regenerate within this). */
const VERSION_MEMORY_MS = 5_000;
const MEMORY_MAX_ENTRIES = 500;

interface VersionRecord {
  version: string;
  /** ISO instant of the last markStale(). */
  staleSince: string | null;
}

interface MemoryEntry {
  expires: number;
  value: unknown;
}

const memory = new Map<string, MemoryEntry>();
let versionMemo: { record: VersionRecord; until: number } | null = null;

function cacheStorage(): Cache | null {
  // `caches.default` exists in workerd; be defensive for other runtimes.
  const c = (globalThis as { caches?: { default?: Cache } }).caches;
  return c?.default ?? null;
}

function memoryGet<T>(key: string, now: number): T | undefined {
  const hit = memory.get(key);
  if (!hit) return undefined;
  if (hit.expires <= now) {
    memory.delete(key);
    return undefined;
  }
  return hit.value as T;
}

function memorySet(key: string, value: unknown, ttlMs: number, now: number): void {
  if (memory.size >= MEMORY_MAX_ENTRIES) {
    const oldest = memory.keys().next().value;
    if (oldest !== undefined) memory.delete(oldest);
  }
  memory.set(key, { value, expires: now + ttlMs });
}

export async function currentVersion(now = Date.now()): Promise<VersionRecord> {
  if (versionMemo && versionMemo.until > now) return versionMemo.record;
  let record: VersionRecord = { version: "0", staleSince: null };
  const cache = cacheStorage();
  if (cache) {
    const hit = await cache.match(VERSION_KEY);
    if (hit) {
      try {
        record = (await hit.json()) as VersionRecord;
      } catch {
        /* corrupt entry: treat as version 0 */
      }
    }
  }
  versionMemo = { record, until: now + VERSION_MEMORY_MS };
  return record;
}

/** Marks everything generated so far as stale. Returns the new version. */
export async function markStale(now = new Date()): Promise<VersionRecord> {
  const record: VersionRecord = {
    version: `${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`,
    staleSince: now.toISOString(),
  };
  const cache = cacheStorage();
  if (cache) {
    await cache.put(
      VERSION_KEY,
      new Response(JSON.stringify(record), {
        headers: { "content-type": "application/json", "cache-control": "max-age=31536000" },
      }),
    );
  }
  memory.clear();
  versionMemo = { record, until: now.getTime() + VERSION_MEMORY_MS };
  return record;
}

export interface CachedOptions {
  /** Memory layer TTL. */
  memoryMs: number;
  /** Cache API TTL (seconds); 0 = memory only. */
  edgeSeconds: number;
  /**
   * How long a null result ("no such published row") is remembered, memory only. Short, so a
   * listing published a moment ago is not a 404 for long; long enough to absorb scanners.
   */
  nullMemoryMs?: number;
}

/**
 * Returns the cached value of `key` under the current version, or produces, stores and returns
 * it. Values must be JSON-serialisable (strings for XML). Producer errors propagate (nothing is
 * cached), so a database outage is never cached as "empty".
 */
export async function cached<T>(key: string, opts: CachedOptions, produce: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const { version } = await currentVersion(now);
  const vkey = `${version}/${key}`;
  const mem = memoryGet<T>(vkey, now);
  if (mem !== undefined) return mem;
  const cache = opts.edgeSeconds > 0 ? cacheStorage() : null;
  const url = `${CACHE_HOST}/${encodeURIComponent(version)}/${encodeURIComponent(key)}`;
  if (cache) {
    const hit = await cache.match(url);
    if (hit) {
      const value = (await hit.json()) as T;
      memorySet(vkey, value, opts.memoryMs, now);
      return value;
    }
  }
  const value = await produce();
  if (value === null) {
    memorySet(vkey, value, opts.nullMemoryMs ?? 0, now);
    return value;
  }
  memorySet(vkey, value, opts.memoryMs, now);
  if (cache) {
    await cache.put(
      url,
      new Response(JSON.stringify(value), {
        headers: { "content-type": "application/json", "cache-control": `max-age=${opts.edgeSeconds}` },
      }),
    );
  }
  return value;
}

/**
 * Forgets what is cached under `keys` (current version), in memory and in this data centre's
 * Cache API — the social debug screen's "purge the edge cache for this URL".
 */
export async function forget(keys: readonly string[]): Promise<string[]> {
  const { version } = await currentVersion();
  const cache = cacheStorage();
  const forgotten: string[] = [];
  for (const key of keys) {
    const hadMemory = memory.delete(`${version}/${key}`);
    const hadEdge = cache
      ? await cache.delete(`${CACHE_HOST}/${encodeURIComponent(version)}/${encodeURIComponent(key)}`)
      : false;
    if (hadMemory || hadEdge) forgotten.push(key);
  }
  return forgotten;
}

/** Test helper: forget the memory layer (the Cache API is per test storage in vitest). */
export function resetMemoryCache(): void {
  memory.clear();
  versionMemo = null;
}
