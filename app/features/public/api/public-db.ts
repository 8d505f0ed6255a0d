/**
 * Reads for the public site: PostgREST with the publishable key only, through postgrest-js (the
 * query builder supabase-js wraps). Visitors need no auth client, and a signed-in staff member
 * browsing the public site still sees what the public sees — published rows — not drafts.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import { siteConfig } from "#app/lib/site-config.ts";
import type { Database } from "#core/database.types.ts";

const key = siteConfig.supabasePublishableKey;

export const publicDb = new PostgrestClient<Database>(`${siteConfig.supabaseUrl}/rest/v1`, {
  headers: { apikey: key, Authorization: `Bearer ${key}` },
});
