import { describe, expect, it } from "vitest";
import {
  agreementIdFromFile,
  agreementPdfFileName,
  agreementPdfPath,
  splitSentence,
} from "./agreement-document.ts";

describe("agreement documents", () => {
  const id = "6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41";

  it("reads the id only from a '<uuid>.pdf' file segment", () => {
    expect(agreementIdFromFile(agreementPdfPath(id).split("/").pop())).toBe(id);
    expect(agreementIdFromFile(`${id.toUpperCase()}.pdf`)).toBe(id);
    for (const bad of [undefined, "", id, `${id}.csv`, "x.pdf", `${id}.pdf.pdf`, `../${id}.pdf`])
      expect(agreementIdFromFile(bad), String(bad)).toBeNull();
  });

  it("names the file from the title and start date, safe in a header", () => {
    expect(agreementPdfFileName('Co-broke "East Legon" 2026 — Ọ̀yọ́', "2026-03-01")).toBe(
      "co-broking-agreement-co-broke-east-legon-2026-oyo-2026-03-01.pdf",
    );
    expect(agreementPdfFileName("!!", "2026-03-01T00:00:00Z")).toBe(
      "co-broking-agreement-agreement-2026-03-01.pdf",
    );
  });

  it("states the split exactly, or that it is agreed per listing", () => {
    expect(splitSentence(40)).toContain("40% of the agency's commission");
    expect(splitSentence(12.5)).toContain("12.5%");
    expect(splitSentence(33.33)).toContain("33.33%");
    expect(splitSentence(null)).toBe("The commission split is agreed per listing when it is shared.");
  });
});
