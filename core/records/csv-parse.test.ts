import { describe, expect, it } from "vitest";
import { CsvParseError, detectDelimiter, parseCsv, parseCsvRecords } from "./csv-parse.ts";

describe("reading CSV files", () => {
  it("reads quoted cells with separators, doubled quotes and line breaks", () => {
    expect(parseCsvRecords('a,b\n"Mensah, Kofi","He said ""hi""\nthen left"\n')).toEqual([
      ["a", "b"],
      ["Mensah, Kofi", 'He said "hi"\nthen left'],
    ]);
  });

  it("handles CRLF, a byte-order mark, blank lines and short rows", () => {
    expect(
      parseCsv("\uFEFFName,Phone,Email\r\nAma,024 123 4567\r\n\r\nYaw,020 000 0000,yaw@x.com\r\n"),
    ).toEqual({
      headers: ["Name", "Phone", "Email"],
      rows: [
        ["Ama", "024 123 4567", ""],
        ["Yaw", "020 000 0000", "yaw@x.com"],
      ],
      delimiter: ",",
    });
  });

  it("detects semicolons (Excel in many locales) and tabs", () => {
    expect(detectDelimiter("Name;Phone;City\nA;B;C")).toBe(";");
    expect(detectDelimiter("Name\tPhone\nA\tB")).toBe("\t");
    expect(detectDelimiter('"a,b";c;d\n')).toBe(";");
    expect(parseCsv("Name;City\nAma;Osu").rows).toEqual([["Ama", "Osu"]]);
  });

  it("refuses an unclosed quote, naming its line", () => {
    expect(() => parseCsvRecords('a,b\n1,"open\n2,3')).toThrow(CsvParseError);
    expect(() => parseCsvRecords('a,b\n1,"open\n2,3')).toThrow("line 2");
  });

  it("an empty file has no headers", () => {
    expect(parseCsv("")).toEqual({ headers: [], rows: [], delimiter: "," });
  });
});
