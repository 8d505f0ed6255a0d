/**
 * RPC (scalar, set-returning, set of scalars, errors), Row Level Security decisions per role,
 * JWT/API-key failures, and robustness under bad input (the server keeps answering).
 */
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { createAuthor, createBooks, LOCAL, rawFetch, uid, type Author, type Book } from "./rest-support.ts";

let author: Author;
let books: Book[];

beforeAll(async () => {
  author = await createAuthor(`Rpc ${uid()}`);
  books = await createBooks([
    { author_id: author.id, title: "Zeta", pages: 300 },
    { author_id: author.id, title: "Eta", pages: 120 },
    { author_id: author.id, title: "Theta", pages: 80 },
  ]);
});

describe("rpc", () => {
  it("calls a scalar function with named arguments (POST)", async () => {
    const { data, error, status } = await anonClient().rpc("cf_add", { a: 2, b: 40 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(42);
  });

  it("uses parameter defaults and GET with query arguments", async () => {
    const { data, error } = await anonClient().rpc("cf_add", { a: 9 }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(10);
  });

  it("filters, orders and selects the rows of a set-returning function", async () => {
    const { data, error } = await anonClient()
      .rpc("cf_books_by_author", { author: author.id })
      .select("title, pages")
      .gt("pages", 100)
      .order("pages");
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: "Eta", pages: 120 },
      { title: "Zeta", pages: 300 },
    ]);
  });

  it("embeds from the rows a function returns", async () => {
    const { data, error } = await anonClient()
      .rpc("cf_books_by_author", { author: author.id })
      .select("title, author:cf_authors!author_id(name)")
      .eq("title", "Theta")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: "Theta", author: { name: author.name } });
  });

  it("counts a set-returning function's rows with HEAD", async () => {
    const { data, count, error } = await anonClient().rpc(
      "cf_books_by_author",
      { author: author.id },
      { head: true, count: "exact" },
    );
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(books.length);
  });

  it("returns a set of scalars as a JSON array", async () => {
    const { data, error } = await anonClient().rpc("cf_titles", { author: author.id });
    expect(error).toBeNull();
    expect(data).toEqual(["Eta", "Theta", "Zeta"]);
  });

  it("answers 400 P0001 with the raised message and hint", async () => {
    const { data, error, status } = await anonClient().rpc("cf_fail", { reason: "on purpose" });
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe("P0001");
    expect(error?.message).toBe("cf_fail: on purpose");
    expect(error?.hint).toBe("raised on purpose");
  });

  it("answers 404 PGRST202 for an unknown function or argument set", async () => {
    const a = await anonClient().rpc("cf_no_such_function");
    expect(a.status).toBe(404);
    expect(a.error?.code).toBe("PGRST202");
    expect(a.error?.message).toBe(
      "Could not find the function public.cf_no_such_function without parameters in the schema cache",
    );
    const b = await anonClient().rpc("cf_add", { x: 1 });
    expect(b.status).toBe(404);
    expect(b.error?.code).toBe("PGRST202");
    expect(b.error?.message).toBe("Could not find the function public.cf_add(x) in the schema cache");
  });

  it("answers 400 22P02 for an argument of the wrong type", async () => {
    const { error, status } = await anonClient().rpc("cf_add", { a: "two", b: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe("22P02");
  });

  it("sees the caller's role and request method inside the function", async () => {
    const { data, error } = await anonClient().rpc("cf_whoami");
    expect(error).toBeNull();
    expect(data).toEqual({ uid: null, role: "anon", method: "POST" });
  });
});

