/**
 * The one supabase-js client of the SPA (spec §4: one client, automatic refresh near expiry).
 * Sessions persist in localStorage, shared by every tab of the origin. supabase-js coordinates
 * refreshes across tabs (single-flight refresh, pickup of a token another tab already rotated,
 * BroadcastChannel for state changes), so tabs do not sign each other out.
 */
import { createClient } from "@supabase/supabase-js";
import type { Database } from "#core/database.types.ts";
import { AUTH_STORAGE_KEY, siteConfig } from "./site-config.ts";
// Must run before createClient: it snapshots URL tokens supabase-js is about to consume.
import "./url-session.ts";

export const supabase = createClient<Database>(siteConfig.supabaseUrl, siteConfig.supabasePublishableKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    // Password-recovery links arrive with the session in the URL fragment.
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
  },
});

export type AppSupabaseClient = typeof supabase;
