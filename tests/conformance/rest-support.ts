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

/** The books the read suites share, named with `u`: three books of one author (one with an editor), two tags. */
export interface Library {
  author: Author;
  editor: Author;
  books: Book[];
  ids: number[];
  alpha: Book;
  beta: Book;
  gamma: Book;
}

export async function createLibrary(u: string): Promise<Library> {
  const author = await createAuthor(`Author ${u}`, {
    country: "GH",
    metadata: { genre: "fiction", awards: { count: 2 } },
  });
  const editor = await createAuthor(`Editor ${u}`, { country: "NG" });
  const base = { author_id: author.id, price: null, metadata: null };
  const books = await createBooks([
    {
      ...base,
      editor_id: editor.id,
      title: `${u} Alpha`,
      isbn: `alpha-${u}`,
      pages: 100,
      genres: ["novel", "ghana"],
      description: "The river crossing at dawn",
    },
    {
      ...base,
      editor_id: null,
      title: `${u} Beta, the second`,
      isbn: `beta-${u}`,
      pages: 200,
      genres: ["essay"],
      description: "Essays on markets and trade",
    },
    {
      ...base,
      editor_id: null,
      title: `${u} Gamma`,
      isbn: `gamma-${u}`,
      pages: null,
      genres: ["novel"],
      description: "A quiet river story",
    },
  ]);
  const [alpha, beta, gamma] = books as [Book, Book, Book];
  const ids = books.map((b) => b.id);
  const admin = serviceClient();
  const { data: tags, error } = await admin
    .from("cf_tags")
    .insert([{ name: `${u}-classic` }, { name: `${u}-modern` }])
    .select("id, name")
    .order("name");
  if (error || !tags) throw new Error(error?.message);
  const { error: e2 } = await admin.from("cf_book_tags").insert([
    { book_id: alpha.id, tag_id: tags[0]!.id },
    { book_id: alpha.id, tag_id: tags[1]!.id },
    { book_id: beta.id, tag_id: tags[0]!.id },
  ]);
  if (e2) throw new Error(e2.message);
  return { author, editor, books, ids, alpha, beta, gamma };
}
