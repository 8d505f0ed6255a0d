/**
 * PostgREST reads through supabase-js: column lists, aliases, casts, JSON paths, every filter
 * operator, logic trees, ordering, ranges and counts, embedding (many-to-one, one-to-many,
 * many-to-many, !inner, hints, embedded filters/order/limit), single/maybeSingle, CSV, HEAD.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { anonClient, serviceClient } from "../support/supabase.ts";
import { createAuthor, createBooks, uid, type Author, type Book } from "./rest-support.ts";

const u = uid();
let author: Author;
let editor: Author;
let books: Book[];
let ids: number[];
let alpha: Book;
let beta: Book;
let gamma: Book;

beforeAll(async () => {
  author = await createAuthor(`Author ${u}`, {
    country: "GH",
    metadata: { genre: "fiction", awards: { count: 2 } },
  });
  editor = await createAuthor(`Editor ${u}`, { country: "NG" });
  const base = { author_id: author.id, price: null, metadata: null };
  books = await createBooks([
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
  [alpha, beta, gamma] = books as [Book, Book, Book];
  ids = books.map((b) => b.id);
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
});

describe("select", () => {
  it("returns only the listed columns", async () => {
    const { data, error, status } = await anonClient()
      .from("cf_books")
      .select("id, title")
      .eq("id", alpha.id);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: alpha.id, title: alpha.title }]);
  });

  it("renames with aliases and casts with ::", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("name:title, pages::text")
      .eq("id", beta.id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: beta.title, pages: "200" });
  });

  it("reads into JSON columns with -> and ->>", async () => {
    const { data, error } = await anonClient()
      .from("cf_authors")
      .select("metadata->genre, awards:metadata->awards->>count")
      .eq("id", author.id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ genre: "fiction", awards: "2" });
  });

  it("answers 400 with 42703 for an unknown column", async () => {
    const { data, error, status } = await anonClient()
      .from("cf_books")
      .select("id, no_such_column")
      .eq("id", alpha.id);
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe("42703");
  });

  it("answers 404 PGRST205 for an unknown table", async () => {
    const { error, status } = await anonClient().from("cf_no_such_table").select("*");
    expect(status).toBe(404);
    expect(error?.code).toBe("PGRST205");
    expect(error?.message).toBe("Could not find the table 'public.cf_no_such_table' in the schema cache");
  });

  it("reads views", async () => {
    const { data, error } = await anonClient()
      .from("cf_book_summaries")
      .select("title, author_name")
      .eq("id", gamma.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: gamma.title, author_name: author.name }]);
  });
});

describe("filters", () => {
  const titles = (rows: { title: string }[] | null) => (rows ?? []).map((r) => r.title).sort();

  it("compares with eq, neq, gt, gte, lt, lte", async () => {
    const db = anonClient();
    const q = () => db.from("cf_books").select("title").in("id", ids);
    expect(titles((await q().eq("pages", 100)).data)).toEqual([alpha.title]);
    expect(titles((await q().neq("pages", 100)).data)).toEqual([beta.title]);
    expect(titles((await q().gt("pages", 100)).data)).toEqual([beta.title]);
    expect(titles((await q().gte("pages", 100)).data)).toEqual([alpha.title, beta.title].sort());
    expect(titles((await q().lt("pages", 200)).data)).toEqual([alpha.title]);
    expect(titles((await q().lte("pages", 200)).data)).toEqual([alpha.title, beta.title].sort());
  });

  it("matches patterns with like, ilike and their any/all forms", async () => {
    const db = anonClient();
    const q = () => db.from("cf_books").select("title").in("id", ids);
    expect(titles((await q().like("title", "%Alpha")).data)).toEqual([alpha.title]);
    expect(titles((await q().ilike("title", "%gAMMA%")).data)).toEqual([gamma.title]);
    expect(titles((await q().likeAnyOf("title", ["%Alpha", "%Gamma"])).data)).toEqual(
      [alpha.title, gamma.title].sort(),
    );
    expect(titles((await q().ilikeAllOf("title", [`${u}%`, "%beta%"])).data)).toEqual([beta.title]);
  });

  it("filters with in, including values that contain commas", async () => {
    const { data, error } = await anonClient()
      .from("cf_books")
      .select("title")
      .in("title", [beta.title, gamma.title, "nothing"]);
    expect(error).toBeNull();
    expect(titles(data)).toEqual([beta.title, gamma.title].sort());
  });

  it("tests nulls with is and not.is", async () => {
    const db = anonClient();
    expect(titles((await db.from("cf_books").select("title").in("id", ids).is("pages", null)).data)).toEqual([
      gamma.title,
    ]);
    expect(
      titles((await db.from("cf_books").select("title").in("id", ids).not("pages", "is", null)).data),
    ).toEqual([alpha.title, beta.title].sort());
  });

  it("uses array operators cs, cd and ov", async () => {
    const db = anonClient();
    const q = () => db.from("cf_books").select("title").in("id", ids);
    expect(titles((await q().contains("genres", ["novel"])).data)).toEqual([alpha.title, gamma.title].sort());
    expect(titles((await q().containedBy("genres", ["novel", "essay"])).data)).toEqual(
      [beta.title, gamma.title].sort(),
    );
    expect(titles((await q().overlaps("genres", ["ghana", "essay"])).data)).toEqual(
      [alpha.title, beta.title].sort(),
    );
  });

  it("uses jsonb containment", async () => {
    const { data, error } = await anonClient()
      .from("cf_authors")
      .select("name")
      .contains("metadata", { genre: "fiction" })
      .eq("id", author.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: author.name }]);
  });

  it("searches text with fts, plfts, phfts and wfts", async () => {
    const db = anonClient();
    const q = () => db.from("cf_books").select("title").in("id", ids);
    expect(titles((await q().textSearch("search", "river & dawn", { config: "english" })).data)).toEqual([
      alpha.title,
    ]);
    expect(
      titles((await q().textSearch("search", "river", { type: "plain", config: "english" })).data),
    ).toEqual([alpha.title, gamma.title].sort());
    expect(
      titles((await q().textSearch("search", "quiet river", { type: "phrase", config: "english" })).data),
    ).toEqual([gamma.title]);
    expect(
      titles(
        (await q().textSearch("description", "markets or dawn", { type: "websearch", config: "english" }))
          .data,
      ),
    ).toEqual([alpha.title, beta.title].sort());
  });

  it("matches regular expressions with match and imatch", async () => {
    const db = anonClient();
    expect(
      titles(
        (await db.from("cf_books").select("title").in("id", ids).filter("title", "match", "(Alpha|Gamma)$"))
          .data,
      ),
    ).toEqual([alpha.title, gamma.title].sort());
    expect(
      titles(
        (await db.from("cf_books").select("title").in("id", ids).filter("title", "imatch", "beta")).data,
      ),
    ).toEqual([beta.title]);
  });

  it("negates with not and combines with nested or/and", async () => {
    const db = anonClient();
    expect(
      titles(
        (
          await db
            .from("cf_books")
            .select("title")
            .in("id", ids)
            .not("title", "in", `("${alpha.title}","${beta.title}")`)
        ).data,
      ),
    ).toEqual([gamma.title]);
    const { data, error } = await db
      .from("cf_books")
      .select("title")
      .in("id", ids)
      .or(`pages.gt.150,and(pages.lt.150,title.ilike.*alpha*)`);
    expect(error).toBeNull();
    expect(titles(data)).toEqual([alpha.title, beta.title].sort());
    const neg = await db
      .from("cf_books")
      .select("title")
      .in("id", ids)
      .or("pages.is.null,not.and(pages.gte.100,pages.lte.150)");
    expect(titles(neg.data)).toEqual([beta.title, gamma.title].sort());
  });

  it("answers 400 PGRST100 for an unknown operator", async () => {
    const { data, error, status } = await anonClient()
      .from("cf_books")
      .select("id")
      .filter("pages", "bogus", "1");
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST100");
  });

  it("answers 400 PGRST100 for a malformed logic tree", async () => {
    const { error, status } = await anonClient().from("cf_books").select("id").or("pages.eq.1,title");
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST100");
  });

  it("answers 400 22P02 for a value of the wrong type", async () => {
    const { error, status } = await anonClient().from("cf_books").select("id").eq("pages", "many");
    expect(status).toBe(400);
    expect(error?.code).toBe("22P02");
  });
});

describe("order, ranges and counts", () => {
  it("orders by several columns with nulls first or last", async () => {
    const db = anonClient();
    const { data } = await db
      .from("cf_books")
      .select("title")
      .in("id", ids)
      .order("pages", { ascending: false, nullsFirst: true });
    expect(data?.map((r) => r.title)).toEqual([gamma.title, beta.title, alpha.title]);
    const { data: d2 } = await db
      .from("cf_books")
      .select("title")
      .in("id", ids)
      .order("pages", { ascending: true, nullsFirst: false })
      .order("title");
    expect(d2?.map((r) => r.title)).toEqual([alpha.title, beta.title, gamma.title]);
  });

  it("pages with range and reports the exact count (206 when partial)", async () => {
    const { data, count, status, error } = await anonClient()
      .from("cf_books")
      .select("title", { count: "exact" })
      .in("id", ids)
      .order("id")
      .range(1, 2);
    expect(error).toBeNull();
    expect(count).toBe(3);
    expect(status).toBe(206);
    expect(data?.map((r) => r.title)).toEqual([beta.title, gamma.title]);
  });

  it("limits and reports 200 when everything fits", async () => {
    const { data, count, status } = await anonClient()
      .from("cf_books")
      .select("id", { count: "exact" })
      .in("id", ids)
      .limit(10);
    expect(status).toBe(200);
    expect(count).toBe(3);
    expect(data).toHaveLength(3);
  });

  it("counts without rows on HEAD", async () => {
    const { data, count, status, error } = await anonClient()
      .from("cf_books")
      .select("*", { count: "exact", head: true })
      .eq("author_id", author.id);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);
  });

  it("answers 416 for an offset past the end when counting", async () => {
    const { error, status } = await anonClient()
      .from("cf_books")
      .select("id", { count: "exact" })
      .in("id", ids)
      .range(10, 12);
    expect(status).toBe(416);
    expect(error?.code).toBe("PGRST103");
  });
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
