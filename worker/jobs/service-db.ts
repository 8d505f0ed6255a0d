/**
 * The background jobs' database client: postgrest-js with the SECRET key (service_role: RLS does
 * not apply), server-side only. Jobs reach the queue tables through security-definer RPCs where
 * one exists (claim/complete), so the rules stay in the database.
 * (When core/rest-client.ts lands with the generated Database type, return `restClient(url, key)`.)
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import type { EdgeEnv } from "../env.ts";

export type ServiceDb = PostgrestClient;

export function serviceDb(env: Pick<EdgeEnv, "SUPABASE_URL" | "SUPABASE_SECRET_KEY">, fetchImpl?: typeof fetch): ServiceDb {
  const key = env.SUPABASE_SECRET_KEY;
  if (!key) throw new Error("SUPABASE_SECRET_KEY is not configured: background jobs cannot reach the database");
  return new PostgrestClient(`${env.SUPABASE_URL.replace(/\/+$/, "")}/rest/v1`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    fetch: fetchImpl,
    // A job reports a failed call and runs again at its next turn; postgrest-js's own retries
    // would only hold the run (and its leases) for seconds.
    retry: false,
  });
}
