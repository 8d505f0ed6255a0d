/**
 * PostgREST reads through supabase-js, continued: embedding (many-to-one, one-to-many,
 * many-to-many, !inner, hints, embedded filters/order/limit, spreads), single/maybeSingle, CSV.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { anonClient } from "../support/supabase.ts";
import { createLibrary, uid, type Author, type Book } from "./rest-support.ts";

const u = uid();
let author: Author;
let editor: Author;
let ids: number[];
let alpha: Book;
let beta: Book;
let gamma: Book;

beforeAll(async () => {
  ({ author, editor, ids, alpha, beta, gamma } = await createLibrary(u));
});

describe("embedding", () => {
  it("embeds many-to-one with an alias and a column hint", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title, author:cf_authors!author_id(name), editor:cf_authors!editor_id(name)")
      .eq("id", alpha.id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: alpha.title,
      author: { name: author.name },
      editor: { name: editor.name },
    });
  });

  it("embeds a missing many-to-one as null", async () => {
    const { data } = await anonClient()
      .from("cf_books")
      .select("title, editor:cf_authors!cf_books_editor_id_fkey(name)")
      .eq("id", gamma.id)
      .single();
    expect(data).toEqual({ title: gamma.title, editor: null });
  });

  it("embeds one-to-many with a foreign-key hint, embedded order and limit", async () => {
    const { data, error } = await anonClient()
      .from("cf_authors")
      .select("name, books:cf_books!cf_books_author_id_fkey(title)")
      .eq("id", author.id)
      .order("title", { referencedTable: "books", ascending: false })
      .limit(2, { referencedTable: "books" })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: author.name, books: [{ title: gamma.title }, { title: beta.title }] });
  });

  it("embeds many-to-many through the join table", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title, cf_tags(name)")
      .in("id", ids)
      .order("id")
      .order("name", { referencedTable: "cf_tags" });
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: alpha.title, cf_tags: [{ name: `${u}-classic` }, { name: `${u}-modern` }] },
      { title: beta.title, cf_tags: [{ name: `${u}-classic` }] },
      { title: gamma.title, cf_tags: [] },
    ]);
  });

  it("embeds three levels deep", async () => {
    const { data, error } = await anonClient()
      .from("cf_authors")
      .select("name, cf_books!author_id(title, cf_tags(name))")
      .eq("id", author.id)
      .eq("cf_books.id", alpha.id)
      .single();
    expect(error).toBeNull();
    expect(data?.cf_books).toHaveLength(1);
    expect((data?.cf_books as { cf_tags: unknown[] }[])[0]!.cf_tags).toHaveLength(2);
  });

  it("filters embedded rows without dropping parents", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title, cf_tags(name)")
      .in("id", ids)
      .eq("cf_tags.name", `${u}-modern`)
      .order("id");
    expect(error).toBeNull();
    expect(data?.map((b) => b.cf_tags.length)).toEqual([1, 0, 0]);
  });

  it("drops parents without matches with !inner", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title, cf_tags!inner(name)")
      .in("id", ids)
      .eq("cf_tags.name", `${u}-classic`)
      .order("id");
    expect(error).toBeNull();
    expect(data?.map((b) => b.title)).toEqual([alpha.title, beta.title]);
  });

  it("orders parents by a to-one embedded column", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title, author:cf_authors!author_id(name)")
      .in("id", ids)
      .order("author(name)")
      .order("title", { ascending: false });
    expect(error).toBeNull();
    expect(data?.map((b) => b.title)).toEqual([gamma.title, beta.title, alpha.title]);
  });

  it("spreads a to-one embed's columns into the parent", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title, ...cf_authors!author_id(author_name:name)")
      .eq("id", beta.id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: beta.title, author_name: author.name });
  });

  it("refuses aggregate functions with 400 PGRST123 (disabled as on hosted Supabase)", async () => {
    const { data, error, status } = await anonClient()
      .from("cf_authors")
      .select("name, cf_books!author_id(count())")
      .eq("id", author.id);
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST123");
  });

  it("answers 300 PGRST201 for an ambiguous embedding", async () => {
    const { data, error, status } = await anonClient()
      .from("cf_books")
      .select("title, cf_authors(name)")
      .eq("id", alpha.id);
    expect(data).toBeNull();
    expect(status).toBe(300);
    expect(error?.code).toBe("PGRST201");
    expect(error?.message).toBe(
      "Could not embed because more than one relationship was found for 'cf_books' and 'cf_authors'",
    );
  });

  it("answers 400 PGRST200 when no relationship exists", async () => {
    const { error, status } = await anonClient().from("cf_tags").select("name, cf_authors(name)").limit(1);
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST200");
    expect(error?.message).toBe(
      "Could not find a relationship between 'cf_tags' and 'cf_authors' in the schema cache",
    );
  });
});

describe("response shapes", () => {
  it("returns one object with single()", async () => {
    const { data, error, status } = await anonClient()
      .from("cf_books")
      .select("id, title")
      .eq("id", beta.id)
      .single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ id: beta.id, title: beta.title });
  });

  it("answers 406 PGRST116 from single() on zero rows", async () => {
    const { data, error, status } = await anonClient().from("cf_books").select("id").eq("id", -1).single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error?.code).toBe("PGRST116");
    expect(error?.details).toBe("The result contains 0 rows");
  });

  it("answers 406 PGRST116 from single() on several rows", async () => {
    const { error, status } = await anonClient().from("cf_books").select("id").in("id", ids).single();
    expect(status).toBe(406);
    expect(error?.code).toBe("PGRST116");
    expect(error?.details).toBe("The result contains 3 rows");
  });

  it("gives null without error from maybeSingle() on zero rows", async () => {
    const { data, error } = await anonClient().from("cf_books").select("id").eq("id", -1).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it("returns CSV when asked", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title, pages")
      .in("id", [alpha.id, beta.id])
      .order("id")
      .csv();
    expect(error).toBeNull();
    expect(String(data).split("\n")).toEqual(["title,pages", `${alpha.title},100`, `"${beta.title}",200`]);
  });
});
