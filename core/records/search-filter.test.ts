import { describe, expect, it } from "vitest";
import { ilikeAny, searchPattern } from "./search-filter.ts";

describe("ilikeAny", () => {
  it("matches the words in order in any of the columns", () => {
    expect(ilikeAny(["title", "city"], " East  Legon ")).toBe("title.ilike.*East*Legon*,city.ilike.*East*Legon*");
  });
  it("an empty or punctuation-only search is no filter", () => {
    expect(ilikeAny(["title"], "   ")).toBeNull();
    expect(ilikeAny(["title"], ",.()")).toBeNull();
  });
  it("typed PostgREST syntax and wildcards cannot change the filter", () => {
    expect(searchPattern("a,status.eq.sold")).toBe("*a*status*eq*sold*");
    expect(searchPattern('x"),(id.neq.0')).toBe("*x*id*neq*0*");
    expect(searchPattern("100% _done_ \\")).toBe("*100*done*");
  });
});
