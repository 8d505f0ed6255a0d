import { describe, expect, it } from "vitest";
import { searchPattern } from "./search-filter.ts";

describe("searchPattern", () => {
  it("matches the words in order, anything between", () => {
    expect(searchPattern(" Cape  Coast ")).toBe("*Cape*Coast*");
  });
  it("an empty or punctuation-only text is no filter", () => {
    expect(searchPattern("   ")).toBeNull();
    expect(searchPattern(",.()")).toBeNull();
  });
  it("typed PostgREST syntax and wildcards cannot change the filter", () => {
    expect(searchPattern("a,status.eq.sold")).toBe("*a*status*eq*sold*");
    expect(searchPattern('x"),(id.neq.0')).toBe("*x*id*neq*0*");
    expect(searchPattern("100% _done_ \\")).toBe("*100*done*");
  });
});
