import { describe, expect, it } from "vitest";
import { safeLinkUrl } from "./safe-url.ts";

describe("safeLinkUrl", () => {
  it("keeps http(s), mailto, tel and paths on this site", () => {
    for (const ok of [
      "https://example.com/a?b=1#c",
      "http://example.com",
      "mailto:info@example.com",
      "tel:+233302000000",
      "/properties?city=Accra",
      "#top",
      "?page=2",
      "images/a.jpg",
      "../x",
    ]) {
      expect(safeLinkUrl(ok), ok).toBe(ok);
    }
    expect(safeLinkUrl("  /docs/a file.pdf ")).toBe("/docs/a%20file.pdf");
  });
  it("refuses script and data schemes however they are spelled", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "java\rscript:x",
      "\u0001javascript:x",
      "javascript\u0000:x",
      " javascript:x",
      "vbscript:x",
      "data:text/html,<script>",
      "data:image/svg+xml,<svg/onload=alert(1)>",
      "file:///etc/passwd",
      "blob:https://x/y",
    ]) {
      expect(safeLinkUrl(bad), JSON.stringify(bad)).toBeNull();
    }
  });
  it("refuses what leaves the site without a scheme, or that a browser reads differently", () => {
    for (const bad of [
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "/\u2028/evil",
      "https://ex\u00a0ample.com",
      "",
    ]) {
      expect(safeLinkUrl(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
