import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvFileName, guardFormula, toCsv, type CsvColumn } from "./csv.ts";

describe("csvCell quoting (RFC 4180)", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("East Legon")).toBe("East Legon");
    expect(csvCell(1250000.5)).toBe("1250000.5");
    expect(csvCell(0)).toBe("0");
  });
  it("quotes commas, quotes, line breaks and edge spaces; doubles quotes", () => {
    expect(csvCell("Spintex Road, Accra")).toBe('"Spintex Road, Accra"');
    expect(csvCell('The "Palms"')).toBe('"The ""Palms"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell(" padded ")).toBe('" padded "');
  });
  it("writes empty for null, undefined, NaN and invalid dates", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(new Date("nope"))).toBe("");
  });
  it("writes booleans as yes/no, dates as ISO instants, lists joined with semicolons", () => {
    expect(csvCell(true)).toBe("yes");
    expect(csvCell(false)).toBe("no");
    expect(csvCell(new Date("2026-11-24T09:30:00Z"))).toBe("2026-11-24T09:30:00.000Z");
    expect(csvCell(["pool", "gym", "borehole"])).toBe("pool; gym; borehole");
  });
});

describe("formula injection guard", () => {
  it.each(["=1+1", "+233244123456", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])(
    "prefixes %j with an apostrophe",
    (text) => {
      expect(guardFormula(text)).toBe(`'${text}`);
    },
  );
  it("guards inside quoting too, and in joined lists", () => {
    expect(csvCell('=HYPERLINK("http://x","click")')).toBe(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(csvCell(["=cmd", "ok"])).toBe("'=cmd; ok");
  });
  it("never touches numbers (a negative amount stays a number) or text with a formula sign later on", () => {
    expect(csvCell(-2500)).toBe("-2500");
    expect(csvCell("Plot 12 - Tema")).toBe("Plot 12 - Tema");
    expect(csvCell("a@b.com")).toBe("a@b.com");
  });
});

describe("toCsv", () => {
  interface Row {
    title: string;
    price: number | null;
    city: string;
  }
  const columns: CsvColumn<Row>[] = [
    { header: "Title", value: (r) => r.title },
    { header: "Price (GHS)", value: (r) => r.price },
    { header: "City", value: (r) => r.city },
  ];

  it("starts with a UTF-8 BOM for Excel, ends lines with CRLF, keeps non-ASCII text", () => {
    const csv = toCsv(columns, [
      { title: "3-bed house, Dzorwulu", price: 2500000, city: "Accra" },
      { title: "Adwoa Dɔnkɔ's plot", price: null, city: "Kumasi" },
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1)).toBe(
      'Title,Price (GHS),City\r\n"3-bed house, Dzorwulu",2500000,Accra\r\nAdwoa Dɔnkɔ\'s plot,,Kumasi\r\n',
    );
  });
  it("an empty export still has its header; the BOM can be left out", () => {
    expect(toCsv(columns, [], { bom: false })).toBe("Title,Price (GHS),City\r\n");
  });
});

describe("csvFileName", () => {
  it("is the base name in kebab case with the date", () => {
    expect(csvFileName("Properties", new Date("2026-11-24T23:59:00Z"))).toBe("properties-2026-11-24.csv");
    expect(csvFileName("Invoices & Receipts!", new Date("2026-01-02T00:00:00Z"))).toBe(
      "invoices-receipts-2026-01-02.csv",
    );
    expect(csvFileName("///", new Date("2026-01-02T00:00:00Z"))).toBe("export-2026-01-02.csv");
  });
});
