/**
 * PostgREST reads through supabase-js: column lists, aliases, casts, JSON paths, every filter
 * operator, logic trees, ordering, ranges and counts, HEAD. Embedding and response shapes:
 * rest-embed.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { anonClient } from "../support/supabase.ts";
import { createLibrary, uid, type Author, type Book } from "./rest-support.ts";

const u = uid();
let author: Author;
let ids: number[];
let alpha: Book;
let beta: Book;
let gamma: Book;

beforeAll(async () => {
  ({ author, ids, alpha, beta, gamma } = await createLibrary(u));
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
