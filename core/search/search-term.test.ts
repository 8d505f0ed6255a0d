import { describe, expect, it } from "vitest";
import { listSearchTerm, nationalDigits, normaliseSearchTerm, SEARCH_MAX_LENGTH } from "./search-term.ts";

describe("normaliseSearchTerm", () => {
  it("reads a phone in every Ghanaian format as the same national number", () => {
    for (const typed of [
      "0244310022",
      "0244 310 022",
      "+233 24 431 0022",
      "233244310022",
      "(024) 431-0022",
    ]) {
      const t = normaliseSearchTerm(typed);
      expect(t?.kind, typed).toBe("phone");
      expect(t?.kind === "phone" && t.national, typed).toBe("244310022");
    }
  });

  it("keeps the digits as typed beside the national number (a number of a document's tail)", () => {
    expect(normaliseSearchTerm("0042")).toEqual({
      kind: "phone",
      key: "0042",
      digits: "0042",
      national: "042",
    });
  });

  it("a name: its words in the order typed, case and spacing ignored", () => {
    const a = normaliseSearchTerm("  Kofi   Adjei ");
    const b = normaliseSearchTerm("kofi adjei");
    expect(a).toEqual({ kind: "words", key: "kofi adjei", words: ["kofi", "adjei"] });
    expect(b?.key).toBe(a?.key);
  });

  it("keeps an e-mail and a document number whole", () => {
    expect(normaliseSearchTerm("Kofi.12@Yahoo.com")).toMatchObject({ words: ["kofi.12@yahoo.com"] });
    expect(normaliseSearchTerm("INV-2026-0042")).toMatchObject({ kind: "words", words: ["inv-2026-0042"] });
  });

  it("drops single letters and punctuation unless nothing longer was typed", () => {
    expect(normaliseSearchTerm("plot — a Oyarifa")).toMatchObject({ words: ["plot", "oyarifa"] });
    expect(normaliseSearchTerm("a b")).toMatchObject({ words: ["a", "b"] });
    expect(normaliseSearchTerm("— –")).toBeNull();
  });

  it("searches nothing under two characters or over the limit", () => {
    expect(normaliseSearchTerm("k")).toBeNull();
    expect(normaliseSearchTerm("   ")).toBeNull();
    expect(normaliseSearchTerm("x".repeat(SEARCH_MAX_LENGTH + 1))).toBeNull();
    expect(normaliseSearchTerm("x".repeat(SEARCH_MAX_LENGTH))).not.toBeNull();
  });

  it("three digits are not a phone", () => {
    expect(normaliseSearchTerm("024")).toMatchObject({ kind: "words", words: ["024"] });
  });
});

describe("nationalDigits", () => {
  it("strips the country code or the trunk zero, nothing else", () => {
    expect(nationalDigits("233244310022")).toBe("244310022");
    expect(nationalDigits("0244310022")).toBe("244310022");
    expect(nationalDigits("244310022")).toBe("244310022");
    // Too short to carry a country code: kept as typed.
    expect(nationalDigits("2330")).toBe("2330");
  });
});

describe("listSearchTerm", () => {
  it("sends what the palette would send, or null for the table itself", () => {
    expect(listSearchTerm("  Kofi   ADJEI ")).toBe("kofi adjei");
    expect(listSearchTerm("+233 24 431 0022")).toBe("+233 24 431 0022");
    expect(listSearchTerm("k")).toBeNull();
    expect(listSearchTerm("  ")).toBeNull();
    expect(listSearchTerm("x".repeat(101))).toBeNull();
    expect(listSearchTerm("-- ..")).toBeNull();
  });
});
