/** The Files module's rules: upload limits named in the refusal, object paths, the trash's 30 days. */
import { describe, expect, it } from "vitest";
import { fileProblem } from "../records/file-rules.ts";
import { daysLeftInTrash, FILE_RULES, fileObjectPath, restorable, shareSecondsSchema } from "./files.ts";

describe("files rules", () => {
  it("refuses a forbidden type and an oversized file, naming the limit", () => {
    expect(fileProblem({ name: "run.exe", size: 10, type: "application/x-msdownload" }, FILE_RULES)).toMatch(
      /^“run.exe” is not a PDF, JPEG, PNG, WebP, Word \(.docx\), Excel \(.xlsx\), CSV or text file/,
    );
    expect(
      fileProblem({ name: "big.pdf", size: 26 * 1024 * 1024, type: "application/pdf" }, FILE_RULES),
    ).toBe("“big.pdf” is 26 MB: files can be at most 25 MB.");
    expect(fileProblem({ name: "ok.pdf", size: 1000, type: "application/pdf" }, FILE_RULES)).toBeNull();
  });

  it("stores objects in the owner's folder under their type's extension", () => {
    expect(
      fileObjectPath("u1", "o1", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ).toBe("u1/o1.xlsx");
    expect(fileObjectPath("u1", "o1", "application/zip")).toBe("u1/o1.bin");
  });

  it("keeps trashed files restorable for 30 days", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(restorable("2026-10-25T12:00:00Z", now)).toBe(true);
    expect(restorable("2026-10-23T11:00:00Z", now)).toBe(false);
    expect(daysLeftInTrash("2026-11-22T12:00:00Z", now)).toBe(29);
    expect(daysLeftInTrash("2026-10-01T12:00:00Z", now)).toBe(0);
  });

  it("offers only the listed share durations", () => {
    expect(shareSecondsSchema.safeParse(3600).success).toBe(true);
    expect(shareSecondsSchema.safeParse(999_999).success).toBe(false);
  });
});
