/**
 * PostgREST writes through supabase-js: insert (single, bulk, `columns`, defaults), upsert
 * (merge/ignore duplicates, on_conflict), update, delete, return modes, counts, and the
 * SQLSTATE → HTTP mapping of constraint violations. One transaction per request.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { serviceClient } from "../support/supabase.ts";
import { createAuthor, createBooks, uid, type Author } from "./rest-support.ts";

let author: Author;

beforeAll(async () => {
  author = await createAuthor(`Writer ${uid()}`);
});

function book(title: string, extra: Record<string, unknown> = {}) {
  return { author_id: author.id, title, ...extra };
}

describe("insert", () => {
  it("answers 201 without a body by default (return=minimal)", async () => {
    const title = `minimal ${uid()}`;
    const { data, error, status } = await serviceClient().from("cf_books").insert(book(title));
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const { data: back } = await serviceClient().from("cf_books").select("title").eq("title", title);
    expect(back).toEqual([{ title }]);
  });

  it("returns the inserted row with column defaults applied", async () => {
    const title = `defaults ${uid()}`;
    const { data, error, status } = await serviceClient()
      .from("cf_books")
      .insert(book(title))
      .select("id, title, genres, pages, created_at")
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data?.title).toBe(title);
    expect(data?.genres).toEqual([]);
    expect(data?.pages).toBeNull();
    expect(typeof data?.id).toBe("number");
    expect(Number.isNaN(Date.parse(String(data?.created_at)))).toBe(false);
  });

  it("inserts in bulk and returns rows with embedded resources", async () => {
    const t = uid();
    const { data, error, count } = await serviceClient()
      .from("cf_books")
      .insert([book(`bulk ${t} 1`, { pages: 10 }), book(`bulk ${t} 2`, { pages: 20 })], { count: "exact" })
      .select("title, pages, author:cf_authors!author_id(name)");
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([
      { title: `bulk ${t} 1`, pages: 10, author: { name: author.name } },
      { title: `bulk ${t} 2`, pages: 20, author: { name: author.name } },
    ]);
  });

  it("fills keys missing from some bulk rows with null, or with defaults when asked", async () => {
    const t = uid();
    const db = serviceClient();
    const nulls = await db
      .from("cf_books")
      .insert([book(`mix ${t} a`, { pages: 5, genres: ["x"] }), book(`mix ${t} b`)])
      .select("title");
    // genres is NOT NULL: a missing key becomes null under the default (defaultToNull) and fails.
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe("23502");
    const { data, error } = await db
      .from("cf_books")
      .insert([book(`mix ${t} c`, { pages: 5, genres: ["x"] }), book(`mix ${t} d`)], { defaultToNull: false })
      .select("title, pages, genres")
      .order("title");
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: `mix ${t} c`, pages: 5, genres: ["x"] },
      { title: `mix ${t} d`, pages: null, genres: [] },
    ]);
  });

  it("stores arrays and jsonb values", async () => {
    const title = `types ${uid()}`;
    const metadata = { nested: { list: [1, 2], ok: true }, quote: 'say "hi"' };
    const { data, error } = await serviceClient()
      .from("cf_books")
      .insert(
        book(title, { genres: ["a,b", 'q"uote', "plain"], metadata, price: 12.5, published: "2024-02-29" }),
      )
      .select("genres, metadata, price, published")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      genres: ["a,b", 'q"uote', "plain"],
      metadata,
      price: 12.5,
      published: "2024-02-29",
    });
  });

  it("answers 409 23505 on a unique violation", async () => {
    const isbn = `dup-${uid()}`;
    const db = serviceClient();
    expect((await db.from("cf_books").insert(book("first", { isbn }))).error).toBeNull();
    const { error, status } = await db.from("cf_books").insert(book("second", { isbn }));
    expect(status).toBe(409);
    expect(error?.code).toBe("23505");
    expect(error?.message).toBe('duplicate key value violates unique constraint "cf_books_isbn_key"');
  });

  it("answers 409 23503 on a foreign key violation", async () => {
    const { error, status } = await serviceClient()
      .from("cf_books")
      .insert({ author_id: -42, title: "orphan" });
    expect(status).toBe(409);
    expect(error?.code).toBe("23503");
  });

  it("answers 400 23502 on a not-null violation", async () => {
    const { error, status } = await serviceClient()
      .from("cf_books")
      .insert({ author_id: author.id, title: null });
    expect(status).toBe(400);
    expect(error?.code).toBe("23502");
  });

  it("answers 400 PGRST204 for an unknown column in the payload", async () => {
    const { error, status } = await serviceClient()
      .from("cf_books")
      .insert(book("x", { no_such_column: 1 }));
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST204");
    expect(error?.message).toBe(
      "Could not find the 'no_such_column' column of 'cf_books' in the schema cache",
    );
  });

  it("rolls the whole bulk insert back when one row fails", async () => {
    const t = uid();
    const { error } = await serviceClient()
      .from("cf_books")
      .insert([book(`atomic ${t}`), { author_id: -1, title: `atomic ${t} bad` }]);
    expect(error?.code).toBe("23503");
    const { data } = await serviceClient().from("cf_books").select("id").like("title", `atomic ${t}%`);
    expect(data).toEqual([]);
  });
});

describe("upsert", () => {
  it("merges duplicates on the on_conflict column", async () => {
    const isbn = `up-${uid()}`;
    const db = serviceClient();
    await createBooks([{ author_id: author.id, title: "before", isbn, pages: 1 }]);
    const { data, error, status } = await db
      .from("cf_books")
      .upsert(book("after", { isbn, pages: 2 }), { onConflict: "isbn" })
      .select("title, isbn, pages");
    expect(error).toBeNull();
    // Nothing was inserted, only merged: 200 rather than 201.
    expect(status).toBe(200);
    expect(data).toEqual([{ title: "after", isbn, pages: 2 }]);
    const { count } = await db.from("cf_books").select("id", { count: "exact", head: true }).eq("isbn", isbn);
    expect(count).toBe(1);
  });

  it("ignores duplicates and returns only new rows", async () => {
    const t = uid();
    const db = serviceClient();
    await createBooks([{ author_id: author.id, title: "kept", isbn: `ig-${t}-1` }]);
    const { data, error } = await db
      .from("cf_books")
      .upsert([book("replaced?", { isbn: `ig-${t}-1` }), book("fresh", { isbn: `ig-${t}-2` })], {
        onConflict: "isbn",
        ignoreDuplicates: true,
      })
      .select("title, isbn");
    expect(error).toBeNull();
    expect(data).toEqual([{ title: "fresh", isbn: `ig-${t}-2` }]);
    const { data: kept } = await db.from("cf_books").select("title").eq("isbn", `ig-${t}-1`).single();
    expect(kept).toEqual({ title: "kept" });
  });

  it("upserts on the primary key by default", async () => {
    const [row] = await createBooks([{ author_id: author.id, title: `pk ${uid()}`, pages: 1 }]);
    const db = serviceClient();
    const { data, error } = await db
      .from("cf_books")
      .upsert({ id: row!.id, author_id: author.id, title: "pk renamed", pages: 7 })
      .select("id, title, pages")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: row!.id, title: "pk renamed", pages: 7 });
    const isbn = `new-${uid()}`;
    const fresh = await db
      .from("cf_books")
      .upsert({ author_id: author.id, title: "brand new", isbn }, { onConflict: "isbn" });
    expect(fresh.error).toBeNull();
    expect(fresh.status).toBe(201);
  });
});

describe("update and delete", () => {
  it("updates the filtered rows and returns them", async () => {
    const t = uid();
    await createBooks([
      { author_id: author.id, title: `upd ${t} a`, pages: 1 },
      { author_id: author.id, title: `upd ${t} b`, pages: 2 },
    ]);
    const { data, error, status, count } = await serviceClient()
      .from("cf_books")
      .update({ pages: 99, genres: ["updated"] }, { count: "exact" })
      .like("title", `upd ${t}%`)
      .gt("pages", 1)
      .select("title, pages, genres");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(1);
    expect(data).toEqual([{ title: `upd ${t} b`, pages: 99, genres: ["updated"] }]);
  });

  it("answers 204 for an update without return and changes nothing when no row matches", async () => {
    const { data, error, status } = await serviceClient()
      .from("cf_books")
      .update({ pages: 1 })
      .eq("title", `nothing ${uid()}`);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  it("rolls back an update whose single() check fails (PGRST116)", async () => {
    const t = uid();
    await createBooks([
      { author_id: author.id, title: `one ${t} a`, pages: 1 },
      { author_id: author.id, title: `one ${t} b`, pages: 1 },
    ]);
    const db = serviceClient();
    const { error, status } = await db
      .from("cf_books")
      .update({ pages: 500 })
      .like("title", `one ${t}%`)
      .select("id")
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe("PGRST116");
    expect(error?.details).toBe("The result contains 2 rows");
    const { data } = await db.from("cf_books").select("pages").like("title", `one ${t}%`);
    expect(data).toEqual([{ pages: 1 }, { pages: 1 }]);
  });

  it("deletes the filtered rows, returning them with a count", async () => {
    const t = uid();
    const made = await createBooks([
      { author_id: author.id, title: `del ${t} a`, pages: 1 },
      { author_id: author.id, title: `del ${t} b`, pages: 2 },
    ]);
    const db = serviceClient();
    const { data, error, status, count } = await db
      .from("cf_books")
      .delete({ count: "exact" })
      .eq("id", made[0]!.id)
      .select("title");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(1);
    expect(data).toEqual([{ title: `del ${t} a` }]);
    const { data: left } = await db.from("cf_books").select("title").like("title", `del ${t}%`);
    expect(left).toEqual([{ title: `del ${t} b` }]);
  });

  it("answers 204 for a delete without return", async () => {
    const [row] = await createBooks([{ author_id: author.id, title: `del ${uid()}`, pages: 1 }]);
    const { status, error, data } = await serviceClient().from("cf_books").delete().eq("id", row!.id);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  it("cascades deletes through foreign keys", async () => {
    const other = await createAuthor(`Cascade ${uid()}`);
    const [row] = await createBooks([{ author_id: other.id, title: `casc ${uid()}` }]);
    const db = serviceClient();
    expect((await db.from("cf_authors").delete().eq("id", other.id)).error).toBeNull();
    const { data } = await db.from("cf_books").select("id").eq("id", row!.id);
    expect(data).toEqual([]);
  });
});
