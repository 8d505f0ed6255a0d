/**
 * A typed PostgREST client (postgrest-js with the generated `Database` type) for the server parts
 * (edge worker, realtime hub). With a user's access token the database sees that user and RLS
 * decides; with only an API key it sees `anon` (publishable) or `service_role` (secret).
 * postgrest-js alone, not supabase-js: the workers need no auth, storage or realtime client.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "./database.types.ts";

export type RestClient = PostgrestClient<Database>;

export interface RestClientOptions {
  /** A signed-in user's access token; without one the API key is the bearer. */
  accessToken?: string | null;
  fetch?: typeof fetch;
}

export function restClient(supabaseUrl: string, apiKey: string, options: RestClientOptions = {}): RestClient {
  return new PostgrestClient<Database>(`${supabaseUrl.replace(/\/+$/, "")}/rest/v1`, {
    headers: { apikey: apiKey, Authorization: `Bearer ${options.accessToken ?? apiKey}` },
    fetch: options.fetch,
    // Callers answer "try again" themselves; postgrest-js's retries would hold a request for 7 s.
    retry: false,
  });
}
