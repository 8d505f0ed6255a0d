import { z } from "zod";
import { describe, expect, it } from "vitest";
import {
  EMAIL_PATTERN,
  parseSignIn,
  safeRedirectPath,
  sanitizeTotpInput,
  SIGN_IN_MESSAGES,
} from "./sign-in.ts";

describe("parseSignIn", () => {
  it("requires email and password", () => {
    expect(parseSignIn({ email: "", password: "" })).toEqual({
      success: false,
      errors: { email: SIGN_IN_MESSAGES.emailRequired, password: SIGN_IN_MESSAGES.passwordRequired },
    });
    expect(parseSignIn({ email: "   ", password: "x" })).toEqual({
      success: false,
      errors: { email: SIGN_IN_MESSAGES.emailRequired },
    });
  });
  it("rejects a malformed email and trims a good one", () => {
    expect(parseSignIn({ email: "nope", password: "x" })).toEqual({
      success: false,
      errors: { email: SIGN_IN_MESSAGES.emailInvalid },
    });
    expect(parseSignIn({ email: "  a@b.test ", password: "x" })).toEqual({
      success: true,
      data: { email: "a@b.test", password: "x" },
    });
  });
  it("sends the password as typed", () => {
    expect(parseSignIn({ email: "a@b.test", password: " secret " })).toEqual({
      success: true,
      data: { email: "a@b.test", password: " secret " },
    });
  });

  // The zod schema this form used before: the plain checks must give the same outcome and messages.
  const previousSchema = z.object({
    email: z
      .string()
      .trim()
      .min(1, SIGN_IN_MESSAGES.emailRequired)
      .pipe(z.email(SIGN_IN_MESSAGES.emailInvalid)),
    password: z.string().min(1, SIGN_IN_MESSAGES.passwordRequired),
  });
  it("uses zod's email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
  it("agrees with the previous zod schema", () => {
    const emails = [
      "",
      " ",
      "a@b.test",
      " a@b.test ",
      "nope",
      "a@b",
      "a@b.c",
      "first.last+tag@mail.example.com",
      "a..b@c.test",
      ".a@b.test",
      "a.@b.test",
      "a@-b.test",
      "a@b-.test",
      "é@b.test",
      "a b@c.test",
      "a@b.test\n",
      "o'neil@b.test",
    ];
    for (const email of emails) {
      for (const password of ["", " ", "pw"]) {
        const before = previousSchema.safeParse({ email, password });
        const after = parseSignIn({ email, password });
        expect(after.success, JSON.stringify({ email, password })).toBe(before.success);
        if (before.success && after.success) expect(after.data).toEqual(before.data);
        if (!before.success && !after.success) {
          const firstMessage = (field: string) =>
            before.error.issues.find((i) => i.path[0] === field)?.message;
          expect(after.errors, JSON.stringify({ email, password })).toEqual(
            Object.fromEntries(
              ["email", "password"].flatMap((f) => (firstMessage(f) ? [[f, firstMessage(f)]] : [])),
            ),
          );
        }
      }
    }
  });
});

describe("two-factor code input", () => {
  it("keeps digits only, at most six", () => {
    expect(sanitizeTotpInput("123 456")).toBe("123456");
    expect(sanitizeTotpInput("12a3b4c5d6e7")).toBe("123456");
    expect(sanitizeTotpInput("abc")).toBe("");
    expect(sanitizeTotpInput("1234567890")).toBe("123456");
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with query", () => {
    expect(safeRedirectPath("/deals?stage=won")).toBe("/deals?stage=won");
    expect(safeRedirectPath("/admin/team")).toBe("/admin/team");
  });
  it("refuses other origins, protocol-relative paths and the sign-in page itself", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "deals",
      "/auth",
      "/auth?redirectTo=/x",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });
  it("refuses what a browser would read differently: backslashes, tabs, newlines, spaces", () => {
    for (const bad of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\\/evil.example",
      "/x\\..\\..\\evil",
      "/ /evil.example",
      "/\u2028/evil.example",
      "/\u0000x",
      "/deals\u00a0x",
    ]) {
      expect(safeRedirectPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });
  it("keeps paths under /auth other than the sign-in page", () => {
    expect(safeRedirectPath("/auth/reset-password")).toBe("/auth/reset-password");
    expect(safeRedirectPath("/auth#x")).toBeNull();
  });
});
