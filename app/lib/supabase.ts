/**
 * The one Supabase client of the SPA (one client, automatic refresh near expiry: docs/product.md#session).
 * Sessions persist in localStorage, shared by every tab of the origin. The auth client
 * coordinates refreshes across tabs (single-flight refresh, pickup of a token another tab
 * already rotated, BroadcastChannel for state changes), so tabs do not sign each other out.
 *
 * Built from supabase-js's own parts — the auth client, postgrest-js and storage-js, wired as
 * `createClient` wires them (the apikey header, the session's token as bearer) — without the
 * Realtime client the SPA never uses (the hub is its realtime path): ~20 KB gzip less on every
 * back-office page. Storage's client loads on its first call (uploads and downloads are async).
 */
import { AuthClient } from "@supabase/auth-js";
import { PostgrestClient } from "@supabase/postgrest-js";
import type { StorageClient } from "@supabase/storage-js";
import type { Database } from "#core/database.types.ts";
import { AUTH_STORAGE_KEY, siteConfig } from "./site-config.ts";
// Must run before the auth client starts: it snapshots URL tokens the client is about to consume.
import "./url-session.ts";

const url = siteConfig.supabaseUrl.replace(/\/$/, "");
const key = siteConfig.supabasePublishableKey;

const auth = new AuthClient({
  url: `${url}/auth/v1`,
  headers: { Authorization: `Bearer ${key}`, apikey: key },
  persistSession: true,
  autoRefreshToken: true,
  // Password-recovery links arrive with the session in the URL fragment.
  detectSessionInUrl: true,
  storageKey: AUTH_STORAGE_KEY,
});

/** Every data request carries the publishable key and, when signed in, the user's token. */
const fetchWithAuth: typeof fetch = async (input, init) => {
  // Offline, postgrest-js retries a failed read three times over 7 s (1, 2, 4 s) before the
  // caller may show what the device kept: fail at once. An abort is the one failure it does not
  // retry; the message still reads as a network failure (core/records/db-errors.ts,
  // offline-store's isNetworkError).
  if (typeof navigator !== "undefined" && navigator.onLine === false)
    throw new DOMException("Failed to fetch: the browser is offline", "AbortError");
  const { data } = await auth.getSession();
  const headers = new Headers(init?.headers);
  if (!headers.has("apikey")) headers.set("apikey", key);
  if (!headers.has("Authorization"))
    headers.set("Authorization", `Bearer ${data.session?.access_token ?? key}`);
  return fetch(input, { ...init, headers });
};

const rest = new PostgrestClient<Database>(`${url}/rest/v1`, { fetch: fetchWithAuth });

let storageClient: Promise<StorageClient> | undefined;
const loadStorage = () =>
  (storageClient ??= import("@supabase/storage-js").then(
    (m) => new m.StorageClient(`${url}/storage/v1`, {}, fetchWithAuth),
  ));

type Bucket = ReturnType<StorageClient["from"]>;
/** The bucket API, its client loaded on the first call (every method but getPublicUrl is async). */
function lazyBucket(id: string): Bucket {
  return new Proxy({} as Bucket, {
    get(_, method: string) {
      if (method === "getPublicUrl")
        return (path: string) => ({
          data: { publicUrl: encodeURI(`${url}/storage/v1/object/public/${id}/${path.replace(/^\/+/, "")}`) },
        });
      return (...args: unknown[]) =>
        loadStorage().then((s) =>
          (s.from(id)[method as keyof Bucket] as (...a: unknown[]) => unknown)(...args),
        );
    },
  });
}

export const supabase = {
  auth,
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  schema: rest.schema.bind(rest),
  storage: { from: lazyBucket } as Pick<StorageClient, "from">,
};

export type AppSupabaseClient = typeof supabase;
