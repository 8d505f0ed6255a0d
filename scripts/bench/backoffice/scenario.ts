/**
 * A measured back-office request of `npm run bench:backoffice`: what a screen asks the database
 * for, through supabase-js signed in as a real actor of the scale data. Each module adds a file
 * in this folder exporting `scenarios` (and `dashboardQueries` for its dashboard widgets).
 */
import type { SupabaseClient } from "@supabase/supabase-js";

export type BenchActor = "admin" | "staff";

/** Latency targets of the back-office at scale, per scenario. */
export const TARGET_MS = { list: 50, search: 100, dashboard: 300 } as const;

export interface Scenario {
  module: string;
  name: string;
  kind: keyof typeof TARGET_MS | "other";
  /** p95 target in ms (defaults to TARGET_MS[kind]). */
  targetMs?: number;
  actor: BenchActor;
  /** One request (or one screen's set of requests); throw on an error or an implausible answer. */
  run(client: SupabaseClient, ctx: BenchContext): Promise<unknown>;
}

export interface BenchContext {
  /** The signed-in actor's user id. */
  userId: string;
  /** The staff actor's user id (an agent whose page both actors open). */
  staffId: string;
  /** Deterministic pseudo-random pick per iteration (so repeated runs query different rows). */
  pick<T>(items: readonly T[]): T;
}

/** A query the dashboard page runs on load, for the "dashboard load" scenario. */
export type DashboardQuery = (client: SupabaseClient, ctx: BenchContext) => Promise<unknown>;

/** Throws on a supabase-js error; returns the data. */
export { must as ok } from "#tests/support/supabase.ts";