describe("row level security", () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await createTestUser({});
    bob = await createTestUser({});
  });

  afterAll(async () => {
    await deleteTestUser(alice.id);
    await deleteTestUser(bob.id);
  });

  it("denies an anonymous insert with 401 42501", async () => {
    const { data, error, status } = await anonClient()
      .from("cf_authors")
      .insert({ name: `anon ${uid()}` });
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
    expect(error?.message).toBe('new row violates row-level security policy for table "cf_authors"');
  });

  it("denies a signed-in insert the policy does not allow with 403 42501", async () => {
    const db = await signedInClient(alice.email, alice.password);
    const { error, status } = await db.from("cf_authors").insert({ name: `alice ${uid()}` });
    expect(status).toBe(403);
    expect(error?.code).toBe("42501");
  });

  it("lets owners write and read their own rows, and hides them from others", async () => {
    const a = await signedInClient(alice.email, alice.password);
    const b = await signedInClient(bob.email, bob.password);
    const body = `mine ${uid()}`;
    const { data: made, error } = await a
      .from("cf_reviews")
      .insert({ book_id: books[0]!.id, rating: 5, body })
      .select("user_id, rating, body")
      .single();
    expect(error).toBeNull();
    expect(made).toEqual({ user_id: alice.id, rating: 5, body });
    expect((await a.from("cf_reviews").select("body").eq("body", body)).data).toEqual([{ body }]);
    expect((await b.from("cf_reviews").select("body").eq("body", body)).data).toEqual([]);
    expect((await anonClient().from("cf_reviews").select("body").eq("body", body)).data).toEqual([]);
  });

  it("denies a row owned by someone else on insert (403 42501)", async () => {
    const a = await signedInClient(alice.email, alice.password);
    const { error, status } = await a
      .from("cf_reviews")
      .insert({ book_id: books[0]!.id, rating: 3, user_id: bob.id });
    expect(status).toBe(403);
    expect(error?.code).toBe("42501");
    expect(error?.message).toBe('new row violates row-level security policy for table "cf_reviews"');
  });

  it("silently skips rows another user cannot see on update and delete", async () => {
    const a = await signedInClient(alice.email, alice.password);
    const b = await signedInClient(bob.email, bob.password);
    const body = `guarded ${uid()}`;
    expect((await a.from("cf_reviews").insert({ book_id: books[1]!.id, rating: 4, body })).error).toBeNull();
    const upd = await b.from("cf_reviews").update({ rating: 1 }).eq("body", body).select("id");
    expect(upd.error).toBeNull();
    expect(upd.data).toEqual([]);
    const del = await b.from("cf_reviews").delete().eq("body", body).select("id");
    expect(del.data).toEqual([]);
    expect((await a.from("cf_reviews").select("rating").eq("body", body).single()).data).toEqual({
      rating: 4,
    });
  });

  it("sees the signed-in user in auth.uid()", async () => {
    const a = await signedInClient(alice.email, alice.password);
    const { data, error } = await a.rpc("cf_whoami");
    expect(error).toBeNull();
    expect(data).toEqual({ uid: alice.id, role: "authenticated", method: "POST" });
  });

  it("answers 400 23514 on a check violation", async () => {
    const a = await signedInClient(alice.email, alice.password);
    const { error, status } = await a.from("cf_reviews").insert({ book_id: books[0]!.id, rating: 9 });
    expect(status).toBe(400);
    expect(error?.code).toBe("23514");
  });

  it("lets the secret key bypass RLS", async () => {
    const body = `svc ${uid()}`;
    const svc = serviceClient();
    const { error } = await svc
      .from("cf_reviews")
      .insert({ book_id: books[0]!.id, rating: 2, body, user_id: bob.id });
    expect(error).toBeNull();
    expect((await svc.from("cf_reviews").select("user_id").eq("body", body).single()).data).toEqual({
      user_id: bob.id,
    });
  });
});

describe("authentication failures", () => {
  it("answers 401 PGRST301 for a malformed JWT", async () => {
    const db = createClient(SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: "Bearer not.a.jwt" } },
    });
    const { error, status } = await db.from("cf_books").select("id").limit(1);
    expect(status).toBe(401);
    expect(error?.code).toBe("PGRST301");
  });

  it("answers 401 without an API key, and for an unknown one", async () => {
    const none = await rawFetch("/cf_books?select=id&limit=1", { apikey: null });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { message: string }).message).toMatch(/API key/i);
    const bad = await rawFetch("/cf_books?select=id&limit=1", { apikey: "sb_publishable_not_a_real_key" });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { message: string }).message).toMatch(/API key/i);
  });
});

describe("robust under bad input", () => {
  it("answers 400 PGRST102 for a body that is not JSON", async () => {
    const res = await rawFetch("/cf_tags", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("PGRST102");
  });

  it("answers 400 PGRST100 for a malformed select", async () => {
    const res = await rawFetch("/cf_books?select=id,author(");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("PGRST100");
  });

  it("answers 406 PGRST106 for a schema that is not exposed", async () => {
    const { data, error, status } = await anonClient()
      .schema("cf_not_exposed")
      .from("cf_books")
      .select("id")
      .limit(1);
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error?.code).toBe("PGRST106");
  });

  it("answers 406 PGRST107 for a media type it cannot produce", async () => {
    const res = await rawFetch("/cf_books?select=id&limit=1", { headers: { accept: "application/xml" } });
    expect(res.status).toBe(406);
    expect(((await res.json()) as { code: string }).code).toBe("PGRST107");
  });

  it("honours the Range header", async () => {
    const res = await rawFetch(`/cf_books?select=title&author_id=eq.${author.id}&order=title`, {
      headers: { range: "1-1", "range-unit": "items", prefer: "count=exact" },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("1-1/3");
    expect(await res.json()).toEqual([{ title: "Theta" }]);
  });

  it.skipIf(!LOCAL)("answers 413 for a body over the limit", async () => {
    const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
    const res = await rawFetch("/cf_tags", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(res.status).toBe(413);
  });

  it("keeps serving after a burst of bad requests", async () => {
    const bad = [
      "/cf_books?select=((",
      "/cf_books?id=zz.1",
      "/cf_books?or=(id.eq.1",
      "/cf_books?order=id.sideways",
      "/cf_books?limit=-1",
      "/cf_books?id=in.(1,2",
      "/cf_books?select=id,cf_nothing(*)",
      "/cf_books?pages=eq.notanumber",
      "/cf_books?metadata->>=eq.1",
      "/rpc/cf_add?a=x",
      "/nope/nope/nope",
    ];
    const statuses = await Promise.all(bad.map(async (p) => (await rawFetch(p)).status));
    for (const s of statuses) {
      expect(s).toBeGreaterThanOrEqual(400);
      expect(s).toBeLessThan(500);
    }
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title")
      .eq("author_id", author.id)
      .order("title");
    expect(error).toBeNull();
    expect(data?.map((r) => r.title)).toEqual(["Eta", "Theta", "Zeta"]);
  });
});
