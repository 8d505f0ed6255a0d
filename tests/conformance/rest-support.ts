/**
 * Shared setup for the PostgREST conformance suites: each suite creates its own fixture rows
 * (unique names) in the cf_* tables through the secret-key client, as a server would.
 */
import crypto from "node:crypto";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import { serviceClient } from "../support/supabase.ts";

export const REST_URL = `${SUPABASE_URL}/rest/v1`;

/** Against the local emulator (not a hosted project): a few limits differ by deployment. */
export const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(SUPABASE_URL);

export function uid(): string {
  return crypto.randomUUID().slice(0, 8);
}

export interface Author {
  id: number;
  name: string;
}

export interface Book {
  id: number;
  author_id: number;
  editor_id: number | null;
  title: string;
  isbn: string | null;
  pages: number | null;
  genres: string[];
  description: string | null;
}

export async function createAuthor(name: string, extra: Record<string, unknown> = {}): Promise<Author> {
  const { data, error } = await serviceClient()
    .from("cf_authors")
    .insert({ name, ...extra })
    .select("id, name")
    .single();
  if (error || !data) throw new Error(`creating author failed: ${error?.message}`);
  return data as Author;
}

export async function createBooks(rows: Record<string, unknown>[]): Promise<Book[]> {
  const { data, error } = await serviceClient().from("cf_books").insert(rows).select("*").order("id");
  if (error || !data) throw new Error(`creating books failed: ${error?.message}`);
  return data as Book[];
}

/** Raw HTTP for the cases supabase-js cannot produce (bad JSON, missing key, Range header). */
export function rawFetch(
  path: string,
  init: RequestInit & { apikey?: string | null } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = init.apikey === undefined ? SUPABASE_PUBLISHABLE_KEY : init.apikey;
  if (key) headers.set("apikey", key);
  return fetch(`${REST_URL}${path}`, { ...init, headers });
}
