import { describe, expect, it } from "vitest";
import { TEXT } from "../constants.ts";
import { newPasswordSchema, safeRedirectPath, sanitizeTotpInput, signInSchema, twoFactorSchema } from "./auth.ts";

describe("signInSchema", () => {
  it("requires email and password", () => {
    const r = signInSchema.safeParse({ email: "", password: "" });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).toContain("email");
    expect(paths).toContain("password");
  });
  it("rejects a malformed email and trims a good one", () => {
    expect(signInSchema.safeParse({ email: "nope", password: "x" }).success).toBe(false);
    expect(signInSchema.parse({ email: "  a@b.test ", password: "x" }).email).toBe("a@b.test");
  });
});

describe("two-factor code", () => {
  it("keeps digits only, at most six", () => {
    expect(sanitizeTotpInput("123 456")).toBe("123456");
    expect(sanitizeTotpInput("12a3b4c5d6e7")).toBe("123456");
    expect(sanitizeTotpInput("abc")).toBe("");
    expect(sanitizeTotpInput("1234567890")).toBe("123456");
  });
  it("accepts exactly six digits, with the spec's message otherwise", () => {
    expect(twoFactorSchema.safeParse({ code: "123456" }).success).toBe(true);
    const short = twoFactorSchema.safeParse({ code: "12345" });
    expect(short.success).toBe(false);
    expect(short.error!.issues[0]!.message).toBe(TEXT.shortCode);
    expect(twoFactorSchema.safeParse({ code: "12345a" }).success).toBe(false);
  });
});

describe("newPasswordSchema", () => {
  it("needs 8+ characters and a matching confirmation", () => {
    expect(newPasswordSchema.safeParse({ password: "short", confirm: "short" }).success).toBe(false);
    const mismatch = newPasswordSchema.safeParse({ password: "long-enough", confirm: "long-enougH" });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error!.issues[0]!.path).toEqual(["confirm"]);
    expect(newPasswordSchema.safeParse({ password: "long-enough", confirm: "long-enough" }).success).toBe(true);
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with query", () => {
    expect(safeRedirectPath("/deals?stage=won")).toBe("/deals?stage=won");
    expect(safeRedirectPath("/admin/team")).toBe("/admin/team");
  });
  it("refuses other origins, protocol-relative paths and the sign-in page itself", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "deals", "/auth", "/auth?redirectTo=/x", "", null, undefined]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });
});
