import { describe, expect, it } from "vitest";
import { extensionFor, fileProblem, formatBytes, type FileRules } from "./file-rules.ts";

const photos: FileRules = {
  what: "Photos",
  maxBytes: 10 * 1024 * 1024,
  types: { "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" },
};

describe("fileProblem", () => {
  it("accepts a file of an allowed type within the limit", () => {
    expect(fileProblem({ name: "front.jpg", size: 2_000_000, type: "image/jpeg" }, photos)).toBeNull();
    expect(fileProblem({ name: "max.png", size: 10 * 1024 * 1024, type: "image/png" }, photos)).toBeNull();
  });
  it("names the allowed types when the type is wrong", () => {
    expect(fileProblem({ name: "IMG_0042.HEIC", size: 3_000_000, type: "image/heic" }, photos)).toBe(
      "“IMG_0042.HEIC” is not a JPEG, PNG or WebP file: photos must be JPEG, PNG or WebP.",
    );
    expect(fileProblem({ name: "notes", size: 10, type: "" }, photos)).toMatch(/is not a JPEG/);
  });
  it("names the size limit when the file is too big, and refuses empty files", () => {
    expect(fileProblem({ name: "drone.jpg", size: 14.2 * 1024 * 1024, type: "image/jpeg" }, photos)).toBe(
      "“drone.jpg” is 14.2 MB: photos can be at most 10 MB.",
    );
    expect(fileProblem({ name: "blank.png", size: 0, type: "image/png" }, photos)).toBe(
      "“blank.png” is empty.",
    );
  });
});

describe("helpers", () => {
  it("formatBytes", () => {
    expect(formatBytes(20 * 1024 * 1024)).toBe("20 MB");
    expect(formatBytes(1536 * 1024)).toBe("1.5 MB");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(12)).toBe("12 bytes");
  });
  it("extensionFor comes from the type, not the name", () => {
    expect(extensionFor("image/jpeg")).toBe("jpg");
    expect(extensionFor("application/pdf")).toBe("pdf");
    expect(extensionFor("application/x-msdownload")).toBe("bin");
  });
});
