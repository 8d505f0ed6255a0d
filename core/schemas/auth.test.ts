import { describe, expect, it } from "vitest";
import { TEXT } from "../constants.ts";
import { newPasswordSchema, twoFactorSchema } from "./auth.ts";

describe("two-factor code", () => {
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
