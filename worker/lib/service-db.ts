/**
 * The server-side database client of jobs and worker routes: core's typed PostgREST client with the SECRET key
 * (service_role: RLS does not apply), server-side only. Jobs reach the queue tables through
 * security-definer RPCs where one exists (claim/complete), so the rules stay in the database.
 */
import { restClient, type RestClient } from "#core/rest-client.ts";
import type { EdgeEnv } from "../env.ts";

export type ServiceDb = RestClient;

export function serviceDb(
  env: Pick<EdgeEnv, "SUPABASE_URL" | "SUPABASE_SECRET_KEY">,
  fetchImpl?: typeof fetch,
): ServiceDb {
  const key = env.SUPABASE_SECRET_KEY;
  if (!key)
    throw new Error("SUPABASE_SECRET_KEY is not configured: background jobs cannot reach the database");
  return restClient(env.SUPABASE_URL, key, { fetch: fetchImpl });
}
